import Controls
import Testing
@testable import Session

/// The playback core with numbers only: what mpv said and what the user asked in, commands out,
/// the time passed in.
@Suite("PlaybackCore")
struct PlaybackCoreTests {
    /// A core whose session plays item `item` of three, opened at 0; silence is held 61 s.
    static func playing(_ item: Int = 0) -> PlaybackCore {
        PlaybackCore(session: SessionCoreTests.playing(item), silenceLimit: 61)
    }

    /// A core that opened item 0 of three through the one entry, in mpv's usual order (its
    /// playlist, start-file, the load hook, file-loaded, the first restart at `position`), at
    /// `now`; `commands`: what it returned, in order.
    static func opened(at position: Double? = 0, now: Double = 0, opening: SessionCore.Opening = SessionCore.Opening(),
                       commands: inout [PlaybackCore.Command]) -> PlaybackCore {
        var core = Self.idle()
        let keys = ["a", "b", "c"]
        let entries = [SessionCore.Entry(filename: "a", id: 1, isPlaying: true)]
        for event: PlaybackCore.Event in [.session(.play(item: 0, paused: false)), .playlistChanged(entries: entries, keys: keys),
                                          .startFile(entryID: 1, entries: entries, keys: keys),
                                          .session(.loadHook(id: 7, opening)), .fileLoaded, .playbackRestart(position: position)] {
            commands += core.event(event, now: now)
        }
        return core
    }

    /// ``opened(at:now:opening:commands:)``, its commands let go.
    static func opened(at position: Double? = 0, now: Double = 0) -> PlaybackCore {
        var commands: [PlaybackCore.Command] = []
        return opened(at: position, now: now, commands: &commands)
    }

    /// A core that has been asked for nothing.
    static func idle() -> PlaybackCore {
        PlaybackCore(session: SessionCoreTests.core(), silenceLimit: 61)
    }

    @Test("the session core's events go through, and its commands come back wrapped, in order")
    func sessionThrough() {
        var core = Self.idle()
        #expect(core.event(.session(.play(item: 1, paused: false)), now: 0) == [.giveItem(1)])
        #expect(core.session.phase == .opening(item: 1, since: 0))
    }

    @Test("an item that resumes says where, once, for its notice; its first restart plays it and begins the watch there")
    func resumedAt() {
        var commands: [PlaybackCore.Command] = []
        var core = Self.opened(at: 42, now: 3, opening: SessionCore.Opening(resume: SessionCore.Resume(position: 42)), commands: &commands)
        #expect(commands.filter { $0 == .session(.resumed(at: 42)) }.count == 1)
        #expect(core.resumedAt == 42)
        #expect(core.event(.resumeShown, now: 4).isEmpty && core.resumedAt == nil, "said once")
        #expect(commands.suffix(1) == [.session(.play)], "the watch and the restart are the core's own, not the executor's")
        #expect(core.stall.start == 42)
    }

    @Test("playlists may open playlists up to the limit; one more fails the item, and the count starts over")
    func nesting() {
        var core = Self.idle()
        for depth in 1...PlaybackCore.nestingLimit {
            #expect(core.event(.redirected, now: Double(depth)).isEmpty)
            #expect(core.nestingDepth == depth)
        }
        let commands = core.event(.redirected, now: 11)
        #expect(commands.first == .session(.stop) && commands.last == .refreshStatus, "stopped and failed: \(commands)")
        #expect(core.nestingDepth == 0)
    }

    @Test("a file that loads, or an item given to mpv, ends the chain: a long list of playlists of files is no error")
    func nestingEnds() {
        var core = Self.idle()
        for round in 0..<30 {
            #expect(core.event(.redirected, now: Double(round)).isEmpty)
            _ = core.event(round.isMultiple(of: 2) ? .fileLoaded : .itemGiven, now: Double(round))
        }
        #expect(core.nestingDepth == 0)
    }

