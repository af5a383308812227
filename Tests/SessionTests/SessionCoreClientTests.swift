import Testing
@testable import Session

/// What clients of mpv's IPC socket do to what plays, as the core sees it in mpv's events.
@Suite("SessionCore and the IPC socket's clients")
struct SessionCoreClientTests {
    typealias Core = SessionCore

    @Test("a stop reel did not ask for saves the open item's place; once mpv is idle the item is over and the run's end says so")
    func clientStop() {
        var core = SessionCoreTests.playing(1)
        #expect(core.event(.stopped, now: 5) == [.saveResume(item: 1, isAtEnd: false)])
        #expect(core.runEnd == nil, "mpv may start another file (a loadfile) before it is idle")
        #expect(core.event(.observed(atEnd: false, idle: true), now: 5.1) == [])
        #expect(core.phase == .idle && core.runEnd == .stopped)
        #expect(core.lastItem == 1)
        // Playing again (from the list) is a new start, which the stop no longer ends.
        #expect(core.event(.play(item: 1, paused: false), now: 6) == [.load(item: 1, entry: nil)])
        #expect(core.runEnd == nil)
    }

    @Test("reel's own stops and loads are not a client's: nothing more is saved, and the run goes on")
    func ownStop() {
        var core = SessionCoreTests.playing(0)
        #expect(core.event(.next, now: 1) == [.saveResume(item: 0, isAtEnd: false), .notice(.moved(to: 1, backwards: false)), .load(item: 1, entry: nil)])
        #expect(core.event(.stopped, now: 1.1) == [], "the end of the item reel left")
        _ = core.event(.observed(atEnd: false, idle: true), now: 1.2)
        #expect(core.runEnd == nil && core.phase.isOpeningPhase)
    }

    @Test("reel's own stop whose end-file comes after a start-file mpv had already sent is still reel's")
    func ownStopAfterStart() {
        var core = SessionCoreTests.core(count: 1)
        _ = core.event(.play(item: 0, paused: false), now: 0)
        #expect(core.event(.cancel, now: 0.1) == [.stop])
        _ = core.event(.startFile(entryID: 3), now: 0.2)
        #expect(core.event(.stopped, now: 0.3) == [])
        _ = core.event(.observed(atEnd: false, idle: true), now: 0.4)
        #expect(core.runEnd == nil)
        // A playlist chain reel stopped for nesting too deep ends in its failure, not as a client's stop.
        var chain = SessionCoreTests.core(count: 1)
        _ = chain.event(.play(item: 0, paused: false), now: 0)
        _ = chain.event(.abort(reason: "nests", abandonsChain: true), now: 1)
        _ = chain.event(.startFile(entryID: 4), now: 1.1)
        _ = chain.event(.stopped, now: 1.2)
        _ = chain.event(.observed(atEnd: false, idle: true), now: 1.3)
        #expect(chain.runEnd == .failed(reason: "nests"))
    }

    @Test("a client's loadfile: the stop is followed by a start, and nothing ends")
    func clientReplace() {
        var core = SessionCoreTests.playing(0)
        #expect(core.event(.stopped, now: 2) == [.saveResume(item: 0, isAtEnd: false)])
        _ = core.event(.startFile(entryID: 40), now: 2.1)
        _ = core.event(.observed(atEnd: false, idle: false), now: 2.2)
        #expect(core.runEnd == nil)
    }

    @Test("a file a client loads while nothing is open is adopted as an item, which opens and plays")
    func adopt() {
        var core = SessionCoreTests.core(count: 3)
        #expect(core.event(.adopt(item: 2, entryID: 9), now: 0) == [])
        #expect(core.phase == .opening(item: 2, since: 0))
        #expect(core.item(forEntry: 9) == 2)
        _ = core.event(.startFile(entryID: 9), now: 0.1)
        _ = core.event(.fileLoaded, now: 0.2)
        #expect(core.event(.playbackRestart, now: 0.3) == [.watch, .play])
        #expect(core.phase == .playing(item: 2))
    }
}
