import Drawing
import Glibc
import Playback
import Terminal
import TestFiles
import Testing
@testable import MediaJobs

/// VideoFrames against the real libmpv and a committed clip.
@Suite("VideoFrames")
struct VideoFramesTests {
    /// A silent player with the demo clip loaded.
    static func demoPlayer() throws -> MpvPlayer {
        var configuration = PlayerConfiguration()
        configuration.audio = false
        configuration.extraOptions["ao"] = "null"
        let player = try MpvPlayer(configuration: configuration)
        try player.load(Samples.path("demo.mp4"))
        return player
    }

    @Test("each frame taken is a whole picture at the size asked, and a picture already given out never changes")
    func picturesAreWholeAndKept() throws {
        let player = try Self.demoPlayer()
        let frames = VideoFrames()
        // Every picture given out, as the screen and the graphics renderer hold them, with a copy
        // of its pixels taken when it was given.
        var given: [(picture: PixelBuffer, pixels: [RGB])] = []
        let sizes = [(64, 36), (64, 36), (64, 36), (32, 18), (32, 18), (48, 27)]
        var polls = 0
        while given.count < sizes.count && polls < 200 {
            polls += 1
            var descriptor = pollfd(fd: player.wakeupDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            _ = player.drainEvents()
            let (width, height) = sizes[given.count]
            guard frames.take(from: player, size: (width: width, height: height), draw: true, now: Double(polls)),
                  let video = frames.video else { continue }
            #expect(video.width == width && video.height == height)
            #expect(video.pixels.count == width * height)
            given.append((video, Array(video.pixels)))
        }
        try #require(given.count == sizes.count, "only \(given.count) frames in 10 s")
        for (k, entry) in given.enumerated() { #expect(entry.picture.pixels == entry.pixels, "picture \(k) changed") }
        // The clip's clock moves: consecutive pictures of one size differ.
        #expect(given[0].pixels != given[1].pixels || given[1].pixels != given[2].pixels)
        #expect(frames.rendered == sizes.count)
    }

    @Test("a frame let go before there is any picture leaves the frames behind, so the first screen renders mpv's current frame")
    func behindBeforeTheFirstPicture() throws {
        let player = try Self.demoPlayer()
        let frames = VideoFrames()
        var polls = 0
        while !player.frameIsDue() && polls < 200 {
            polls += 1
            var descriptor = pollfd(fd: player.wakeupDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            _ = player.drainEvents()
        }
        try #require(player.frameIsDue(), "no frame in 10 s")
        #expect(!frames.take(from: player, size: (width: 64, height: 36), draw: false, now: 0))
        #expect(frames.skipped == 1 && frames.video == nil)
        #expect(frames.isBehind, "the screen must render the current frame itself")
        #expect(frames.render(player, size: (width: 64, height: 36)))
        #expect(frames.video?.pixels.contains { $0 != .black } == true, "mpv's current frame, a picture")
        #expect(!frames.isBehind)
    }
}