    @Test("the entries mpv left out and the parts it skipped are counted in one notice each, until an item is given to mpv")
    func counts() {
        var core = Self.playing()
        #expect(core.event(.logged(skippedParts: 0, refusedEntries: 1, noSoundDevice: false), now: 1)
            == [.notice("Left out a playlist entry: a playlist from the network may not open local files or mpv's special protocols")])
        #expect(core.event(.logged(skippedParts: 2, refusedEntries: 14, noSoundDevice: false), now: 2) == [
            .notice("Skipped 2 parts of the stream the server did not send"),
            .notice("Left out 15 playlist entries: a playlist from the network may not open local files or mpv's special protocols"),
        ])
        #expect(core.entriesLeftOut == 15 && core.partsSkipped == 2)
        #expect(core.event(.logged(skippedParts: 0, refusedEntries: 0, noSoundDevice: false), now: 3).isEmpty)
        _ = core.event(.itemGiven, now: 4)
        #expect(core.event(.logged(skippedParts: 1, refusedEntries: 0, noSoundDevice: false), now: 5)
            == [.notice("Skipped a part of the stream the server did not send")])
    }

    @Test("no sound device is said once a run")
    func noSoundDevice() {
        var core = Self.playing()
        #expect(core.event(.logged(skippedParts: 0, refusedEntries: 0, noSoundDevice: true), now: 1) == [.noSoundDevice])
        #expect(core.event(.logged(skippedParts: 0, refusedEntries: 0, noSoundDevice: true), now: 2).isEmpty)
        _ = core.event(.itemGiven, now: 3)
        #expect(core.event(.logged(skippedParts: 0, refusedEntries: 0, noSoundDevice: true), now: 4).isEmpty)
    }

    @Test("a sub-seek that fails says which way had no line; a reply to another command, or a success, says nothing",
          arguments: [(1, "No next subtitle line"), (-1, "No earlier subtitle line")])
    func subtitleSeek(lines: Int, notice: String) {
        var core = Self.playing()
        _ = core.event(.subtitleSeekSent(id: 9, lines: lines), now: 1)
        #expect(core.event(.commandReply(id: 8, failed: true), now: 1.1).isEmpty)
        #expect(core.event(.commandReply(id: 9, failed: true), now: 1.2) == [.notice(notice)])
        #expect(core.subtitleSeek == nil)
        _ = core.event(.subtitleSeekSent(id: 10, lines: lines), now: 2)
        #expect(core.event(.commandReply(id: 10, failed: false), now: 2.1).isEmpty)
    }

    @Test("a move to an item with a known title is said at once; one without waits until the item is ready")
    func moves() {
        var core = Self.playing(1)
        #expect(core.event(.titleFound("Bee", key: "b"), now: 0) == [.refreshStatus], "kept: the status is rebuilt")
        #expect(core.event(.titleFound("Bee again", key: "b"), now: 0).isEmpty)
        #expect(core.event(.moved(item: 1, backwards: false, key: "b"), now: 0) == [.announceMove(item: 1, backwards: false)])
        var waiting = PlaybackCore(session: SessionCoreTests.core(), silenceLimit: 61)
        _ = waiting.event(.session(.play(item: 1, paused: false)), now: 0)
        #expect(waiting.event(.moved(item: 1, backwards: true, key: "unknown"), now: 0).isEmpty)
        #expect(waiting.event(.endObserved(PlaybackCore.Look()), now: 0.1).isEmpty, "not open yet")
        #expect(waiting.pendingMove == PlaybackCore.Move(item: 1, backwards: true))
        _ = waiting.event(.session(.playlist(entries: [SessionCore.Entry(id: 11, isPlaying: true)], replacesOpened: false)), now: 0.2)
        for event: PlaybackCore.Event in [.session(.startFile(entryID: 11)), .session(.loadHook(id: 7, SessionCore.Opening())),
                                          .fileLoaded, .playbackRestart(position: 0)] {
            _ = waiting.event(event, now: 0.3)
        }
        #expect(waiting.event(.endObserved(PlaybackCore.Look()), now: 0.4) == [.announceMove(item: 1, backwards: true)])
        #expect(waiting.event(.endObserved(PlaybackCore.Look()), now: 0.5).isEmpty, "said once")
    }

    @Test("a waiting move is forgotten when the session moves on to another item")
    func moveForgotten() {
        var core = Self.playing(0)
        _ = core.event(.moved(item: 2, backwards: false, key: "unknown"), now: 1)
        #expect(core.event(.endObserved(PlaybackCore.Look()), now: 2).isEmpty)
        #expect(core.pendingMove == nil)
    }

    /// What mpv reports of an item playing (`paused`: paused).
    static func ticking(paused: Bool = false) -> PlaybackCore.Look {
        var seen = PlaybackCore.Look()
        seen.state.isPaused = paused
        return seen
    }

    @Test("the position is saved every 15 s while playing, and not while paused",
          arguments: [(true, 14.9, false), (true, 15.0, true), (true, 40, true), (false, 40, false)])
    func resumeSaves(isPlaying: Bool, at now: Double, due: Bool) {
        var core = Self.playing()
        _ = core.event(.resumeSaved, now: 0)
        #expect(core.event(.tick(Self.ticking(paused: !isPlaying)), now: now) == (due ? [.saveResume] : []))
    }

    @Test("the first tick while playing saves at once: nothing was saved yet; nothing is saved of an item not open or at its end")
    func firstSave() {
        var core = Self.playing()
        #expect(core.event(.tick(Self.ticking()), now: 0) == [.saveResume])
        var opening = Self.idle()
        _ = opening.event(.session(.play(item: 0, paused: false)), now: 0)
        #expect(opening.event(.tick(Self.ticking()), now: 0).isEmpty)
        var ended = Self.playing()
        var end = PlaybackCore.Look()
        end.state.isAtEnd = true
        _ = ended.event(.endObserved(end), now: 1)
        #expect(ended.event(.tick(Self.ticking()), now: 1).isEmpty)
    }

    @Test("a look at the end that moves the session asks for the status to be rebuilt; one that changes nothing does not")
    func endRebuildsStatus() {
        var core = Self.playing()
        var end = PlaybackCore.Look()
        end.state.isAtEnd = true
        #expect(core.event(.endObserved(end), now: 1).last == .refreshStatus)
        #expect(core.event(.endObserved(end), now: 2).isEmpty)
    }

    @Test("the Up next countdown moves on at its deadline in the tick, and the status is rebuilt")
    func upNextTick() {
        var core = Self.playing()
        var end = PlaybackCore.Look()
        end.state.isAtEnd = true
        _ = core.event(.endObserved(end), now: 10)
        _ = core.event(.resumeSaved, now: 10)
        #expect(core.event(.tick(Self.ticking()), now: 14.9).isEmpty)
        #expect(core.event(.tick(Self.ticking()), now: 15) == [.session(.saveResume(item: 0, isAtEnd: true)), .giveItem(1), .refreshStatus])
    }

    @Test("a paused picture that mpv's refresh after a track switch moves is put back, once")
    func trackSwitch() {
        var core = Self.playing()
        _ = core.event(.trackSwitched(position: 12.5, isPaused: true), now: 10)
        #expect(core.event(.passEnded(mpvEvents: 0, position: 12.5, isPaused: true), now: 10.1).isEmpty, "no restart yet")
        _ = core.event(.playbackRestart(position: 11.9), now: 10.2)
        #expect(core.event(.passEnded(mpvEvents: 0, position: 11.9, isPaused: true), now: 10.3) == [.sendSeek(.to(12.5, exact: true))])
        #expect(core.event(.passEnded(mpvEvents: 0, position: 11.9, isPaused: true), now: 10.4).isEmpty)
    }

    @Test("another request, or a new file, turns the track switch's repair off")
    func trackSwitchCancelled() {
        for cancel: PlaybackCore.Event in [.otherRequest, .startFile(entryID: 2, entries: [], keys: [])] {
            var core = Self.playing()
            _ = core.event(.trackSwitched(position: 12.5, isPaused: true), now: 10)
            _ = core.event(cancel, now: 10.1)
            _ = core.event(.playbackRestart(position: 11.9), now: 10.2)
            #expect(core.event(.passEnded(mpvEvents: 0, position: 11.9, isPaused: true), now: 10.3).isEmpty)
        }
    }

    @Test("the subtitle held across a frame step back is let go after the restart's grace, and the status rebuilt")
    func subtitleHold() throws {
        var core = Self.playing()
        let lines = SubtitleHold.Lines(text: "Hello", ass: nil)
        _ = core.event(.frameBackStep(lines), now: 5)
        #expect(core.subtitleHold.shown(SubtitleHold.Lines(text: nil, ass: nil)) == lines)
        _ = core.event(.playbackRestart(position: 3), now: 5.1)
        let deadline = try #require(core.subtitleHold.deadline)
        #expect(core.event(.passEnded(mpvEvents: 0, position: 3, isPaused: true), now: deadline - 0.01).isEmpty)
        #expect(core.event(.passEnded(mpvEvents: 0, position: 3, isPaused: true), now: deadline) == [.refreshStatus, .lookAtEnd])
        #expect(!core.subtitleHold.isHolding)
    }
}

