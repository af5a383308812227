import Glibc
import Media
import Playback
import Testing

/// The playback core against the real libmpv and the committed samples, headless (`ao=null`).
@Suite("MpvPlayer against real libmpv", .serialized)
struct PlayerTests {
    static let oneFrame = 1.0 / 30.0

    @Test("loading reports the duration and the title tag")
    func loadReportsDurationAndTitle() throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("demo.mp4"))
        let state = driver.player.state
        #expect(abs((state.duration ?? 0) - 10.0) < 0.1)
        #expect(state.title == "reel demo: running clock")
        #expect(state.videoSize == VideoSize(width: 480, height: 270))
        #expect(state.isIdle == false)
    }

    @Test("a Matroska title and its chapters come through")
    func matroskaChapters() throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("chapters.mkv"))
        let state = driver.player.state
        #expect(state.title == "Chapters and a Title")
        #expect(state.chapters.map(\.title) == ["Intro", "Middle", "End"])
        #expect(state.chapters.map { ($0.time * 10).rounded() / 10 } == [0, 4, 8])
    }

    @Test("the track list names the cover picture and the selected tracks")
    func trackList() throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("covered.mp4"))
        try driver.run { state, _ in !state.tracks.isEmpty }
        let tracks = driver.player.state.tracks
        #expect(tracks.map { [$0.id, $0.isCoverArt ? 1 : 0, $0.isSelected ? 1 : 0] } == [[1, 0, 1], [2, 1, 0]])
        #expect(tracks.allSatisfy { $0.kind == .video })
        #expect(tracks.first?.frameRate == 30, "the video's frame rate comes with the track")
        #expect(tracks.kinds.video && tracks.kinds.coverArt && !tracks.kinds.audio)
        #expect(tracks.coverArt?.id == 2)
        try driver.player.selectVideoTrack(id: 2)
        try driver.run { state, _ in state.tracks.coverArt?.isSelected == true }
        #expect(driver.player.state.tracks.first?.isSelected == false)
    }

    @Test("values mpv has not reported are nil, not zero")
    func unknownValuesAreNil() throws {
        let driver = try PlayerDriver()
        try driver.run(timeout: 1) { state, _ in state.isIdle == true }
        #expect(driver.player.state.position == nil)
        #expect(driver.player.state.duration == nil)
        #expect(driver.player.state.videoSize == nil)
    }

    @Test("playing advances the position and pausing holds it")
    func playAndPause() throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("demo.mp4"))
        let start = driver.player.state.position ?? 0
        try driver.run(timeout: 1.0) { _, _ in false }
        let later = driver.player.state.position ?? 0
        #expect(later - start > 0.5, "position went from \(start) to \(later)")
        #expect(driver.frame.width == 64)
        #expect(driver.framesRendered > 10)

        try driver.player.pause()
        try driver.run { state, _ in state.isPaused == true }
        let held = driver.player.state.position ?? 0
        try driver.run(timeout: 1.0) { _, _ in false }
        #expect(driver.player.state.position == held)
        #expect(driver.player.state.isPlaying == false)

        try driver.player.togglePause()
        try driver.run { state, _ in state.isPaused == false }
        #expect(driver.player.state.isPlaying)
    }

    @Test("exact seeks land within one frame", arguments: [1.5, 4.0, 7.25])
    func absoluteSeekIsExact(target: Double) throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("demo.mp4"))
        try driver.player.pause()
        try driver.waitForSeek(driver.player.seek(to: target))
        let position = try #require(driver.player.state.position)
        #expect(abs(position - target) <= Self.oneFrame, "landed at \(position) for \(target)")
    }

    @Test("relative seeks move by the asked amount, both ways")
    func relativeSeek() throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("long.mp4"))
        try driver.player.pause()
        try driver.waitForSeek(driver.player.seek(to: 30))
        try driver.waitForSeek(driver.player.seek(by: 10))
        #expect(abs((driver.player.state.position ?? 0) - 40) <= 1.0 / 15)
        try driver.waitForSeek(driver.player.seek(by: -25))
        #expect(abs((driver.player.state.position ?? 0) - 15) <= 1.0 / 15)
    }

    @Test("a keyframe seek lands on a keyframe near the target")
    func keyframeSeek() throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("long.mp4"))
        try driver.player.pause()
        try driver.waitForSeek(driver.player.seek(to: 60.4, precision: .keyframe))
        let position = try #require(driver.player.state.position)
        // long.mp4 has a keyframe every second.
        #expect(abs(position - 60.4) <= 1.0)
        #expect(abs(position - position.rounded()) < 0.01, "\(position) is not on a keyframe")
    }

    @Test("the end is reported and the last frame stays (keep-open)")
    func endKeepsLastFrame() throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("segments.mp4"))
        try driver.waitForSeek(driver.player.seek(to: 9.5))
        let ended = try driver.run(timeout: 5) { state, _ in state.isAtEnd == true }
        #expect(ended)
        let state = driver.player.state
        #expect(state.isIdle == false)
        #expect(abs((state.position ?? 0) - (state.duration ?? 0)) < 0.1)
        #expect(!driver.events.contains(.endFile(.endOfFile)))
        let last = driver.frame.pixel(x: 32, y: 18)
        #expect(last.red > 200 && last.green > 200 && last.blue < 60, "last frame is \(last), not yellow")
    }

    @Test("without keep-open the end of the file ends it")
    func endWithoutKeepOpen() throws {
        let driver = try PlayerDriver(keepOpen: false)
        try driver.load(PlayerDriver.sample("segments.mp4"), start: .seconds(9.6))
        let ended = try driver.run(timeout: 5) { _, events in events.contains(.endFile(.endOfFile)) }
        #expect(ended)
    }

    struct Segment: Sendable, CustomTestStringConvertible {
        let time: Double
        let red: UInt8, green: UInt8, blue: UInt8
        var testDescription: String { "\(time) s" }
    }

    @Test("a rendered frame after a seek has that segment's colour", arguments: [
        Segment(time: 1.0, red: 255, green: 0, blue: 0),
        Segment(time: 3.0, red: 0, green: 255, blue: 0),
        Segment(time: 5.0, red: 0, green: 0, blue: 255),
        Segment(time: 7.0, red: 255, green: 255, blue: 255),
        Segment(time: 9.0, red: 255, green: 255, blue: 0),
        Segment(time: 2.2, red: 0, green: 255, blue: 0),
    ])
    func segmentColourAfterSeek(segment: Segment) throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("segments.mp4"))
        try driver.player.pause()
        try driver.waitForSeek(driver.player.seek(to: segment.time))
        let pixel = driver.frame.pixel(x: 32, y: 18)
        let tolerance = 40
        #expect(abs(Int(pixel.red) - Int(segment.red)) <= tolerance
            && abs(Int(pixel.green) - Int(segment.green)) <= tolerance
            && abs(Int(pixel.blue) - Int(segment.blue)) <= tolerance,
            "at \(segment.time) s the centre is \(pixel)")
    }

    @Test("this libmpv renders packed rgb24 rows, the same picture as rgb0")
    func packedRows() throws {
        var pictures: [[UInt8]] = []
        for format in [FrameBuffer.Format.rgb0, .rgb24] {
            let driver = try PlayerDriver(width: 70, height: 40, format: format)
            try driver.load(PlayerDriver.sample("demo.mp4"))
            try driver.player.pause()
            try driver.waitForSeek(driver.player.seek(to: 2))
            #expect(driver.frame.format == format, "not turned down")
            #expect(driver.frame.stride % 64 == 0 && driver.frame.stride % format.bytesPerPixel == 0 && driver.frame.stride >= 70 * format.bytesPerPixel)
            pictures.append((0..<40).flatMap { y in (0..<70).flatMap { x in
                let pixel = driver.frame.pixel(x: x, y: y)
                return [pixel.red, pixel.green, pixel.blue]
            } })
        }
        let differences = zip(pictures[0], pictures[1]).map { abs(Int($0) - Int($1)) }
        #expect(differences.max() ?? 0 <= 8, "largest difference \(differences.max() ?? 0)")
        #expect(pictures[1].contains { $0 > 100 }, "a picture, not black")
    }

    @Test("rendering straight into caller memory, packed with no padding, gives the frame buffer's picture")
    func rendersIntoCallerMemory() throws {
        // 70 pixels of 3 bytes: rows of 210 bytes, neither padded nor aligned to 64.
        let driver = try PlayerDriver(width: 70, height: 40, format: .rgb24)
        try driver.load(PlayerDriver.sample("demo.mp4"))
        try driver.player.pause()
        try driver.waitForSeek(driver.player.seek(to: 2))
        try driver.player.render(into: driver.frame)
        let buffered = (0..<40).flatMap { y in (0..<70).flatMap { x in
            let pixel = driver.frame.pixel(x: x, y: y)
            return [pixel.red, pixel.green, pixel.blue]
        } }
        // One byte past the frame on each side, which mpv must leave alone.
        var memory = [UInt8](repeating: 0xA5, count: 70 * 40 * 3 + 2)
        let drawn = try memory.withUnsafeMutableBytes { raw in
            try driver.player.render(rgb24: UnsafeMutableRawBufferPointer(rebasing: raw[1..<(raw.count - 1)]), width: 70, height: 40)
        }
        #expect(drawn)
        #expect(memory.first == 0xA5 && memory.last == 0xA5)
        #expect(Array(memory[1..<(memory.count - 1)]) == buffered)
        #expect(buffered.contains { $0 > 100 }, "a picture, not black")
        // Memory too small for the frame is refused before mpv sees it.
        var small = [UInt8](repeating: 0, count: 70 * 40 * 3 - 1)
        #expect(throws: PlaybackError.targetTooSmall(bytes: 70 * 40 * 3 - 1, width: 70, height: 40)) {
            try small.withUnsafeMutableBytes { try driver.player.render(rgb24: $0, width: 70, height: 40) }
        }
    }

    @Test("the video is letterboxed to the buffer with square pixels")
    func letterboxing() throws {
        // 160x90 in an 64x64 buffer: the picture is 64x36, with black bars of 14 rows.
        let driver = try PlayerDriver(width: 64, height: 64)
        try driver.load(PlayerDriver.sample("segments.mp4"))
        try driver.player.pause()
        try driver.waitForSeek(driver.player.seek(to: 1))
        let top = driver.frame.pixel(x: 32, y: 3), middle = driver.frame.pixel(x: 32, y: 32)
        #expect(top.red < 20 && top.green < 20 && top.blue < 20, "bar is \(top)")
        #expect(middle.red > 200, "picture is \(middle)")
    }

    @Test("the video is letterboxed for pixels half as wide as tall (quadrant blocks), from the first frame")
    func letterboxingTallPixels() throws {
        // 160x90 on 128x48 pixels of aspect 0.5 is 64x48 square units: the picture is 128x36
        // pixels with bars of 6 rows, and no bars at the sides (square pixels would give 85x48).
        let driver = try PlayerDriver(width: 128, height: 48) { $0.pixelAspect = 0.5 }
        try driver.load(PlayerDriver.sample("segments.mp4"))
        // The restart can come before the first frame is due on a loaded machine: wait for it.
        try #require(try driver.run { _, _ in driver.framesRendered > 0 }, "no frame rendered")
        let top = driver.frame.pixel(x: 64, y: 2)
        let left = driver.frame.pixel(x: 2, y: 24), right = driver.frame.pixel(x: 125, y: 24)
        #expect(top.red < 20 && top.green < 20 && top.blue < 20, "bar is \(top)")
        #expect(left.red > 200 && right.red > 200, "picture edges are \(left) and \(right)")
    }

    @Test("volume, mute and speed reach mpv")
    func volumeMuteSpeed() throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("demo.mp4"))
        try driver.player.setVolume(55)
        try driver.player.setMuted(true)
        try driver.player.setSpeed(1.5)
        let applied = try driver.run { state, _ in
            state.volume == 55 && state.isMuted == true && state.speed == 1.5
        }
        #expect(applied)
        try driver.player.setVolume(500)
        try driver.run { state, _ in state.volume == 130 }
        #expect(driver.player.state.volume == 130)
    }

    @Test("frame steps move one frame each way while paused")
    func frameSteps() throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("demo.mp4"))
        try driver.player.pause()
        try driver.waitForSeek(driver.player.seek(to: 5))
        try driver.player.frameStep()
        try driver.run(timeout: 3) { state, _ in abs((state.position ?? 0) - (5 + Self.oneFrame)) < 0.005 }
        #expect(abs((driver.player.state.position ?? 0) - (5 + Self.oneFrame)) < 0.005)
        try driver.player.frameBackStep()
        try driver.run(timeout: 3) { state, _ in abs((state.position ?? 0) - 5) < 0.005 }
        #expect(abs((driver.player.state.position ?? 0) - 5) < 0.005)
        #expect(driver.player.state.isPaused == true)
    }

    @Test("an audio-only file plays with no video size")
    func audioOnly() throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("tone.mp3"))
        #expect(driver.player.state.videoSize == nil)
        #expect(abs((driver.player.state.duration ?? 0) - 6) < 0.2)
        #expect(driver.player.state.title == "Chime in C")
    }
}
