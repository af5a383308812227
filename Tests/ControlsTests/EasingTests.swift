import Testing
@testable import Controls

@Suite("Easing curves")
struct EasingTests {
    @Test("every curve starts at exactly 0 and ends at exactly 1, and clamps outside", arguments: [Easing.linear, .easeIn, .easeOut, .easeInOut, .smooth])
    func ends(curve: Easing) {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        #expect(curve.value(at: -0.5) == 0)
        #expect(curve.value(at: 1.5) == 1)
        #expect(curve.value(at: .nan) == 0)
    }

    @Test("every curve rises monotonically", arguments: [Easing.linear, .easeIn, .easeOut, .easeInOut, .smooth])
    func monotonic(curve: Easing) {
        var previous = 0.0
        for step in 1...200 {
            let value = curve.value(at: Double(step) / 200)
            #expect(value >= previous)
            previous = value
        }
    }

    // Reference values from an independent high-precision evaluation of the same definitions.
    @Test("values at curve points", arguments: [
        (Easing.easeInOut, 0.1, 0.019722453548311196), (.easeInOut, 0.25, 0.1291619310473198), (.easeInOut, 0.5, 0.5),
        (.easeInOut, 0.75, 0.8708380689526802), (.easeInOut, 0.9, 0.9802775464516889),
        (.easeOut, 0.1, 0.16057215423753346), (.easeOut, 0.25, 0.37813813082510966), (.easeOut, 0.5, 0.6846431874274606),
        (.easeOut, 0.9, 0.982973390348437),
        (.easeIn, 0.25, 0.09346465071882484), (.easeIn, 0.5, 0.31535681257253945),
        (.smooth, 0.1, 0.13312203908921624), (.smooth, 0.25, 0.47200363783142935), (.smooth, 0.5, 0.8323462377208007),
        (.smooth, 0.75, 0.9617648451076196), (.smooth, 0.9, 0.9901723078543403),
        (.linear, 0.3, 0.3),
    ])
    func values(curve: Easing, progress: Double, expected: Double) {
        #expect(approximately(curve.value(at: progress), expected, tolerance: 1e-12))
    }

    @Test("progress(reaching:) inverts value(at:)", arguments: [Easing.easeIn, .easeOut, .easeInOut, .smooth])
    func inverse(curve: Easing) {
        for progress in [0.05, 0.3, 0.5, 0.77, 0.95] {
            #expect(approximately(curve.progress(reaching: curve.value(at: progress)), progress, tolerance: 1e-12))
        }
        #expect(curve.progress(reaching: 0) == 0)
        #expect(curve.progress(reaching: 1) == 1)
    }

    @Test("a custom Bézier clamps its control x values so it stays a function")
    func bezierClamps() {
        let curve = CubicBezier(-1, 0, 2, 1)
        #expect(curve == CubicBezier(0, 0, 1, 1))
        #expect(approximately(CubicBezier(0, 0, 1, 1).value(at: 0.3), 0.3, tolerance: 1e-12))
    }

    @Test("exponential matches known values", arguments: [
        (1.0, 2.718281828459045), (0, 1), (-0.5, 0.6065306597126334), (-2 * Double.pi, 0.0018674427317079893), (10, 22026.465794806718),
    ])
    func exponentialValues(x: Double, expected: Double) {
        #expect(approximately(exponential(x) / expected, 1, tolerance: 1e-14))
    }

    @Test("exponential handles the extremes")
    func exponentialExtremes() {
        #expect(exponential(1000) == .infinity)
        #expect(exponential(-1000) == 0)
        #expect(exponential(.nan).isNaN)
    }
}
