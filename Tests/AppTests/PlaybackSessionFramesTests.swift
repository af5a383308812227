import Glibc
import Playback
import Testing
@testable import App

/// The frames of a playback session against the real libmpv and a committed clip.
@Suite("PlaybackSession's frames", .serialized)
struct PlaybackSessionFramesTests {
    /// A silent session asked to play the demo clip.
    static func playingDemo() throws -> PlaybackSession {
        var options = ReelOptions()
        options.audio = false
        let session = try PlaybackSession(items: [PlaylistItem(source: .file(Samples.path("demo.mp4")))],
                                          options: options, pixelAspect: 1, videoHeight: 36, resume: nil)
        session.play(0, now: monotonicNow())
        return session
    }

    @Test("a file's first frame, shown by mpv while the item opens, is kept for the first screen, not let go")
    func firstFrameIsKept() throws {
        let session = try Self.playingDemo()
        var polls = 0
        var renderedAtStart: Int?
        while renderedAtStart == nil && polls < 200 {
            polls += 1
            var descriptor = pollfd(fd: session.player.wakeupDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            let now = monotonicNow()
            _ = session.pump(now: now)
            // A terminal that takes every frame at once.
            _ = session.takeFrame(size: (width: 64, height: 36), draw: true)
            if session.isReady { renderedAtStart = session.frames.rendered }
        }
        let rendered = try #require(renderedAtStart, "the file did not start in 10 s")
        #expect(rendered >= 1, "the first frame was rendered before playback began")
        #expect(session.frames.skipped == 0, "no frame was let go while the terminal could take it")
        #expect(session.frames.video != nil)
    }

    @Test("while the item opens, its first frame waits for a terminal still busy with the first screen")
    func firstFrameWaitsForTheTerminal() throws {
        let session = try Self.playingDemo()
        // Until the first frame is due, with a terminal that cannot take one.
        var due: Double?
        var polls = 0
        while due == nil && polls < 200 {
            polls += 1
            var descriptor = pollfd(fd: session.player.wakeupDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            // The frame is looked at before the events are taken: on a busy machine the first
            // frame and the item's restart can arrive in one wakeup, and the restart, once
            // taken, would end the opening this test is about.
            if session.player.frameIsDue() {
                due = monotonicNow()
                break
            }
            _ = session.pump(now: monotonicNow())
        }
        let start = try #require(due, "no frame came due in 10 s")
        try #require(!session.isReady, "the item opened before its first frame was taken")
        // The terminal stays busy for most of the patience: the frame waits.
        #expect(!session.takeFrame(size: (width: 64, height: 36), draw: false, now: start))
        #expect(!session.takeFrame(size: (width: 64, height: 36), draw: false, now: start + PlaybackSession.openingPatience * 0.9))
        #expect(session.frames.skipped == 0 && session.player.frameIsDue())
        // Then it can take it.
        #expect(session.takeFrame(size: (width: 64, height: 36), draw: true, now: start + PlaybackSession.openingPatience * 0.95))
        #expect(session.frames.rendered == 1 && session.frames.skipped == 0)
    }
}
