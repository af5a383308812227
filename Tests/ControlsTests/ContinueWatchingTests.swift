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
