import Testing
@testable import Controls

@Suite("Arithmetic without libm")
struct ArithmeticTests {
    @Test("nearestInt rounds halves away from zero, like rounded()", arguments: [
        (0.0, 0), (0.49, 0), (0.5, 1), (1.5, 2), (2.4999, 2), (-0.5, -1), (-0.49, 0), (-2.5, -3), (1e15 + 0.5, 1_000_000_000_000_001),
    ])
    func nearestInt(x: Double, expected: Int) {
        #expect(Arithmetic.nearestInt(x) == expected)
    }

    @Test("squareRoot agrees with known roots", arguments: [
        (0.0, 0.0), (1, 1), (4, 2), (2, 1.4142135623730951), (0.25, 0.5), (1e-300, 1e-150), (1e300, 1e150), (33_856, 184),
    ])
    func squareRoot(x: Double, expected: Double) {
        #expect(approximately(Arithmetic.squareRoot(x) / (expected == 0 ? 1 : expected), expected == 0 ? 0 : 1, tolerance: 1e-15))
    }

    @Test("squareRoot of a negative is NaN, of infinity is infinity")
    func squareRootEdges() {
        #expect(Arithmetic.squareRoot(-1).isNaN)
        #expect(Arithmetic.squareRoot(.infinity) == .infinity)
    }
}
