import Testing
@testable import Controls

@Suite("ScrollHideTracker")
struct ScrollHideTrackerTests {
    /// Feeds offsets in order against one maxOffset and returns isHidden after each.
    private func run(_ offsets: [Double], maxOffset: Double = 100, threshold: Double = 1) -> [Bool] {
        var tracker = ScrollHideTracker()
        return offsets.map { offset in
            tracker.update(offset: offset, maxOffset: maxOffset, threshold: threshold)
            return tracker.isHidden
        }
    }

    @Test("starts shown")
    func startsShown() {
        #expect(!ScrollHideTracker().isHidden)
    }

    @Test("hides once the travel down reaches the threshold", arguments: [
        ([0.5, 0.999], [false, false]), ([0.5, 1.0], [false, true]), ([1.0], [true]), ([3], [true]),
    ])
    func hidesAtThreshold(offsets: [Double], expected: [Bool]) {
        #expect(run(offsets) == expected)
    }

    @Test("shows again once the travel up reaches the threshold")
    func showsAtThreshold() {
        #expect(run([10, 9.5, 9.001, 9]) == [true, true, true, false])
    }

    @Test("a change of direction starts the travel again from 0")
    func directionFlip() {
        #expect(run([0.75, 0.5, 1.25, 1.5]) == [false, false, false, true])
        #expect(run([10, 9.25, 9.5, 8.75, 8.5]) == [true, true, true, true, false])
    }

    @Test("at the top, or when the list does not scroll, the bar shows and the travel resets", arguments: [
        (0.0, 100.0), (-3, 100), (5, 0), (5, -1),
    ])
    func topResets(offset: Double, maxOffset: Double) {
        var tracker = ScrollHideTracker()
        tracker.update(offset: 10, maxOffset: 100)
        #expect(tracker.isHidden)
        tracker.update(offset: offset, maxOffset: maxOffset)
        #expect(!tracker.isHidden)
        tracker.update(offset: 0.5, maxOffset: 100)
        #expect(!tracker.isHidden)
    }

    @Test("at or past the end nothing changes, and the way back is measured from the end")
    func bounceAtEnd() {
        #expect(run([5, 20, 20.5, 21, 20.3, 19.8, 19], maxOffset: 20) == [true, true, true, true, true, true, false])
        // Shown near the end: the overscroll does not hide it.
        #expect(run([5, 3, 20, 22], maxOffset: 20) == [true, false, false, false])
    }

    @Test("a threshold of 0, or below, hides on any move down and shows on any move up", arguments: [0.0, -5, .nan])
    func zeroThreshold(threshold: Double) {
        #expect(run([0.01, 0.005, 0.006, 0.006], threshold: threshold) == [true, false, true, true])
    }

    @Test("an update that does not move keeps the travel so far")
    func standingStill() {
        #expect(run([0.5, 0.5, 0.5, 1.0]) == [false, false, false, true])
        #expect(run([10, 9.5, 9.5, 9]) == [true, true, true, false])
    }

    @Test("the seed's point threshold works the same in any unit")
    func seedThreshold() {
        #expect(run([15.9, 16], maxOffset: 1_000, threshold: 16) == [false, true])
    }

    @Test("non-finite offsets are ignored")
    func nonFinite() {
        var tracker = ScrollHideTracker()
        tracker.update(offset: 5, maxOffset: 100)
        let before = tracker
        tracker.update(offset: .nan, maxOffset: 100)
        tracker.update(offset: 5, maxOffset: .infinity)
        tracker.update(offset: -.infinity, maxOffset: 100)
        #expect(tracker == before)
    }
}
