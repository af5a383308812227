import Controls

/// Figures for `--stats`.
struct RunStats {
    var screensDrawn = 0
    /// From the start of the process to the first screen handed to the terminal.
    var firstScreenMilliseconds = 0.0
    /// How long composing, encoding and diffing a screen took.
    var drawTimes = DurationHistogram()

    mutating func recordDraw(milliseconds: Double) {
        screensDrawn += 1
        drawTimes.record(milliseconds: milliseconds)
    }
}
