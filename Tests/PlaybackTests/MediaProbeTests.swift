import Glibc
import Media
import Playback
import System
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
        #expect(MediaProbe(stillSize: (8, 8)).probe(FilePath(path)) == .unplayable(reason: "Failed to recognize file format."))
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

    /// The colour at the centre of a still.
    static func centre(_ still: Still) -> (Int, Int, Int) {
        let index = ((still.height / 2) * still.width + still.width / 2) * 3
        return (Int(still.rgb[index]), Int(still.rgb[index + 1]), Int(still.rgb[index + 2]))
    }

    static func isClose(_ colour: (Int, Int, Int), to expected: (Int, Int, Int)) -> Bool {
        abs(colour.0 - expected.0) < 40 && abs(colour.1 - expected.1) < 40 && abs(colour.2 - expected.2) < 40
    }

    @Test("a cover picture wins over the video's frame, and can be declined")
    func coverArtWins() throws {
        let path = PlayerDriver.sample("covered.mp4")
        let result = MediaProbe(stillSize: (32, 18)).probe(path)
        guard case let .playable(info, still?) = result else { Issue.record("got \(result)"); return }
        #expect(info.hasVideo && info.hasCoverArt)
        #expect(Self.isClose(Self.centre(still), to: (255, 0, 255)), "centre \(Self.centre(still))")

        var framesOnly = MediaProbe(stillSize: (32, 18))
        framesOnly.prefersCoverArt = false
        guard case let .playable(_, frame?) = framesOnly.probe(path) else { Issue.record("no still"); return }
        #expect(Self.isClose(Self.centre(frame), to: (0, 255, 0)), "centre \(Self.centre(frame))")
    }

    @Test("the still comes from its percentage of the length", arguments: [
        (30.0, (0, 255, 0)), (50.0, (0, 0, 255)), (70.0, (255, 255, 255)), (90.0, (255, 255, 0)),
    ] as [(Double, (Int, Int, Int))])
    func stillPlace(percent: Double, colour: (Int, Int, Int)) {
        var probe = MediaProbe(stillSize: (32, 18))
        probe.stillPercent = percent
        guard case let .playable(_, still?) = probe.probe(PlayerDriver.sample("segments.mp4")) else { Issue.record("no still"); return }
        #expect(Self.isClose(Self.centre(still), to: colour), "centre \(Self.centre(still))")
    }

    @Test("a sound file's cover is its still")
    func audioCover() {
        let result = MediaProbe(stillSize: (32, 18)).probe(PlayerDriver.sample("cover.mp3"))
        guard case let .playable(info, still?) = result else { Issue.record("got \(result)"); return }
        #expect(!info.hasVideo && info.hasCoverArt && info.hasAudio)
        #expect(info.title == "Chime with a cover")
        #expect(Self.isClose(Self.centre(still), to: (255, 0, 255)), "centre \(Self.centre(still))")
    }

    @Test("an image is probed like a file: its still is the picture")
    func image() {
        let result = MediaProbe(stillSize: (32, 18)).probe(PlayerDriver.sample("sidecar.png"))
        guard case let .playable(_, still?) = result else { Issue.record("got \(result)"); return }
        #expect(Self.isClose(Self.centre(still), to: (0, 255, 255)), "centre \(Self.centre(still))")
    }

    @Test("filling crops the picture to the still instead of letterboxing it")
    func fills() throws {
        // A 9:16 clip in a 16:9 still: letterboxed, the left edge is black; filled, it is picture.
        let path = PlayerDriver.sample("portrait.mp4")
        guard case let .playable(_, boxed?) = MediaProbe(stillSize: (32, 18)).probe(path) else { Issue.record("no still"); return }
        var filling = MediaProbe(stillSize: (32, 18))
        filling.fillsStill = true
        guard case let .playable(_, filled?) = filling.probe(path) else { Issue.record("no still"); return }
        let left = 9 * 32 * 3
        #expect(boxed.rgb[left..<left + 3].allSatisfy { $0 < 16 })
        #expect(filled.rgb[left..<left + 3].contains { $0 > 40 })
    }
}

/// The size a probe reports is the file's own.
@Suite("MediaProbe sizes")
struct MediaProbeSizeTests {
    @Test("a video with a cover picture reports the video's size, not the cover's", arguments: [1.0, 0.5, 1.0625])
    func ownSize(pixelAspect: Double) throws {
        var probe = MediaProbe(stillSize: (32, 18))
        probe.pixelAspect = pixelAspect
        guard case .playable(let info, _) = probe.probe(PlayerDriver.sample("covered.mp4")) else {
            Issue.record("covered.mp4 did not probe")
            return
        }
        #expect(info.videoSize == VideoSize(width: 160, height: 90))
        guard case .playable(let portrait, _) = probe.probe(PlayerDriver.sample("portrait.mp4")) else {
            Issue.record("portrait.mp4 did not probe")
            return
        }
        #expect(portrait.videoSize == VideoSize(width: 180, height: 320), "the terminal's pixel shape must not stretch it")
    }
}
