import Testing
@testable import Controls

@Suite("Scrubber")
struct ScrubberTests {
    @Test("disabled when the duration is unknown: no drag starts", arguments: [nil, 0, -3, .nan, .infinity] as [Double?])
    func disabled(duration: Double?) {
        var scrubber = Scrubber(duration: duration)
        #expect(!scrubber.isEnabled)
        #expect(scrubber.begin(at: 0.5, now: 0) == nil)
        #expect(!scrubber.isDragging)
        #expect(scrubber.fraction(position: 10) == 0)
    }

    @Test("fraction of a position, clamped", arguments: [
        (0.0, 0.0), (30, 0.25), (120, 1), (130, 1), (-4, 0), (.nan, 0),
    ])
    func fraction(position: Double, expected: Double) {
        #expect(Scrubber(duration: 120).fraction(position: position) == expected)
    }

    @Test("time for a fraction, clamped", arguments: [
        (0.0, 0.0), (0.25, 30), (1, 120), (1.5, 120), (-1, 0), (.nan, 0),
    ])
    func time(fraction: Double, expected: Double) {
        #expect(Scrubber(duration: 120).time(forFraction: fraction) == expected)
    }

    @Test("a press seeks there at once with a keyframe seek, and the thumb follows the drag")
    func begin() {
        var scrubber = Scrubber(duration: 120)
        #expect(scrubber.begin(at: 0.5, now: 0) == .to(60, exact: false))
        #expect(scrubber.isDragging)
        #expect(scrubber.displayedPosition(10) == 60)
    }

    @Test("moves send at most one live seek per 50 ms; the latest held move goes out at the deadline")
    func throttle() {
        var scrubber = Scrubber(duration: 100)
        _ = scrubber.begin(at: 0.1, now: 0)
        #expect(scrubber.move(to: 0.2, now: 0.02) == nil)
        #expect(scrubber.nextDeadline == 0.05)
        #expect(scrubber.move(to: 0.3, now: 0.04) == nil)
        #expect(scrubber.displayedPosition(nil) == 30)
        #expect(scrubber.tick(now: 0.0499) == nil)
        #expect(scrubber.tick(now: 0.05) == .to(30, exact: false))
        #expect(scrubber.nextDeadline == nil)
        #expect(scrubber.tick(now: 0.2) == nil)
        #expect(scrubber.move(to: 0.4, now: 0.0999) == nil)
        #expect(scrubber.tick(now: 0.1) == .to(40, exact: false))
    }

    @Test("a move 50 ms or more after the last live seek goes out at once")
    func moveAfterInterval() {
        var scrubber = Scrubber(duration: 100)
        _ = scrubber.begin(at: 0.1, now: 1)
        #expect(scrubber.move(to: 0.5, now: 1.05) == .to(50, exact: false))
        #expect(scrubber.nextDeadline == nil)
    }

    @Test("release sends an exact seek and drops the held move")
    func end() {
        var scrubber = Scrubber(duration: 100)
        _ = scrubber.begin(at: 0.1, now: 0)
        _ = scrubber.move(to: 0.2, now: 0.01)
        #expect(scrubber.end(at: 0.25, now: 0.02) == .to(25, exact: true))
        #expect(!scrubber.isDragging)
        #expect(scrubber.nextDeadline == nil)
        #expect(scrubber.tick(now: 1) == nil)
        #expect(scrubber.displayedPosition(42) == 42)
    }

    @Test("moves and releases without a press do nothing")
    func withoutBegin() {
        var scrubber = Scrubber(duration: 100)
        #expect(scrubber.move(to: 0.5, now: 0) == nil)
        #expect(scrubber.end(at: 0.5, now: 0) == nil)
    }

    @Test("a new drag is not throttled by the last one")
    func newDrag() {
        var scrubber = Scrubber(duration: 100)
        _ = scrubber.begin(at: 0.1, now: 0)
        _ = scrubber.end(at: 0.1, now: 0.01)
        #expect(scrubber.begin(at: 0.3, now: 0.02) == .to(30, exact: false))
        #expect(scrubber.move(to: 0.4, now: 0.03) == nil)
    }

    @Test("the displayed position is the player's, sanitised, when not dragging; a new duration applies")
    func displayed() {
        var scrubber = Scrubber(duration: 100)
        #expect(scrubber.displayedPosition(250) == 100)
        #expect(scrubber.displayedPosition(nil) == 0)
        scrubber.updateDuration(.nan)
        #expect(!scrubber.isEnabled)
        #expect(scrubber.displayedPosition(250) == 250)
    }
}
