/// Formats a file size for people: decimal units, three significant figures at most.
///
/// "0 B", "999 B", "1.0 kB", "12.3 MB", "123 MB", "1.2 GB". Units are powers of 1000, as file
/// managers on Linux and macOS show them. Negative sizes read as 0 B.
public enum ByteCountText {
    private static let units = ["B", "kB", "MB", "GB", "TB", "PB", "EB"]

    /// The size `bytes` as text.
    public static func format(_ bytes: Int64) -> String {
        guard bytes >= 1000 else { return "\(max(bytes, 0)) B" }
        var value = Double(bytes)
        var unit = 0
        // Round first, so that 999.96 kB reads 1.0 MB and not 1000.0 kB.
        while unit < units.count - 1, (value * 10).rounded() / 10 >= 1000 {
            value /= 1000
            unit += 1
        }
        if value >= 99.95 { return "\(Int(value.rounded())) \(units[unit])" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
