import Testing
@testable import Controls

@Suite("Arithmetic")
struct ArithmeticTests {
    @Test("nearestInt rounds halves away from zero", arguments: [
        (0.5, 1), (-0.5, -1), (1.49, 1), (-1.51, -2), (2.0, 2), (0.0, 0),
    ])
    func rounding(x: Double, expected: Int) {
        #expect(nearestInt(x) == expected)
    }

    @Test("solveIncreasing finds where an increasing function reaches a value", arguments: [0.0, 0.25, 0.5, 0.9, 1.0])
    func solve(target: Double) {
        let x = Arithmetic.solveIncreasing(target) { $0 * $0 }
        #expect(abs(x * x - target) < 1e-12)
    }

    @Test("the hand-made e^x agrees with known values", arguments: [(0.0, 1.0), (1.0, 2.718_281_828_459_045), (-1.0, 0.367_879_441_171_442_3), (-10.0, 4.539_992_976_248_485e-5)])
    func exponentialValues(x: Double, expected: Double) {
        #expect(abs(exponential(x) / expected - 1) < 1e-14)
    }
}
