import Testing
@testable import Session

/// Playlists, moves through the list, and the event orders mpv rarely produces.
@Suite("SessionCore's playlists and odd orders")
struct SessionCoreOrderTests {
    typealias Core = SessionCore

    /// A core asked to play `item` of `count`, which mpv holds as playlist entry `entryID`.
    static func given(item: Int, count: Int, entryID: Int) -> Core {
        var core = SessionCoreTests.core(count: count)
        _ = core.event(.play(item: item, paused: false), now: 0)
        _ = core.event(.playlist(entries: [Core.Entry(id: entryID, isPlaying: true)], replacesOpened: false), now: 0)
        return core
    }

    @Test("N and P say where they go, or that there is nowhere to go; the place is saved only once open")
    func moves() {
        var core = SessionCoreTests.core()
        _ = core.event(.play(item: 0, paused: false), now: 0)
        #expect(core.event(.previous, now: 0.1) == [.notice(.firstItem)])
        #expect(core.event(.next, now: 0.2) == [.notice(.moved(to: 1, backwards: false)), .load(item: 1, entry: nil)],
                "still opening: nothing to save")
        SessionCoreTests.open(&core, entryID: 2, now: 0.3)
        #expect(core.event(.next, now: 1) == [.saveResume(item: 1, isAtEnd: false), .notice(.moved(to: 2, backwards: false)), .load(item: 2, entry: nil)])
        SessionCoreTests.open(&core, entryID: 3, now: 1.1)
        #expect(core.event(.next, now: 2) == [.notice(.lastItem)])
        #expect(core.event(.previous, now: 3) == [.saveResume(item: 2, isAtEnd: false), .notice(.moved(to: 1, backwards: true)), .load(item: 1, entry: nil)])
    }

    @Test("Enter on Up next plays the next item at once")
    func acceptUpNext() {
        var core = SessionCoreTests.playing(0)
        #expect(core.event(.acceptUpNext, now: 1) == [.notice(.lastItem)], "no Up next before the end")
        _ = core.event(.observed(atEnd: true, idle: false), now: 10)
        #expect(core.event(.acceptUpNext, now: 11) == [.saveResume(item: 0, isAtEnd: true), .notice(.moved(to: 1, backwards: false)), .load(item: 1, entry: nil)])
    }

    @Test("a playlist file expands into its entries, mpv's playing one is current, and entries then load in mpv's playlist")
    func expands() {
        var core = Self.given(item: 1, count: 3, entryID: 5)
        _ = core.event(.startFile(entryID: 5), now: 0)
        _ = core.event(.endFile, now: 0.1)
        let entries = [Core.Entry(id: 6), Core.Entry(id: 7, isPlaying: true), Core.Entry(id: 8)]
        #expect(core.event(.playlist(entries: entries, replacesOpened: true), now: 0.2) == [.expand(item: 1, into: entries)])
        #expect(core.machine.itemCount == 5 && core.window == Core.Window(first: 1, count: 3))
        #expect(core.currentItem == 2)
        _ = core.event(.startFile(entryID: 7), now: 0.3)
        _ = core.event(.fileLoaded, now: 0.3)
        _ = core.event(.playbackRestart, now: 0.4)
        #expect(core.phase == .playing(item: 2))
        #expect(core.event(.next, now: 1) == [.saveResume(item: 2, isAtEnd: false), .notice(.moved(to: 3, backwards: false)), .load(item: 3, entry: 2)])
        _ = core.event(.startFile(entryID: 8), now: 1.1)
        #expect(core.currentItem == 3)
        #expect(core.event(.next, now: 2) == [.notice(.moved(to: 4, backwards: false)), .load(item: 4, entry: nil)],
                "past the playlist's entries, the item goes to mpv alone")
        #expect(core.window == Core.Window(first: 4, count: 1))
    }

    @Test("mpv moving on by itself to another entry of its playlist makes that entry current")
    func mpvMovesOn() {
        var core = Self.given(item: 0, count: 1, entryID: 1)
        _ = core.event(.playlist(entries: [Core.Entry(id: 1, isPlaying: true), Core.Entry(id: 2)], replacesOpened: true), now: 1)
        #expect(core.machine.itemCount == 2)
        _ = core.event(.startFile(entryID: 2), now: 5)
        #expect(core.phase == .opening(item: 1, since: 5))
    }

    @Test("items put in before the window keep mpv's entries on their items")
    func inserted() {
        var core = Self.given(item: 1, count: 3, entryID: 5)
        _ = core.event(.itemsInserted(positions: [0, 1]), now: 0.5)
        #expect(core.window == Core.Window(first: 3, count: 1) && core.currentItem == 3 && core.lastItem == 3)
        _ = core.event(.startFile(entryID: 5), now: 0.6)
        #expect(core.phase == .opening(item: 3, since: 0), "the start of the item asked for, at its new place")
    }

    @Test("an abandoned playlist chain is not followed until the next load")
    func abandoned() {
        var core = Self.given(item: 0, count: 2, entryID: 1)
        _ = core.event(.startFile(entryID: 1), now: 0)
        #expect(core.event(.abort(reason: "nests", abandonsChain: true), now: 1)
            == [.stop, .recordFailure(item: 0, reason: "nests"), .notice(.couldNotPlay(item: 0, reason: "nests")), .load(item: 1, entry: nil)])
        #expect(!core.isAbandoned, "the load of the next item ends the abandoned chain")
        var single = Self.given(item: 0, count: 1, entryID: 1)
        _ = single.event(.abort(reason: "nests", abandonsChain: true), now: 1)
        #expect(single.isAbandoned)
        #expect(single.event(.playlist(entries: [Core.Entry(id: 1), Core.Entry(id: 2, isPlaying: true)], replacesOpened: true), now: 1.1)
            .isEmpty)
        #expect(single.machine.itemCount == 1)
        _ = single.event(.startFile(entryID: 2), now: 1.2)
        #expect(single.phase == .failed(item: 0, reason: "nests"))
    }

    // MARK: Orders mpv rarely produces

    @Test("playback-restart before file-loaded does not open the item; the restart after it does")
    func restartBeforeLoaded() {
        var core = SessionCoreTests.started()
        #expect(core.event(.playbackRestart, now: 0.1).isEmpty)
        #expect(!core.isReady && core.phase.isOpeningPhase)
        _ = core.event(.fileLoaded, now: 0.2)
        #expect(core.event(.playbackRestart, now: 0.3) == [.watch, .play])
    }

    @Test("events for the item that was left, before the new one starts, change nothing",
          arguments: [Core.Event.fileLoaded, .playbackRestart, .failed(reason: "stale", isRefusal: false),
                      .loadHook(id: 4, Core.Opening(resume: Core.Resume(position: 9)))])
    func staleEvents(event: Core.Event) {
        var core = SessionCoreTests.playing(0)
        _ = core.event(.play(item: 1, paused: false), now: 1)
        let before = core
        let commands = core.event(event, now: 1.1)
        #expect(commands.allSatisfy { if case .continueLoad = $0 { true } else { false } })
        #expect(core == before)
        SessionCoreTests.open(&core, entryID: 11, now: 1.2)
        #expect(core.phase == .playing(item: 1))
    }

    @Test("an end-file between the last item's load and the new one's start leaves nothing open")
    func staleLoadedThenEnded() {
        var core = SessionCoreTests.playing(0)
        _ = core.event(.play(item: 1, paused: false), now: 1)
        // mpv had begun item 0 again (say, a client's loadfile) before it took reel's load.
        _ = core.event(.startFile(entryID: 99), now: 1.1)
        _ = core.event(.fileLoaded, now: 1.1)
        _ = core.event(.endFile, now: 1.2)
        #expect(!core.isFileLoaded)
        _ = core.event(.startFile(entryID: 11), now: 1.3)
        #expect(core.event(.fileLoaded, now: 1.4).isEmpty)
        #expect(core.event(.playbackRestart, now: 1.5) == [.watch, .play])
        #expect(core.phase == .playing(item: 1))
    }

    @Test("two loads in a row: the second wins, and only its opening is followed")
    func twoLoads() {
        var core = SessionCoreTests.core()
        #expect(core.event(.play(item: 0, paused: false), now: 0) == [.load(item: 0, entry: nil)])
        #expect(core.event(.play(item: 2, paused: true), now: 0.01) == [.load(item: 2, entry: nil)], "nothing open: nothing saved")
        _ = core.event(.startFile(entryID: 1), now: 0.02)
        _ = core.event(.endFile, now: 0.03)
        _ = core.event(.startFile(entryID: 2), now: 0.04)
        _ = core.event(.fileLoaded, now: 0.05)
        #expect(core.event(.playbackRestart, now: 0.06) == [.watch], "the second asked to start paused")
        #expect(core.phase == .playing(item: 2))
    }

    @Test("a seek during opening: its restarts before the file loads are ignored, the first one after opens the item")
    func seekWhileOpening() {
        var core = SessionCoreTests.started()
        _ = core.event(.playbackRestart, now: 0.1)
        _ = core.event(.fileLoaded, now: 0.2)
        #expect(core.event(.playbackRestart, now: 0.3) == [.watch, .play])
        #expect(core.event(.playbackRestart, now: 0.4) == [.restarted])
        #expect(core.event(.fileLoaded, now: 0.5).isEmpty, "a second file-loaded changes nothing")
        #expect(core.isReady)
    }

    @Test("an end-file of the open item (a client's stop, an end without keep-open) leaves nothing open until mpv starts a file")
    func endFileOfOpenItem() {
        var core = SessionCoreTests.playing(0)
        _ = core.event(.observed(atEnd: true, idle: false), now: 5)
        #expect(core.event(.endFile, now: 6).isEmpty)
        #expect(!core.isReady && !core.isFileLoaded && !core.isAtEnd)
        #expect(core.event(.playbackRestart, now: 6.1).isEmpty)
        #expect(core.event(.observed(atEnd: false, idle: true), now: 6.2).isEmpty, "nothing open: no end to leave")
        #expect(core.phase == .ended(item: 0, upNext: .init(item: 1, start: 5, deadline: 10)), "the countdown goes on")
    }

    @Test("a failure while an item's playlist chain is stopped is not the next item's")
    func failureAfterStop() {
        var core = SessionCoreTests.playing(0)
        _ = core.event(.abort(reason: "silent server", abandonsChain: false), now: 5)
        #expect(core.currentItem == 1)
        #expect(core.event(.failed(reason: "stopped late", isRefusal: false), now: 5.1).isEmpty)
        #expect(core.phase == .opening(item: 1, since: 5))
    }
}
