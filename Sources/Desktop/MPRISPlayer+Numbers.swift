/// The numbers that come over the bus, checked before anything acts on them: any `Int64` and any
/// `Double` a client sends (the limits, NaN, the infinities) gives a value in reel's ranges or a
/// refusal, with no arithmetic that can trap.
extension MPRISPlayer {
    /// What a write of `Rate` asks for.
    enum RateWrite: Equatable {
        /// 0: the specification's pause.
        case pause
        /// A speed within ``MPRISPlayer/minimumRate`` … ``MPRISPlayer/maximumRate``.
        case speed(Double)
        /// Outside the range, or not a number: the specification says the value must fall within
        /// MinimumRate and MaximumRate, so anything else is refused (InvalidArgs) and changes nothing.
        case refused
    }

    /// `Seek`'s offset in seconds: `microseconds` over 10⁶, never past the item's `length` either
    /// way (a longer jump ends at the same place, the start or the end).
    static func seekOffset(microseconds: Int64, length: Double) -> Double {
        let bound = length.isFinite ? max(length, 0) : 0
        return min(max(Double(microseconds) / 1e6, -bound), bound)
    }

    /// `SetPosition`'s position in seconds, or nil outside `0 … length`, which the specification
    /// says to ignore.
    public static func position(microseconds: Int64, length: Double) -> Double? {
        let seconds = Double(microseconds) / 1e6
        return seconds >= 0 && seconds <= length ? seconds : nil
    }

    /// What a write of `Rate` to `value` asks for.
    static func rateWrite(_ value: Double) -> RateWrite {
        if value == 0 { return .pause }
        guard value >= minimumRate, value <= maximumRate else { return .refused }
        return .speed(value)
    }

    /// The volume in percent (0 … 130, whole) that a write of `Volume` to `value` asks for: a
    /// negative one is 0 (the specification), one over 1.3 is mpv's most, 130; nil for NaN and
    /// the infinities, which are refused.
    static func volumePercent(_ value: Double) -> Double? {
        guard value.isFinite else { return nil }
        return (min(max(value, 0), 1.3) * 100).rounded()
    }
}
