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

    /// A core that has been asked for nothing.
    static func idle() -> PlaybackCore {
        PlaybackCore(session: SessionCoreTests.core(), silenceLimit: 61)
    }

    @Test("the session core's events go through, and its commands come back wrapped, in order")
    func sessionThrough() {
        var core = Self.idle()
        #expect(core.event(.session(.play(item: 1, paused: false)), now: 0) == [.session(.load(item: 1, entry: nil))])
        #expect(core.session.phase == .opening(item: 1, since: 0))
    }

    @Test("where an item resumed is kept for its notice, and taken once")
    func resumedAt() {
        var core = PlaybackCore(session: SessionCoreTests.core(), silenceLimit: 61)
        _ = core.event(.session(.play(item: 0, paused: false)), now: 0)
        let resume = SessionCore.Resume(position: 42, watched: false)
        _ = core.event(.session(.playlist(entries: [SessionCore.Entry(id: 1, isPlaying: true)], replacesOpened: false)), now: 0)
        _ = core.event(.session(.startFile(entryID: 1)), now: 0)
        _ = core.event(.session(.loadHook(id: 7, SessionCore.Opening(resume: resume))), now: 0)
        _ = core.event(.session(.fileLoaded), now: 0)
        _ = core.event(.session(.playbackRestart), now: 0)
        #expect(core.takeResumedAt() == 42)
        #expect(core.takeResumedAt() == nil)
    }

    @Test("playlists may open playlists up to the limit; one more fails the item, and the count starts over")
    func nesting() {
        var core = Self.idle()
        for depth in 1...PlaybackCore.nestingLimit {
            #expect(core.event(.redirected, now: Double(depth)).isEmpty)
            #expect(core.nestingDepth == depth)
        }
        #expect(core.event(.redirected, now: 11) == [.failNesting(reason: "the playlist includes itself, or playlists nest more than 10 deep")])
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
        let kept = core.titleFound("Bee", of: "b")
        #expect(kept)
        #expect(core.event(.moved(item: 1, backwards: false, key: "b"), now: 0) == [.announceMove(item: 1, backwards: false)])
        var waiting = PlaybackCore(session: SessionCoreTests.core(), silenceLimit: 61)
        _ = waiting.event(.session(.play(item: 1, paused: false)), now: 0)
        #expect(waiting.event(.moved(item: 1, backwards: true, key: "unknown"), now: 0).isEmpty)
        #expect(waiting.event(.statusChanged, now: 0.1).isEmpty, "not open yet")
        #expect(waiting.pendingMove == PlaybackCore.Move(item: 1, backwards: true))
        _ = waiting.event(.session(.playlist(entries: [SessionCore.Entry(id: 11, isPlaying: true)], replacesOpened: false)), now: 0.2)
        for event: SessionCore.Event in [.startFile(entryID: 11), .loadHook(id: 7, SessionCore.Opening()), .fileLoaded, .playbackRestart] {
            _ = waiting.event(.session(event), now: 0.3)
        }
        #expect(waiting.event(.statusChanged, now: 0.4) == [.announceMove(item: 1, backwards: true)])
        #expect(waiting.event(.statusChanged, now: 0.5).isEmpty, "said once")
    }

    @Test("a waiting move is forgotten when the session moves on to another item")
    func moveForgotten() {
        var core = Self.playing(0)
        _ = core.event(.moved(item: 2, backwards: false, key: "unknown"), now: 1)
        #expect(core.event(.statusChanged, now: 2).isEmpty)
        #expect(core.pendingMove == nil)
    }

    @Test("the position is saved every 15 s while playing, and not while paused",
          arguments: [(true, 14.9, false), (true, 15.0, true), (true, 40, true), (false, 40, false)])
    func resumeSaves(isPlaying: Bool, at now: Double, due: Bool) {
        var core = Self.playing()
        _ = core.event(.resumeSaved, now: 0)
        #expect(core.event(.tick(isPlaying: isPlaying), now: now) == (due ? [.saveResume] : []))
    }

    @Test("the first tick while playing saves at once: nothing was saved yet")
    func firstSave() {
        var core = Self.playing()
        #expect(core.event(.tick(isPlaying: true), now: 0) == [.saveResume])
    }

    @Test("a paused picture that mpv's refresh after a track switch moves is put back, once")
    func trackSwitch() {
        var core = Self.playing()
        _ = core.event(.trackSwitched(position: 12.5, isPaused: true), now: 10)
        #expect(core.event(.position(12.5, isPaused: true), now: 10.1).isEmpty, "no restart yet")
        _ = core.event(.restarted, now: 10.2)
        #expect(core.event(.position(11.9, isPaused: true), now: 10.3) == [.sendSeek(.to(12.5, exact: true))])
        #expect(core.event(.position(11.9, isPaused: true), now: 10.4).isEmpty)
    }

    @Test("another request, or a new file, turns the track switch's repair off")
    func trackSwitchCancelled() {
        for cancel: PlaybackCore.Event in [.otherRequest, .fileStarted] {
            var core = Self.playing()
            _ = core.event(.trackSwitched(position: 12.5, isPaused: true), now: 10)
            _ = core.event(cancel, now: 10.1)
            _ = core.event(.restarted, now: 10.2)
            #expect(core.event(.position(11.9, isPaused: true), now: 10.3).isEmpty)
        }
    }

    @Test("the subtitle held across a frame step back is let go after the restart's grace, and the status rebuilt")
    func subtitleHold() throws {
        var core = Self.playing()
        let lines = SubtitleHold.Lines(text: "Hello", ass: nil)
        _ = core.event(.frameBackStep(lines), now: 5)
        #expect(core.subtitleHold.shown(SubtitleHold.Lines(text: nil, ass: nil)) == lines)
        _ = core.event(.restarted, now: 5.1)
        let deadline = try #require(core.subtitleHold.deadline)
        #expect(core.event(.position(3, isPaused: true), now: deadline - 0.01).isEmpty)
        #expect(core.event(.position(3, isPaused: true), now: deadline) == [.holdExpired])
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
        #expect(core.event(.restarted, now: 1.2).isEmpty, "no reply yet")
        _ = core.event(.commandReply(id: 20, failed: false), now: 1.3)
        #expect(core.event(.restarted, now: 1.4) == [.seekFinished, .sendSeek(.by(5))])
        _ = core.event(.seekSent(id: 21), now: 1.4)
        #expect(core.event(.position(9, isPaused: false), now: 2.9).isEmpty)
        #expect(core.event(.position(9, isPaused: false), now: 2.91).isEmpty, "let go, with nothing waiting")
        #expect(!core.seeks.hasSeekInFlight)
    }

    @Test("a seek mpv refuses to take comes back as not sent: the next seek goes out at once, not merged away")
    func seekNotSent() {
        var core = Self.playing()
        #expect(core.event(.seek(.by(10)), now: 1) == [.sendSeek(.by(10))])
        #expect(core.event(.seekNotSent, now: 1).isEmpty)
        #expect(!core.seeks.hasSeekInFlight)
        #expect(core.event(.seek(.by(10)), now: 1.05) == [.sendSeek(.by(10))], "the next seek goes at once")
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
