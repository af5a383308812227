@testable import Controls
import Testing

@Suite("Duration histogram")
struct DurationHistogramTests {
    @Test("percentiles come back within half a bin of the exact ones")
    func percentiles() {
        var histogram = DurationHistogram()
        for value in 1...1000 { histogram.record(milliseconds: Double(value) * 0.013) }
        #expect(histogram.count == 1000)
        #expect(abs(histogram.percentile(0.5) - 6.5) <= 0.005 + 0.013)
        #expect(abs(histogram.percentile(0.95) - 12.35) <= 0.005 + 0.013)
        #expect(abs(histogram.percentile(1) - 13) <= 0.01)
    }

    @Test("no durations read as 0, odd ones are kept in range, and long ones report the maximum")
    func edges() {
        var histogram = DurationHistogram()
        #expect(histogram.percentile(0.5) == 0)
        histogram.record(milliseconds: -3)
        histogram.record(milliseconds: .nan)
        #expect(histogram.percentile(1) == 0.005)
        histogram.record(milliseconds: 250)
        #expect(histogram.percentile(1) == 250)
        #expect(histogram.maximum == 250)
    }

    @Test("memory stays the same however many durations are recorded")
    func fixedSize() {
        var histogram = DurationHistogram()
        for value in 0..<200_000 { histogram.record(milliseconds: Double(value % 700) / 7) }
        #expect(histogram.count == 200_000)
        #expect(histogram.percentile(0.5) > 49 && histogram.percentile(0.5) < 51)
    }
}
