import Testing
@testable import Session

/// The screenshots waiting to be written: one written at a time in order, at most three
/// pending, and quitting that waits for them only so long.
@Suite("ScreenshotQueue")
struct ScreenshotQueueTests {
    @Test("the first shot is written at once; the next wait behind it, counted; past three, none is taken")
    func capsThePending() {
        var queue = ScreenshotQueue()
        #expect(queue.event(.requested, now: 0) == .write)
        #expect(queue.event(.requested, now: 0.1) == .keep(pending: 2))
        #expect(queue.event(.requested, now: 0.2) == .keep(pending: 3))
        for press in 3..<8 { #expect(queue.event(.requested, now: Double(press) / 10) == .refuse(pending: 3)) }
        #expect(queue.pending == 3)
    }

    @Test("each shot done starts the next, until none is left; then a new one is written at once")
    func writesInTurn() {
        var queue = ScreenshotQueue()
        _ = queue.event(.requested, now: 0)
        _ = queue.event(.requested, now: 0)
        _ = queue.event(.requested, now: 0)
        #expect(queue.event(.finished, now: 1) == .writeNext)
        #expect(queue.event(.requested, now: 1.1) == .keep(pending: 3), "a place is free again")
        #expect(queue.event(.finished, now: 2) == .writeNext)
        #expect(queue.event(.finished, now: 3) == .writeNext)
        #expect(queue.event(.finished, now: 4) == .none)
        #expect(queue.pending == 0)
        #expect(queue.event(.requested, now: 5) == .write)
    }

    @Test("a capacity of one refuses every shot while one is written")
    func capacityOne() {
        var queue = ScreenshotQueue(capacity: 1)
        #expect(queue.event(.requested, now: 0) == .write)
        #expect(queue.event(.requested, now: 0) == .refuse(pending: 1))
    }

    @Test("quitting with nothing pending is done at once")
    func quitsAtOnce() {
        var queue = ScreenshotQueue()
        #expect(queue.event(.quitting(patience: ScreenshotQueue.exitPatience), now: 10) == .done)
        #expect(queue.nextDeadline != nil || queue.pending == 0)
    }

    @Test("quitting waits for the pending shots until its deadline, writing them in turn, and is done when they are")
    func quitsWhenWritten() {
        var queue = ScreenshotQueue()
        _ = queue.event(.requested, now: 0)
        _ = queue.event(.requested, now: 0)
        #expect(queue.event(.quitting(patience: 2), now: 10) == .none)
        #expect(queue.nextDeadline == 12)
        #expect(queue.event(.requested, now: 10.5) == .refuse(pending: 2), "no shot is taken once reel quits")
        #expect(queue.event(.tick, now: 11) == .none)
        #expect(queue.event(.finished, now: 11) == .writeNext)
        #expect(queue.event(.finished, now: 11.5) == .done)
    }

    @Test("at the deadline nothing more is begun; what is pending is what was not saved")
    func stopsAtTheDeadline() {
        var queue = ScreenshotQueue()
        for _ in 0..<3 { _ = queue.event(.requested, now: 0) }
        _ = queue.event(.quitting(patience: 2), now: 10)
        #expect(queue.event(.finished, now: 11) == .writeNext)
        #expect(queue.event(.tick, now: 11.99) == .none)
        #expect(queue.event(.tick, now: 12) == .stop)
        #expect(queue.pending == 2 && queue.isStopped && queue.nextDeadline == nil)
        #expect(queue.event(.tick, now: 13) == .none)
        // The write in progress as the time ran out ended: it is not counted as lost, and
        // nothing more starts.
        #expect(queue.event(.finished, now: 12) == .none)
        #expect(queue.pending == 1)
    }

    @Test("after a signal (no patience) nothing is waited for")
    func noPatience() {
        var queue = ScreenshotQueue()
        _ = queue.event(.requested, now: 0)
        #expect(queue.event(.quitting(patience: 0), now: 1) == .stop)
        #expect(queue.pending == 1)
    }
}
