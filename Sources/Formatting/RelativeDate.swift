/// Says how long ago something happened, as a list of recent things does: "just now",
/// "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", "12 Mar", "12 Mar 2024".
///
/// Times are wall-clock seconds since the Unix epoch, and the caller gives the local time zone's
/// offset from UTC: the engine reads no clock and no time zone, so the same inputs always give
/// the same words. "Yesterday" is the calendar day before today where the viewer lives, not
/// 24 hours back.
public enum RelativeDate {
    /// The words for `time`, seen at `now`, in a zone `utcOffset` seconds east of UTC.
    /// A time in the future (a clock set back) reads "just now".
    public static func text(for time: Int64, now: Int64, utcOffset: Int64 = 0) -> String {
        let age = now - time
        if age < 60 { return "just now" }
        if age < 3600 { return plural(Int(age / 60), "minute") + " ago" }
        let days = localDay(now, utcOffset) - localDay(time, utcOffset)
        if days == 0 { return plural(Int(age / 3600), "hour") + " ago" }
        if days == 1 { return "yesterday" }
        if days < 7 { return "\(days) days ago" }
        let then = civilDate(fromDays: localDay(time, utcOffset))
        let today = civilDate(fromDays: localDay(now, utcOffset))
        let dayAndMonth = "\(then.day) \(monthNames[then.month - 1])"
        return then.year == today.year ? dayAndMonth : "\(dayAndMonth) \(then.year)"
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    private static func plural(_ count: Int, _ unit: String) -> String {
        "\(count) \(unit)\(count == 1 ? "" : "s")"
    }

    /// Days since 1970-01-01 in local time (floor division, so times before 1970 work too).
    static func localDay(_ time: Int64, _ utcOffset: Int64) -> Int64 {
        let local = time + utcOffset
        return local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
    }

    /// The proleptic Gregorian date of a day number (days since 1970-01-01), after Howard
    /// Hinnant's `civil_from_days`.
    public static func civilDate(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}
