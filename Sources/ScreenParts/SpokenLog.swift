/// The screen reader's lines a screen keeps: the latest, and the last ``limit`` given.
public enum SpokenLog {
    /// How many lines a screen keeps for the app to write out.
    public static let limit = 64

    /// Appends `line` to `lines`, dropping the oldest beyond ``limit``.
    public static func append(_ line: String, to lines: inout [String]) {
        lines.append(line)
        if lines.count > limit { lines.removeFirst(lines.count - limit) }
    }
}
