import Testing
@testable import Controls

/// The ladder that sizes the picture to the link, with the rate and the time passed in.
@Suite("LinkLadder")
struct LinkLadderTests {
    /// Feeds `count` pictures from `start`, `interval` apart; the rungs it stepped to.
    static func feed(_ ladder: inout LinkLadder, _ count: Int, overflowed: Bool, rate: Double,
                     from start: Double, every interval: Double = 0.2) -> [LinkLadder.Rung] {
        (0..<count).compactMap { ladder.event(.picture(overflowed: overflowed, rate: rate), now: start + Double($0) * interval) }
    }

    @Test("pictures that fit keep the top rung: today's pictures")
    func fitKeepsTop() {
        var ladder = LinkLadder()
        #expect(Self.feed(&ladder, 100, overflowed: false, rate: 1e7, from: 0).isEmpty)
        #expect(ladder.rung == .exact)
        #expect(ladder.rung.setting == LinkLadder.Setting())
    }

    @Test("three overflows in a row step down one rung; two, with a fit between, do not")
    func overflowsStepDown() {
        var ladder = LinkLadder()
        _ = ladder.event(.picture(overflowed: true, rate: 1e5), now: 2)
        _ = ladder.event(.picture(overflowed: true, rate: 1e5), now: 2.2)
        #expect(ladder.event(.picture(overflowed: false, rate: 1e5), now: 2.4) == nil)
        #expect(ladder.event(.picture(overflowed: true, rate: 1e5), now: 2.6) == nil)
        #expect(ladder.event(.picture(overflowed: true, rate: 1e5), now: 2.8) == nil)
        #expect(ladder.event(.picture(overflowed: true, rate: 1e5), now: 3.0) == .tolerant)
        #expect(ladder.stepRates == [1e5])
    }

    @Test("a slow link takes it down rung by rung, a dwell apart, to the palette and fewer pictures a second")
    func downToTheBottom() {
        var ladder = LinkLadder()
        let steps = Self.feed(&ladder, 40, overflowed: true, rate: 1e5, from: 0, every: 0.2)
        #expect(steps == [.tolerant, .coarse, .palette, .slower, .slowest])
        #expect(ladder.rung.setting.palette)
        #expect(ladder.rung.setting.coarseCells)
        #expect(ladder.rung.setting.picturesPerSecond == 4)
        // One overflow a frame apart after a step is the redraw's: no step within the dwell.
        var fresh = LinkLadder()
        let quick = Self.feed(&fresh, 8, overflowed: true, rate: 1e5, from: 0, every: 0.1)
        #expect(quick == [.tolerant])
    }

    @Test("calm at the same rate stays down; a rate half as fast again as the one that stepped down climbs back")
    func climbNeedsAFasterLink() {
        var ladder = LinkLadder()
        _ = Self.feed(&ladder, 3, overflowed: true, rate: 100_000, from: 0)
        #expect(ladder.rung == .tolerant)
        #expect(Self.feed(&ladder, 100, overflowed: false, rate: 120_000, from: 1).isEmpty)
        #expect(ladder.rung == .tolerant)
        // Calm for less than the calm time: no climb even at a fast rate.
        _ = ladder.event(.picture(overflowed: true, rate: 200_000), now: 30)
        #expect(ladder.event(.picture(overflowed: false, rate: 200_000), now: 34) == nil)
        #expect(ladder.event(.picture(overflowed: false, rate: 200_000), now: 35.1) == .exact)
        #expect(ladder.stepRates.isEmpty)
    }

    @Test("a climb undone within ten seconds doubles the calm the next climb needs")
    func relapseBacksOff() {
        var ladder = LinkLadder()
        _ = Self.feed(&ladder, 3, overflowed: true, rate: 100_000, from: 0)
        #expect(ladder.event(.picture(overflowed: false, rate: 300_000), now: 5.5) == .exact)
        _ = Self.feed(&ladder, 3, overflowed: true, rate: 100_000, from: 7)
        #expect(ladder.rung == .tolerant)
        #expect(ladder.calmNeeded == 2 * LinkLadder.calm)
        #expect(ladder.event(.picture(overflowed: false, rate: 300_000), now: 13) == nil)
        #expect(ladder.event(.picture(overflowed: false, rate: 300_000), now: 17.5) == .exact)
    }

    /// The rungs a slow link takes the ladder down through, and back up once the link is fast,
    /// for each set of rungs passed over.
    @Test("rungs that would change nothing are passed over, down and up", arguments: [
        ([], [.tolerant, .coarse, .palette, .slower, .slowest]),
        ([.coarse], [.tolerant, .palette, .slower, .slowest]),
        ([.tolerant, .palette], [.coarse, .slower, .slowest]),
        ([.tolerant, .coarse, .palette], [.slower, .slowest]),
    ] as [(Set<LinkLadder.Rung>, [LinkLadder.Rung])])
    func skipping(skipped: Set<LinkLadder.Rung>, down: [LinkLadder.Rung]) {
        var ladder = LinkLadder(skipping: skipped)
        #expect(Self.feed(&ladder, 60, overflowed: true, rate: 1e5, from: 0) == down)
        // Calm on a link ten times as fast: one rung a calm apart, the same rungs back up.
        var up: [LinkLadder.Rung] = []
        for second in 0..<(down.count * 6) {
            if let rung = ladder.event(.picture(overflowed: false, rate: 1e6), now: 20 + Double(second)) { up.append(rung) }
        }
        #expect(up == Array(([LinkLadder.Rung.exact] + down).reversed().dropFirst()))
    }

    @Test("half blocks are the rung below the tolerant one, in full colour; the palette's rungs keep them")
    func coarseCells() {
        #expect(LinkLadder.Rung.coarse.setting == LinkLadder.Setting(toleranceFloor: 32, coarseCells: true))
        #expect(LinkLadder.Rung.allCases.filter { $0.setting.coarseCells } == [.coarse, .palette, .slower, .slowest])
        #expect(!LinkLadder.Rung.tolerant.setting.coarseCells && !LinkLadder.Rung.exact.setting.coarseCells)
    }

    @Test("the options' bounds: no lower than the lowest rung, and starting at the highest")
    func bounds() {
        var ladder = LinkLadder(highest: .exact, lowest: .tolerant)
        let steps = Self.feed(&ladder, 40, overflowed: true, rate: 1e5, from: 0)
        #expect(steps == [.tolerant])
        let palette = LinkLadder(highest: .palette)
        #expect(palette.rung == .palette)
        #expect(palette.lowest == .slowest)
    }
}
