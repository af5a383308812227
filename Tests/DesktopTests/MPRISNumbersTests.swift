import Testing
@testable import Desktop

/// The numbers that come over the bus, checked with no bus: every `Int64` and `Double` edge
/// gives a value in reel's ranges or a refusal.
@Suite("MPRIS numbers")
struct MPRISNumbersTests {
    @Test("Seek's offset is in seconds and never longer than the item either way", arguments: [
        (Int64.max, 120.0, 120.0), (Int64.min, 120.0, -120.0), (Int64.max, 0.0, 0.0), (Int64.min, .nan, 0.0),
        (Int64.max, .infinity, 0.0), (Int64.max, -5.0, 0.0), (0, 120.0, 0.0), (2_500_000, 120.0, 2.5), (-2_500_000, 120.0, -2.5),
        (9_223_372_036_854, 1e12, 9_223_372.036854),
    ] as [(Int64, Double, Double)])
    func seekOffset(_ microseconds: Int64, _ length: Double, _ seconds: Double) {
        #expect(MPRISPlayer.seekOffset(microseconds: microseconds, length: length) == seconds)
    }

    @Test("SetPosition's position is in seconds within the item, else nil", arguments: [
        (Int64.max, 120.0, nil), (Int64.min, 120.0, nil), (-1, 120.0, nil), (0, 120.0, 0.0), (120_000_000, 120.0, 120.0),
        (120_000_001, 120.0, nil), (45_000_000, .nan, nil), (45_000_000, .infinity, 45.0),
    ] as [(Int64, Double, Double?)])
    func position(_ microseconds: Int64, _ length: Double, _ seconds: Double?) {
        #expect(MPRISPlayer.position(microseconds: microseconds, length: length) == seconds)
    }

    @Test("Rate: 0 pauses, MinimumRate … MaximumRate is a speed, anything else is refused", arguments: [
        (0.0, .pause), (-0.0, .pause), (1.5, .speed(1.5)), (0.01, .speed(0.01)), (100, .speed(100)), (100.000001, .refused),
        (0.009, .refused), (-1, .refused), (.nan, .refused), (.infinity, .refused), (-.infinity, .refused),
        (.greatestFiniteMagnitude, .refused), (.leastNonzeroMagnitude, .refused), (-.leastNonzeroMagnitude, .refused),
    ] as [(Double, MPRISPlayer.RateWrite)])
    func rate(_ value: Double, _ write: MPRISPlayer.RateWrite) {
        #expect(MPRISPlayer.rateWrite(value) == write)
    }

    @Test("Volume: negative is 0, over 1.3 is 130 %, NaN and the infinities are refused", arguments: [
        (1.0, 100.0), (0.505, 51.0), (-1, 0), (-.greatestFiniteMagnitude, 0), (2, 130), (.greatestFiniteMagnitude, 130),
        (.leastNonzeroMagnitude, 0), (.nan, nil), (.infinity, nil), (-.infinity, nil),
    ] as [(Double, Double?)])
    func volume(_ value: Double, _ percent: Double?) {
        #expect(MPRISPlayer.volumePercent(value) == percent)
    }
}
