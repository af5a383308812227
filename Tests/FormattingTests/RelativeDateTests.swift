import Formatting
import Testing

/// "Yesterday": when something was watched, in words, with the clock and the zone passed in.
@Suite("Relative dates")
struct RelativeDateTests {
    // 2023-11-14 22:13:20 UTC.
    static let now: Int64 = 1_700_000_000

    @Test("recent times in minutes and hours, then days by the calendar", arguments: [
        (0, 0, "just now"), (59, 0, "just now"), (60, 0, "1 minute ago"), (45 * 60, 0, "45 minutes ago"),
        (3 * 3600, 0, "3 hours ago"), (23 * 3600, 0, "yesterday"), (30 * 3600, 0, "yesterday"),
        (3 * 86_400, 0, "3 days ago"), (6 * 86_400, 0, "6 days ago"), (8 * 86_400, 0, "6 Nov"),
        (400 * 86_400, 0, "10 Oct 2022"), (-50, 0, "just now"),
        // At 00:13 on the 15th in UTC+2, two hours back is the 14th there: yesterday.
        (2 * 3600, 7200, "yesterday"), (2 * 3600, 0, "2 hours ago"),
    ] as [(Int64, Int64, String)])
    func words(age: Int64, offset: Int64, expected: String) {
        #expect(RelativeDate.text(for: Self.now - age, now: Self.now, utcOffset: offset) == expected)
    }

    @Test("the calendar is right across leap days and before 1970")
    func calendar() {
        #expect(RelativeDate.civilDate(fromDays: 0) == (1970, 1, 1))
        #expect(RelativeDate.civilDate(fromDays: 19_782) == (2024, 2, 29))
        #expect(RelativeDate.civilDate(fromDays: -1) == (1969, 12, 31))
        #expect(RelativeDate.text(for: 951_782_400, now: 951_782_400 + 400 * 86_400) == "29 Feb 2000")
    }
}
