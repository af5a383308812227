import Testing
@testable import Session

/// The end of an item and of the run, as the session core decides them once.
@Suite("SessionCore's ends")
struct SessionCoreEndTests {
    typealias Core = SessionCore

    @Test("reaching the end saves the place and counts down to the next; leaving it plays on")
    func upNext() {
        var core = SessionCoreTests.playing(0)
        #expect(core.event(.observed(atEnd: false, idle: false), now: 5).isEmpty)
        #expect(core.event(.observed(atEnd: true, idle: false), now: 10) == [.saveResume(item: 0, isAtEnd: true)])
        #expect(core.isAtEnd && core.phase == .ended(item: 0, upNext: .init(item: 1, start: 10, deadline: 15)))
        #expect(core.event(.observed(atEnd: true, idle: false), now: 11).isEmpty, "the end is followed once")
        #expect(core.nextDeadline == 15)
        #expect(core.event(.observed(atEnd: false, idle: false), now: 12).isEmpty)
        #expect(!core.isAtEnd && core.phase == .playing(item: 0), "a seek back leaves the end, and the countdown")
        _ = core.event(.observed(atEnd: true, idle: false), now: 20)
        #expect(core.event(.tick, now: 24.9).isEmpty)
        #expect(core.event(.tick, now: 25) == [.saveResume(item: 0, isAtEnd: true), .load(item: 1, entry: nil)])
        #expect(core.stage == .requested && !core.isAtEnd)
    }

    @Test("the run's end: the last item's end finishes it only without keep-open; Up next first when another follows",
          arguments: [(true, 0, false), (false, 0, false), (true, 2, false), (false, 2, true)])
    func lastItem(keepOpen: Bool, item: Int, finishes: Bool) {
        var core = SessionCoreTests.playing(item, keepOpen: keepOpen)
        let commands = core.event(.observed(atEnd: true, idle: false), now: 10)
        #expect(commands == (finishes ? [.saveResume(item: item, isAtEnd: true), .finish] : [.saveResume(item: item, isAtEnd: true)]))
        #expect(core.runEnd == (finishes ? .finished : nil))
        #expect((core.machine.upNext != nil) == (item == 0))
    }

    @Test("without keep-open, dismissing Up next finishes the run there, as does the list passing over the next item",
          arguments: [false, true])
    func finishesWithoutNext(byProbe: Bool) {
        var core = SessionCoreTests.playing(1, keepOpen: false)
        _ = core.event(.observed(atEnd: true, idle: false), now: 10)
        #expect(core.runEnd == nil)
        let commands = byProbe ? core.event(.knownUnplayable(item: 2), now: 11) : core.event(.dismissUpNext, now: 11)
        #expect(commands == [.finish])
        #expect(core.runEnd == .finished)
    }

    @Test("with keep-open, dismissing Up next stays on the last frame, and the run goes on")
    func staysOpen() {
        var core = SessionCoreTests.playing(0)
        _ = core.event(.observed(atEnd: true, idle: false), now: 10)
        #expect(core.event(.dismissUpNext, now: 11).isEmpty)
        #expect(core.runEnd == nil && core.phase == .ended(item: 0, upNext: nil))
    }

    @Test("an autoplay delay of 0 goes on at once from the end")
    func noDelay() {
        var core = SessionCoreTests.playing(0, delay: 0)
        #expect(core.event(.observed(atEnd: true, idle: false), now: 10) == [.saveResume(item: 0, isAtEnd: true), .load(item: 1, entry: nil)])
    }

    @Test("a failure ends the run only once nothing else plays and mpv is idle")
    func failedRun() {
        var core = SessionCoreTests.started(count: 1)
        _ = core.event(.failed(reason: "No such file", isRefusal: false), now: 1)
        #expect(core.runEnd == nil, "mpv is not idle yet")
        _ = core.event(.observed(atEnd: false, idle: true), now: 1.1)
        #expect(core.runEnd == .failed(reason: "No such file"))
        _ = core.event(.play(item: 0, paused: false), now: 2)
        #expect(core.runEnd == nil, "asking again opens it again")
    }

    @Test("the end is not followed before the item is open, nor while it is not")
    func endBeforeReady() {
        var core = SessionCoreTests.started()
        _ = core.event(.fileLoaded, now: 0)
        #expect(core.event(.observed(atEnd: true, idle: false), now: 0.1).isEmpty, "eof-reached of the last item")
        #expect(core.phase.isOpeningPhase)
        #expect(core.event(.playbackRestart, now: 0.2) == [.watch, .play])
        #expect(core.event(.observed(atEnd: true, idle: false), now: 0.3) == [.saveResume(item: 0, isAtEnd: true)])
    }

    @Test("a stall stops the item, is remembered, said while another follows, and passed over; the last one's failure stays")
    func abort() {
        var core = SessionCoreTests.playing(1)
        #expect(core.event(.abort(reason: "stalled", abandonsChain: false), now: 5)
            == [.stop, .recordFailure(item: 1, reason: "stalled"), .notice(.couldNotPlay(item: 1, reason: "stalled")), .load(item: 2, entry: nil)])
        SessionCoreTests.open(&core, entryID: 12, now: 6)
        #expect(core.event(.abort(reason: "stalled", abandonsChain: false), now: 9) == [.stop, .recordFailure(item: 2, reason: "stalled")])
        #expect(core.phase == .failed(item: 2, reason: "stalled") && !core.isReady)
    }

    @Test("an item that opened but played nothing does not count as played; one that stalled after playing does")
    func playedNothing() {
        var core = SessionCoreTests.playing(1)
        #expect(core.hasPlayed)
        _ = core.event(.abort(reason: "nothing", abandonsChain: false, playedNothing: true), now: 5)
        #expect(!core.hasPlayed, "the first item opened played nothing")
        var stalled = SessionCoreTests.playing(1)
        _ = stalled.event(.abort(reason: "stalled", abandonsChain: false), now: 5)
        #expect(stalled.hasPlayed)
    }
}
