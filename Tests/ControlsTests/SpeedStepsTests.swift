import Testing
@testable import Controls

@Suite("SpeedSteps")
struct SpeedStepsTests {
    @Test("[ and ] step through 0.25 … 4 and stop at the ends", arguments: [
        (1.0, 1, 1.25), (1.0, -1, 0.75), (1.75, 1, 2.0), (2.0, 1, 3.0), (3.0, 1, 4.0), (4.0, 1, 4.0),
        (0.25, -1, 0.25), (0.5, -1, 0.25), (1.0, 3, 1.75), (1.0, -10, 0.25),
        // A speed between steps moves to the nearest step that way.
        (1.1, 1, 1.25), (1.1, -1, 1.0), (0.1, 1, 0.25), (9.0, -1, 4.0), (9.0, 1, 4.0),
    ] as [(Double, Int, Double)])
    func steps(from: Double, by: Int, expected: Double) {
        #expect(SpeedSteps.step(from: from, by: by) == expected)
    }

    @Test("the badge shows only away from normal speed", arguments: [
        (1.0, nil), (1.5, "1.5×"), (0.25, "0.25×"), (2.0, "2×"), (0.75, "0.75×"),
    ] as [(Double, String?)])
    func badge(speed: Double, expected: String?) {
        #expect(SpeedSteps.badge(speed) == expected)
    }
}
