import Testing
@testable import Controls

@Suite("SkipTally")
struct SkipTallyTests {
    @Test("same side adds, the other side starts again at one interval")
    func record() {
        var tally = SkipTally(side: .forward, seconds: 10)
        tally.record(.forward, interval: 10)
        #expect(tally == SkipTally(side: .forward, seconds: 20))
        #expect(tally.signedSeconds == 20)
        tally.record(.backward, interval: 10)
        #expect(tally == SkipTally(side: .backward, seconds: 10))
        #expect(tally.signedSeconds == -10)
    }

    @Test("labels carry the direction", arguments: [
        (SeekSide.forward, 10.0, "+10 s"), (.forward, 20, "+20 s"), (.backward, 30, "-30 s"), (.forward, 2.5, "+2.5 s"),
    ])
    func label(side: SeekSide, seconds: Double, expected: String) {
        #expect(SkipTally(side: side, seconds: seconds).label == expected)
    }

    @Test("numbers drop .0 and show at most three decimals", arguments: [
        (10.0, "10"), (2.5, "2.5"), (0.1 + 0.2, "0.3"), (1.0 / 3, "0.333"), (2.0 / 3, "0.667"), (0.0004, "0"),
        (1_000_000, "1000000"), (-2.5, "-2.5"), (-0.0001, "0"), (.nan, "0"), (.infinity, "0"), (0.05, "0.05"), (1.0005, "1.001"),
    ])
    func number(seconds: Double, expected: String) {
        #expect(SkipTally.number(seconds) == expected)
    }
}
