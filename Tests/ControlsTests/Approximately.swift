import Testing

/// Whether two doubles agree to within `tolerance` (absolute).
func approximately(_ a: Double, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

/// The comparison the engine tests lean on: a wrong one would pass every approximate check.
@Suite("Test support: approximately")
struct ApproximatelyTests {
    @Test("equal within the tolerance, in either direction; unequal beyond it", arguments: [
        (1.0, 1.0, 1e-9, true), (1.0, 1.0 + 1e-10, 1e-9, true), (1.0, 1.0 - 1e-10, 1e-9, true),
        (1.0, 1.001, 1e-9, false), (1.0, 1.001, 0.01, true), (-2.0, 2.0, 1, false),
    ] as [(Double, Double, Double, Bool)])
    func compares(a: Double, b: Double, tolerance: Double, expected: Bool) {
        #expect(approximately(a, b, tolerance: tolerance) == expected)
    }

    @Test("NaN is never approximately anything")
    func notANumber() {
        #expect(!approximately(.nan, .nan))
        #expect(!approximately(.nan, 0, tolerance: .infinity))
    }
}
