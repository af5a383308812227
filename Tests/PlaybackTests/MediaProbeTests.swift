import Glibc
import Playback
import Testing

/// Probing files in a short-lived mpv of their own: what they are, and a still from them.
@Suite("Media probe", .serialized)
struct MediaProbeTests {
    @Test("a video is described and its still is the frame at 10 %")
    func videoStill() throws {
        let result = MediaProbe(stillSize: (32, 18)).probe(PlayerDriver.sample("segments.mp4"))
        guard case let .playable(info, still?) = result else { Issue.record("got \(result)"); return }
        #expect(info.title == "Colour segments")
        #expect(abs((info.duration ?? 0) - 10) < 0.1)
        #expect(info.videoSize == VideoSize(width: 160, height: 90))
        #expect(info.hasVideo && !info.hasAudio && !info.hasCoverArt)
        #expect(still.width == 32 && still.height == 18 && still.rgb.count == 32 * 18 * 3)
        // 10 % of 10 s is 1 s: the red segment.
        let centre = (9 * 32 + 16) * 3
        #expect(still.rgb[centre] > 200 && still.rgb[centre + 1] < 60 && still.rgb[centre + 2] < 60)
    }

    @Test("the still is taken where asked, not at the first frame", arguments: [
        (30.0, (0, 255, 0)), (50.0, (0, 0, 255)), (90.0, (255, 255, 0)),
    ] as [(Double, (Int, Int, Int))])
    func stillPlace(percent: Double, colour: (Int, Int, Int)) {
        var probe = MediaProbe(stillSize: (32, 18))
        probe.stillPercent = percent
        guard case let .playable(_, still?) = probe.probe(PlayerDriver.sample("segments.mp4")) else {
            Issue.record("no still"); return
        }
        let centre = (9 * 32 + 16) * 3
        let pixel = (Int(still.rgb[centre]), Int(still.rgb[centre + 1]), Int(still.rgb[centre + 2]))
        #expect(abs(pixel.0 - colour.0) < 40 && abs(pixel.1 - colour.1) < 40 && abs(pixel.2 - colour.2) < 40, "got \(pixel)")
    }

    @Test("an audio-only file is playable with no still")
    func audioOnly() {
        let result = MediaProbe(stillSize: (32, 18)).probe(PlayerDriver.sample("tone.mp3"))
        guard case let .playable(info, still) = result else { Issue.record("got \(result)"); return }
        #expect(still == nil)
        #expect(!info.hasVideo && info.hasAudio)
        #expect(info.title == "Chime in C")
    }

    @Test("a file mpv cannot read is unplayable with mpv's reason")
    func unplayable() throws {
        let path = "/tmp/reel-probe-\(getpid()).mkv"
        let file = try #require(fopen(path, "w"))
        fputs("not a video at all", file)
        fclose(file)
        defer { unlink(path) }
        #expect(MediaProbe(stillSize: (8, 8)).probe(path) == .unplayable(reason: "Failed to recognize file format."))
        #expect(MediaProbe().probe("/nonexistent/x.mp4")
            == .unplayable(reason: "Cannot open file '/nonexistent/x.mp4': No such file or directory"))
    }

    @Test("without a still size it only describes")
    func describeOnly() {
        let result = MediaProbe().probe(PlayerDriver.sample("portrait.mp4"))
        guard case let .playable(info, still) = result else { Issue.record("got \(result)"); return }
        #expect(still == nil)
        #expect(info.videoSize == VideoSize(width: 180, height: 320))
    }
}
