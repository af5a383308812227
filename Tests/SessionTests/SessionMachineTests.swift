import Controls
import Testing
@testable import Session

@Suite("SessionMachine")
struct SessionMachineTests {
    static func machine(count: Int = 3, delay: Seconds = 5, loop: Bool = false, keepOpen: Bool = true,
                        skipsFailures: Bool = true) -> SessionMachine {
        var configuration = SessionMachine.Configuration()
        configuration.skipsFailures = skipsFailures
        configuration.autoplayDelay = delay
        configuration.loopPlaylist = loop
        configuration.keepOpen = keepOpen
        return SessionMachine(configuration: configuration, itemCount: count)
    }

    @Test("play opens the item, ready plays it, the end counts down to the next, which then opens")
    func happyPath() {
        var machine = Self.machine()
        #expect(machine.phase == .idle)
        #expect(machine.event(.play(item: 0), now: 0) == [.load(item: 0)])
        #expect(machine.phase == .opening(item: 0, since: 0))
        #expect(machine.event(.started(item: 0), now: 0.1).isEmpty)
        #expect(machine.phase == .opening(item: 0, since: 0), "the start of the item asked for keeps its time")
        #expect(machine.event(.ready, now: 0.5).isEmpty)
        #expect(machine.phase == .playing(item: 0))
        #expect(machine.event(.reachedEnd, now: 10).isEmpty)
        #expect(machine.phase == .ended(item: 0, upNext: .init(item: 1, start: 10, deadline: 15)))
        #expect(machine.nextDeadline == 15)
        #expect(machine.event(.tick, now: 14.9).isEmpty)
        #expect(machine.event(.tick, now: 15) == [.load(item: 1)])
        #expect(machine.phase == .opening(item: 1, since: 15))
        #expect(machine.nextDeadline == nil)
    }

    @Test("the countdown's seconds and progress")
    func countdown() {
        let upNext = SessionMachine.UpNext(item: 1, start: 10, deadline: 15)
        #expect(upNext.secondsLeft(at: 10) == 5)
        #expect(upNext.secondsLeft(at: 10.2) == 5)
        #expect(upNext.secondsLeft(at: 14.1) == 1)
        #expect(upNext.secondsLeft(at: 16) == 0)
        #expect(upNext.progress(at: 12.5) == 0.5)
        #expect(upNext.progress(at: 20) == 1)
    }

    @Test("Enter on Up next plays at once; Esc cancels and stays on the last frame")
    func acceptAndDismiss() {
        var machine = Self.machine()
        _ = machine.event(.play(item: 0), now: 0)
        _ = machine.event(.ready, now: 0)
        _ = machine.event(.reachedEnd, now: 10)
        var accepted = machine
        #expect(accepted.event(.acceptUpNext, now: 11) == [.load(item: 1)])
        #expect(machine.event(.dismissUpNext, now: 11).isEmpty)
        #expect(machine.phase == .ended(item: 0, upNext: nil))
        #expect(machine.event(.tick, now: 20).isEmpty, "a dismissed countdown never fires")
        // Playing again from the start leaves the end.
        #expect(machine.event(.leftEnd, now: 21).isEmpty)
        #expect(machine.phase == .playing(item: 0))
    }

    @Test("an autoplay delay of 0 goes on at once")
    func noDelay() {
        var machine = Self.machine(delay: 0)
        _ = machine.event(.play(item: 1), now: 0)
        _ = machine.event(.ready, now: 0)
        #expect(machine.event(.reachedEnd, now: 3) == [.load(item: 2)])
        #expect(machine.phase == .opening(item: 2, since: 3))
    }

