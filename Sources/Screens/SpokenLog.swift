/// The screen reader's lines a screen keeps: the latest, and the last ``limit`` given.
enum SpokenLog {
    /// How many lines a screen keeps for the app to write out.
    static let limit = 64

    /// Appends `line` to `lines`, dropping the oldest beyond ``limit``.
    static func append(_ line: String, to lines: inout [String]) {
        lines.append(line)
        if lines.count > limit { lines.removeFirst(lines.count - limit) }
    }
}
