/// Durations of a repeated piece of work (drawing a screen, rendering a frame) for `--stats`, in a
/// fixed amount of memory however long reel runs.
///
/// Each duration falls in a bin 10 µs wide, up to 100 ms; longer ones share one last bin. A
/// percentile is read back as the middle of its bin, so it is within 5 µs of the exact one below
/// 100 ms.
public struct DurationHistogram: Sendable, Equatable {
    /// The width of a bin, in milliseconds.
    public static let binWidth = 0.01
    /// How many bins of ``binWidth`` there are before the overflow bin.
    public static let binCount = 10_000

    private var bins = [UInt32](repeating: 0, count: DurationHistogram.binCount + 1)
    /// How many durations were recorded.
    public private(set) var count = 0
    /// The longest duration recorded, in milliseconds.
    public private(set) var maximum = 0.0

    /// An empty histogram.
    public init() {}

    /// Records one duration in milliseconds (a negative one counts as 0).
    public mutating func record(milliseconds: Double) {
        let value = milliseconds.isFinite ? max(milliseconds, 0) : 0
        let bin = value >= Double(DurationHistogram.binCount) * DurationHistogram.binWidth
            ? DurationHistogram.binCount : Int(value / DurationHistogram.binWidth)
        bins[bin] &+= 1
        count += 1
        maximum = max(maximum, value)
    }

    /// The duration below which `fraction` (0…1) of the recorded ones fall, in milliseconds: the
    /// middle of its bin, or the maximum when that is in the overflow bin; 0 when none was recorded.
    public func percentile(_ fraction: Double) -> Double {
        guard count > 0 else { return 0 }
        let rank = min(max(Int((Double(count - 1) * fraction).rounded()), 0), count - 1)
        var seen = 0
        for (bin, tally) in bins.enumerated() {
            seen += Int(tally)
            if seen > rank {
                return bin == DurationHistogram.binCount ? maximum : (Double(bin) + 0.5) * DurationHistogram.binWidth
            }
        }
        return maximum
    }
}