extension PlaybackCoreTests {
    @Test("a seek goes through the core: sent, merged while it flies, finished by mpv's restart after its reply")
    func seeks() {
        var core = Self.playing()
        #expect(core.event(.seek(.by(5)), now: 1) == [.sendSeek(.by(5))])
        #expect(core.event(.seekSent(id: 20), now: 1).isEmpty)
        #expect(core.event(.seek(.by(5)), now: 1.1).isEmpty)
        #expect(core.event(.playbackRestart(position: 5), now: 1.2) == [.seekLanded(fromOutside: false)], "no reply yet")
        _ = core.event(.commandReply(id: 20, failed: false), now: 1.3)
        #expect(core.event(.playbackRestart(position: 5), now: 1.4) == [.seekLanded(fromOutside: false), .seekFinished, .sendSeek(.by(5))])
        _ = core.event(.seekSent(id: 21), now: 1.4)
        #expect(core.event(.passEnded(mpvEvents: 0, position: 9, isPaused: false), now: 2.9).isEmpty)
        #expect(core.event(.passEnded(mpvEvents: 0, position: 9, isPaused: false), now: 2.91).isEmpty, "let go, with nothing waiting")
        #expect(!core.seeks.hasSeekInFlight)
    }

    @Test("a restart from the beginning forgets the seek in flight: it seeks to 0 at once, then plays")
    func restartFromBeginning() {
        var core = Self.playing()
        _ = core.event(.seek(.by(5)), now: 1)
        _ = core.event(.seekSent(id: 20), now: 1)
        #expect(core.event(.restartFromBeginning, now: 1.1) == [.sendSeek(.to(0, exact: true)), .session(.play)])
    }

