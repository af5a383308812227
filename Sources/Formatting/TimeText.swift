/// Formats playback times the way a player shows them: `m:ss`, or `h:mm:ss` from one hour on.
///
/// Times are truncated to whole seconds, as players do, so 59.9 s still reads `0:59`.
/// Negative and non-finite times read as zero.
public enum TimeText {
    /// A time as `m:ss` under one hour ("0:00", "1:05", "59:59") and `h:mm:ss` from one hour on
    /// ("1:00:00", "100:00:00").
    public static func format(_ seconds: Double) -> String {
        let whole = wholeSeconds(seconds)
        return format(whole: whole, showingHours: whole >= 3600)
    }

    /// An elapsed time and a total that read alike: both use `h:mm:ss` when either reaches one hour,
    /// as in "0:05:03 / 1:02:00".
    public static func pair(elapsed: Double, total: Double) -> (elapsed: String, total: String) {
        let elapsed = wholeSeconds(elapsed)
        let total = wholeSeconds(total)
        let showingHours = max(elapsed, total) >= 3600
        return (format(whole: elapsed, showingHours: showingHours), format(whole: total, showingHours: showingHours))
    }

    /// A time in the clock's format for a file `duration` long: `h:mm:ss` throughout a file of an
    /// hour or more ("0:59:28" in a 2-hour file, as its clock reads), else `m:ss`. Every time shown
    /// for one file (the scrub card, notices, chapters) reads this way, so that none reads
    /// "12:00" for 12 minutes into a file whose clock says "0:12:00".
    public static func format(_ seconds: Double, within duration: Double) -> String {
        pair(elapsed: seconds, total: duration).elapsed
    }

    /// The time left at `position` in a file `duration` long, in the clock's format: the length
    /// the clock shows less the elapsed time it shows, so that the two add up ("0:05" and "−0:07"
    /// in a file of 12.04 s that reads "0:12"). That rounds the time left up: 0.84 s left of 8 s
    /// reads "0:01", and an item not at its end never reads "0:00".
    public static func left(at position: Double, of duration: Double) -> String {
        format(whole: secondsLeft(at: position, of: duration), showingHours: wholeSeconds(duration) >= 3600)
    }

    /// The whole seconds ``left(at:of:)`` reads.
    public static func secondsLeft(at position: Double, of duration: Double) -> Int {
        let whole = max(wholeSeconds(duration) - wholeSeconds(position), 0)
        return whole == 0 && duration - max(position, 0) > 0 ? 1 : whole
    }

    /// A time as words for a screen reader: "1 minute 14 seconds", "1 hour 5 seconds", "0 seconds".
    ///
    /// Parts that are zero are left out, except that a time of zero reads "0 seconds".
    public static func spoken(_ seconds: Double) -> String {
        let whole = wholeSeconds(seconds)
        let parts = [(whole / 3600, "hour"), (whole / 60 % 60, "minute"), (whole % 60, "second")]
            .filter { $0.0 > 0 }
            .map { count, unit in "\(count) \(unit)\(count == 1 ? "" : "s")" }
        return parts.isEmpty ? "0 seconds" : parts.joined(separator: " ")
    }

    /// The scrubber's value for a screen reader: "1 minute 14 seconds of 2 minutes".
    public static func spokenPosition(_ position: Double, of duration: Double) -> String {
        "\(spoken(position)) of \(spoken(duration))"
    }

    /// Whole seconds, floored; negative and non-finite times give 0, and huge ones are capped so
    /// that the conversion to `Int` can never trap.
    static func wholeSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return Int(min(seconds, 1e15))
    }

    private static func format(whole: Int, showingHours: Bool) -> String {
        let secs = twoDigits(whole % 60)
        guard showingHours else { return "\(whole / 60):\(secs)" }
        return "\(whole / 3600):\(twoDigits(whole / 60 % 60)):\(secs)"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
