import Glibc
@testable import History
@testable import Options
import Playback
import Session
import TestFiles
import Testing
@testable import App

/// The frames of a playback session against the real libmpv and a committed clip.
@Suite("PlaybackSession's frames", .serialized)
struct PlaybackSessionFramesTests {
    /// A silent session asked to play the demo clip.
    static func playingDemo() throws -> PlaybackSession {
        var options = ReelOptions()
        options.mpv.audio = false
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
            _ = session.frames.take(for: session, size: (width: 64, height: 36), draw: true, now: now)
            if session.core.isReady { renderedAtStart = session.frames.rendered }
        }
        let rendered = try #require(renderedAtStart, "the file did not start in 10 s")
        #expect(rendered >= 1, "the first frame was rendered before playback began")
        #expect(session.frames.skipped == 0, "no frame was let go while the terminal could take it")
        #expect(session.frames.video != nil)
    }

    @Test("a first frame that comes due before the pump has seen its file load is kept, not let go as an earlier item's")
    func firstFrameDueBeforeTheLoadIsSeenIsKept() throws {
        // A stalled machine: mpv loads the file and its first frame comes due before the loop
        // takes a single event. No earlier item exists whose frame this could be.
        var stalled: PlaybackSession?
        for _ in 0..<3 where stalled == nil { stalled = try Self.dueBeforeTheLoadIsSeen() }
        let session = try #require(stalled, "the load was always seen before the first frame came due, in 3 tries")
        #expect(!session.frames.take(for: session, size: (width: 64, height: 36), draw: true, now: monotonicNow()))
        #expect(session.frames.skipped == 0, "the item's own first frame was let go")
        #expect(session.player.frameIsDue())
        // Once the load is seen, the same frame is the first screen's.
        var polls = 0
        while !session.core.isFileLoaded && polls < 200 {
            polls += 1
            _ = session.pump(now: monotonicNow())
            if !session.core.isFileLoaded { usleep(20_000) }
        }
        try #require(session.core.isFileLoaded)
        // A terminal that takes every frame: the first screen gets a picture, and none was let go.
        for _ in 0..<100 where session.frames.rendered == 0 {
            _ = session.pump(now: monotonicNow())
            _ = session.frames.take(for: session, size: (width: 64, height: 36), draw: true, now: monotonicNow())
            if session.frames.rendered == 0 { usleep(20_000) }
        }
        #expect(session.frames.rendered >= 1 && session.frames.skipped == 0)
    }

    /// A session whose first frame is due while the pump has not yet seen its file load, or nil
    /// when the load was seen first.
    ///
    /// The session is pumped only until mpv has the load under way (its load hook answered), one
    /// pump at a time, and then left alone while mpv loads the file and its first frame comes due.
    static func dueBeforeTheLoadIsSeen() throws -> PlaybackSession? {
        let session = try playingDemo()
        for _ in 0..<100 {
            var descriptor = pollfd(fd: session.player.wakeupDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            _ = session.pump(now: monotonicNow())
            if session.core.isFileLoaded { return nil }
            for _ in 0..<40 {
                if session.player.frameIsDue() { return session.core.isFileLoaded ? nil : session }
                usleep(5_000)
            }
        }
        return nil
    }

    /// A session whose item has loaded and whose first frame is due while the item still opens,
    /// and when the frame came due; nil when the restart came first.
    ///
    /// Events are taken until the file is loaded and then no more, so that the restart, which
    /// mpv queues once the first frame is out, is not taken and the opening goes on. Only when
    /// the load and the restart arrive in one wakeup (a busy machine, or a sanitizer's slowdown)
    /// does the opening end before the frame is looked at.
    static func openingWithDueFrame() throws -> (session: PlaybackSession, due: Double)? {
        let session = try playingDemo()
        var polls = 0
        while !session.core.isFileLoaded && polls < 200 {
            polls += 1
            var descriptor = pollfd(fd: session.player.wakeupDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            _ = session.pump(now: monotonicNow())
        }
        guard session.core.isFileLoaded, !session.core.isReady else { return nil }
        // The wakeup pipe stays readable with the events left in the queue: poll mpv's frame state instead.
        for _ in 0..<2000 {
            if session.player.frameIsDue() { return (session, monotonicNow()) }
            usleep(5_000)
        }
        return nil
    }

    @Test("while the item opens, its first frame waits for a terminal still busy with the first screen")
    func firstFrameWaitsForTheTerminal() throws {
        // Until the first frame is due, with a terminal that cannot take one; a few tries, as the
        // load and the restart can come together on a loaded machine.
        var opening: (session: PlaybackSession, due: Double)?
        for _ in 0..<3 where opening == nil { opening = try Self.openingWithDueFrame() }
        let (session, start) = try #require(opening, "no frame came due while the item opened, in 3 tries")
        try #require(!session.core.isReady, "the item opened before its first frame was taken")
        // The terminal stays busy for most of the patience: the frame waits.
        #expect(!session.frames.take(for: session, size: (width: 64, height: 36), draw: false, now: start))
        #expect(!session.frames.take(for: session, size: (width: 64, height: 36), draw: false, now: start + PlaybackCore.openingPatience * 0.9))
        #expect(session.frames.skipped == 0 && session.player.frameIsDue())
        // Then it can take it.
        #expect(session.frames.take(for: session, size: (width: 64, height: 36), draw: true, now: start + PlaybackCore.openingPatience * 0.95))
        #expect(session.frames.rendered == 1 && session.frames.skipped == 0)
    }
}