    @Test("an item asked of mpv forgets the seek in flight: the next seek goes out at once")
    func loadingForgetsSeeks() {
        var core = Self.playing()
        _ = core.event(.seek(.by(5)), now: 1)
        _ = core.event(.seekSent(id: 20), now: 1)
        _ = core.event(.loading(mpvTitle: "Last"), now: 1.1)
        #expect(core.event(.seek(.by(5)), now: 1.2) == [.sendSeek(.by(5))])
    }

    @Test("a seek mpv refuses to take comes back as not sent: the next seek goes out at once, not merged away")
    func seekNotSent() {
        var core = Self.playing()
        #expect(core.event(.seek(.by(10)), now: 1) == [.sendSeek(.by(10))])
        #expect(core.event(.seekNotSent, now: 1).isEmpty)
        #expect(!core.seeks.hasSeekInFlight)
        #expect(core.event(.seek(.by(10)), now: 1.05) == [.sendSeek(.by(10))], "the next seek goes at once")
    }

    @Test("a seek that fails to send, then a seek that goes out at once, through the one entry with a fake clock")
    func seekFailsThenGoes() {
        var core = Self.opened(at: 0, now: 0)
        var clock = 10.0
        #expect(core.event(.seek(.to(30, exact: false)), now: clock) == [.sendSeek(.to(30, exact: false))])
        #expect(core.event(.seekNotSent, now: clock).isEmpty, "mpv refused it: nothing waited behind it")
        clock += 0.01
        #expect(core.event(.seek(.by(5)), now: clock) == [.sendSeek(.by(5))], "not merged into a seek that never went")
        #expect(core.event(.seekSent(id: 3), now: clock).isEmpty)
        clock += 0.01
        #expect(core.event(.seek(.by(5)), now: clock).isEmpty, "this one waits behind the one in flight")
        _ = core.event(.commandReply(id: 3, failed: false), now: clock)
        clock += 0.1
        #expect(core.event(.playbackRestart(position: 5), now: clock) == [.seekLanded(fromOutside: false), .seekFinished, .sendSeek(.by(5))])
    }

    @Test("a restart with no seek of ours in flight is a seek from outside")
    func seekFromOutside() {
        var core = Self.opened(at: 0, now: 0)
        #expect(core.event(.playbackRestart(position: 40), now: 5) == [.seekLanded(fromOutside: true)])
    }

    @Test("what was merged behind a seek that could not be sent goes out in its place")
    func seekNotSentSendsWhatWaited() {
        var core = Self.playing()
        _ = core.event(.seek(.by(10)), now: 1)
        #expect(core.event(.seek(.by(5)), now: 1).isEmpty, "merged behind the first")
        #expect(core.event(.seekNotSent, now: 1) == [.sendSeek(.by(5))])
        _ = core.event(.seekSent(id: 7), now: 1)
        #expect(core.seeks.hasSeekInFlight)
    }
}
