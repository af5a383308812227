/// Numbers written the one way reel writes them: plain decimal, never an exponent, no grouping
/// separators, trailing zeros dropped down to `minimumFractionDigits`. The option values handed
/// to mpv, the skip labels, the speeds, the commands' text, resume records and `--stats` all use it.
public enum DecimalText {
    /// `value` with at most `maximumFractionDigits` decimals (rounded, halves away from zero) and
    /// at least `minimumFractionDigits`. Not-finite values are "0"; magnitudes are clamped to 1e15,
    /// and further to 9e18 over 10^digits, so that the scaled number fits in an Int64 (with 6
    /// decimals, 9e12: a seek of `Int64.max` microseconds from MPRIS trapped there).
    public static func format(_ value: Double, maximumFractionDigits: Int, minimumFractionDigits: Int = 0) -> String {
        guard value.isFinite else { return "0" }
        let digits = min(max(maximumFractionDigits, 0), 6)
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let limit = min(1e15, 9e18 / Double(scale))
        let clamped = min(max(value, -limit), limit)
        let scaled = Int64((abs(clamped) * Double(scale)).rounded())
        let sign = clamped < 0 && scaled > 0 ? "-" : ""
        var text = sign + String(scaled / scale)
        guard digits > 0 else { return text }
        var fraction = String(scaled % scale)
        fraction = String(repeating: "0", count: digits - fraction.count) + fraction
        let keep = max(min(minimumFractionDigits, digits), 0)
        while fraction.count > keep, fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { text += "." + fraction }
        return text
    }
}
