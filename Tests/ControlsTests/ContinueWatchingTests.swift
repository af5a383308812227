import Controls
import Testing

/// The continue-watching list: order, the finished-items rule, forget and undo.
@Suite("Continue watching")
struct ContinueWatchingTests {
    typealias Entry = ContinueWatching.Entry
    static let day: Int64 = 86_400
    static let now: Int64 = 1_700_000_000

    @Test("the most recently watched comes first")
    func newestFirst() {
        let list = ContinueWatching([Entry(key: "/a", lastWatched: Self.now - 500, isFinished: false),
                                     Entry(key: "/b", lastWatched: Self.now - 10, isFinished: false),
                                     Entry(key: "/c", lastWatched: Self.now - 9 * Self.day, isFinished: false)], now: Self.now)
        #expect(list.entries.map(\.key) == ["/b", "/a", "/c"])
    }

    @Test("a finished item stays three days after it was last watched, then leaves the list",
          arguments: [(0, true), (172_800, true), (259_199, true), (259_200, false), (3_456_000, false)] as [(Int64, Bool)])
    func finishedRule(age: Int64, listed: Bool) {
        let finished = Entry(key: "/done", lastWatched: Self.now - age, isFinished: true)
        let started = Entry(key: "/half", lastWatched: Self.now - age, isFinished: false)
        let list = ContinueWatching([finished, started], now: Self.now)
        #expect(list.entries.contains(finished) == listed)
        #expect(list.entries.contains(started), "an unfinished item never leaves by itself")
    }

    @Test("forget removes one and says which record to delete; undo puts it back where it was")
    func forgetAndUndo() {
        var list = ContinueWatching((0..<3).map { Entry(key: "/\($0)", lastWatched: Self.now - Int64($0), isFinished: false) },
                                    now: Self.now)
        let middle = list.entries[1]
        #expect(list.event(.forget(key: "/1")) == .delete(middle))
        #expect(list.entries.map(\.key) == ["/0", "/2"])
        #expect(list.event(.forget(key: "/nope")) == .none)
        #expect(list.event(.undo) == .restore(middle))
        #expect(list.entries.map(\.key) == ["/0", "/1", "/2"])
        #expect(list.event(.undo) == .none, "one step of undo")
    }

    @Test("forget all deletes every record in the list and leaves nothing to undo")
    func forgetAll() {
        var list = ContinueWatching([Entry(key: "/a", lastWatched: Self.now, isFinished: false),
                                     Entry(key: "/b", lastWatched: Self.now - 1, isFinished: false)], now: Self.now)
        _ = list.event(.forget(key: "/a"))
        #expect(list.event(.forgetAll) == .deleteAll([Entry(key: "/b", lastWatched: Self.now - 1, isFinished: false)]))
        #expect(list.entries.isEmpty && list.event(.undo) == .none && list.event(.forgetAll) == .none)
    }
}

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