    @Test("at the last item: stay with keep-open, finish without; loop-playlist goes back to the first",
          arguments: [(true, false), (false, false), (true, true)])
    func lastItem(keepOpen: Bool, loop: Bool) {
        var machine = Self.machine(count: 2, loop: loop, keepOpen: keepOpen)
        _ = machine.event(.play(item: 1), now: 0)
        _ = machine.event(.ready, now: 0)
        let actions = machine.event(.reachedEnd, now: 5)
        if loop {
            #expect(actions.isEmpty)
            #expect(machine.upNext?.item == 0)
        } else {
            #expect(actions == (keepOpen ? [] : [.finish]))
            #expect(machine.phase == .ended(item: 1, upNext: nil))
        }
    }

    @Test("next and previous stop at the ends, unless the playlist loops")
    func nextPrevious() {
        var machine = Self.machine(count: 3)
        _ = machine.event(.play(item: 2), now: 0)
        #expect(machine.event(.next, now: 1).isEmpty)
        #expect(machine.event(.previous, now: 1) == [.load(item: 1)])
        #expect(machine.event(.previous, now: 2) == [.load(item: 0)])
        #expect(machine.event(.previous, now: 3).isEmpty)
        var looping = Self.machine(count: 3, loop: true)
        _ = looping.event(.play(item: 0), now: 0)
        #expect(looping.event(.previous, now: 1) == [.load(item: 2)])
        #expect(looping.event(.next, now: 2) == [.load(item: 0)])
    }

    @Test("a failure is a phase; mpv moving on by itself starts the next item; cancel stops an opening")
    func failureAndCancel() {
        var machine = Self.machine(skipsFailures: false)
        _ = machine.event(.play(item: 0), now: 0)
        #expect(machine.event(.failed(reason: "HTTP 404 Not Found"), now: 1).isEmpty)
        #expect(machine.phase == .failed(item: 0, reason: "HTTP 404 Not Found"))
        #expect(machine.event(.started(item: 1), now: 1.1).isEmpty)
        #expect(machine.phase == .opening(item: 1, since: 1.1))
        #expect(machine.event(.cancel, now: 2) == [.stop])
        #expect(machine.phase == .idle)
        #expect(machine.event(.cancel, now: 3).isEmpty, "nothing to cancel")
        #expect(machine.event(.reachedEnd, now: 3).isEmpty, "no end without an item playing")
    }
}

extension SessionMachineTests {
    @Test("a failed item is passed over for the next; the last one's failure stays; a list of failures never loops")
    func skipsFailures() {
        var machine = Self.machine(count: 3, loop: true)
        _ = machine.event(.play(item: 1), now: 0)
        #expect(machine.event(.failed(reason: "HTTP 404 Not Found"), now: 1) == [.load(item: 2)])
        #expect(machine.event(.failed(reason: "Connection refused"), now: 2).isEmpty)
        #expect(machine.phase == .failed(item: 2, reason: "Connection refused"))
    }

    @Test("items put in while a folder is read keep the one playing and the one up next, at their new places")
    func inserted() {
        var machine = Self.machine(count: 3)
        _ = machine.event(.play(item: 1), now: 0)
        _ = machine.event(.ready, now: 0)
        _ = machine.event(.reachedEnd, now: 5)
        #expect(machine.upNext?.item == 2)
        _ = machine.event(.itemsInserted(positions: [0, 2, 5]), now: 6)
        #expect(machine.itemCount == 6)
        #expect(machine.phase == .ended(item: 3, upNext: .init(item: 4, start: 5, deadline: 10)))
    }

    @Test("a playlist file that expands takes its entries' places, and what follows moves down")
    func expanded() {
        var machine = Self.machine(count: 3)
        _ = machine.event(.play(item: 1), now: 0)
        _ = machine.event(.itemExpanded(item: 1, into: 4), now: 0.5)
        #expect(machine.itemCount == 6)
        #expect(machine.currentItem == 1)
        #expect(machine.item(after: 1) == 2)
        _ = machine.event(.ready, now: 1)
        _ = machine.event(.reachedEnd, now: 2)
        #expect(machine.upNext?.item == 2)
    }
}
