@testable import Controls
import Testing

@Suite("Adaptive tolerance")
struct AdaptiveToleranceTests {
    /// Feeds screens handed over every `interval` s that each take `drain` s to reach the terminal.
    func feed(_ tolerance: inout AdaptiveTolerance, from start: Double, count: Int, interval: Double, drain: Double) -> Double {
        var now = start
        for _ in 0..<count {
            tolerance.screenDrained(submitted: now, drained: now + drain)
            now += interval
        }
        return now
    }

    @Test("a terminal that keeps up leaves the tolerance at its floor")
    func keepsUp() {
        var tolerance = AdaptiveTolerance(floor: 2)
        _ = feed(&tolerance, from: 0, count: 300, interval: 1.0 / 30, drain: 0.002)
        #expect(tolerance.current == 2 && tolerance.highest == 2)
    }

    @Test("two slow screens in a row double it, up to the ceiling")
    func raises() {
        var tolerance = AdaptiveTolerance(floor: 2, ceiling: 16)
        tolerance.screenDrained(submitted: 0, drained: 0.1)
        #expect(tolerance.current == 2)
        tolerance.screenDrained(submitted: 0.1, drained: 0.2)
        #expect(tolerance.current == 4)
        _ = feed(&tolerance, from: 0.2, count: 20, interval: 0.1, drain: 0.1)
        #expect(tolerance.current == 16 && tolerance.highest == 16)
    }

    @Test("a second of quick screens halves it, down to the floor, and a middling one resets the calm")
    func lowers() {
        var tolerance = AdaptiveTolerance(floor: 2)
        var now = feed(&tolerance, from: 0, count: 4, interval: 0.1, drain: 0.1)
        #expect(tolerance.current == 8)
        now = feed(&tolerance, from: now, count: 20, interval: 0.04, drain: 0.002)  // 0.8 s: not yet
        #expect(tolerance.current == 8)
        tolerance.screenDrained(submitted: now, drained: now + 0.02)  // neither slow nor quick
        now = feed(&tolerance, from: now + 0.04, count: 26, interval: 0.04, drain: 0.002)
        #expect(tolerance.current == 4)
        _ = feed(&tolerance, from: now, count: 200, interval: 0.04, drain: 0.002)
        #expect(tolerance.current == 2 && tolerance.highest == 8)
    }

    @Test("exact colours, when asked for, are never given up")
    func exactStaysExact() {
        var tolerance = AdaptiveTolerance(floor: 0, adapts: false)
        _ = feed(&tolerance, from: 0, count: 50, interval: 0.1, drain: 0.5)
        #expect(tolerance.current == 0)
    }

    @Test("a floor of 0 is raised to 2 first, then doubled, and comes back down to 0")
    func fromZero() {
        var tolerance = AdaptiveTolerance(floor: 0)
        var now = feed(&tolerance, from: 0, count: 2, interval: 0.1, drain: 0.1)
        #expect(tolerance.current == 2)
        now = feed(&tolerance, from: now, count: 2, interval: 0.1, drain: 0.1)
        #expect(tolerance.current == 4)
        _ = feed(&tolerance, from: now, count: 200, interval: 0.04, drain: 0.002)
        #expect(tolerance.current == 0 && tolerance.highest == 4)
    }
}
