import Testing
@testable import Session
import TestRandom

/// The list's order with keys and a seeded generator: what moves on a shuffle, and what comes back.
@Suite("ListOrder")
struct ListOrderTests {
    static let keys = ["a", "b", "c", "d", "e", "f"]

    static func apply(_ newIndex: [Int], to keys: [String]) -> [String] {
        var moved = keys
        for (index, key) in keys.enumerated() { moved[newIndex[index]] = key }
        return moved
    }

    @Test("shuffle on moves only the items after `after`; off puts them back as they were", arguments: [-1, 0, 2, 3])
    func onAndOff(after: Int) throws {
        var order = ListOrder(Self.keys, shuffled: false)
        var generator = SplitMix64(seed: 7)
        let on = try #require(order.shuffle(true, keys: Self.keys, after: after, using: &generator))
        let shuffled = Self.apply(on, to: Self.keys)
        #expect(order.isShuffled)
        #expect(Array(shuffled.prefix(after + 1)) == Array(Self.keys.prefix(after + 1)), "what played stays")
        #expect(Set(shuffled) == Set(Self.keys))
        let off = try #require(order.shuffle(false, keys: shuffled, after: after, using: &generator))
        #expect(Self.apply(off, to: shuffled) == Self.keys)
        #expect(!order.isShuffled)
    }

    @Test("the same seed gives the same order")
    func seeded() {
        var first = ListOrder(Self.keys, shuffled: false), second = first
        var one = SplitMix64(seed: 42), two = SplitMix64(seed: 42)
        #expect(first.shuffle(true, keys: Self.keys, after: 0, using: &one) == second.shuffle(true, keys: Self.keys, after: 0, using: &two))
    }

    @Test("nothing moves when the state does not change, or one item or none is to come",
          arguments: [(true, true, 0), (false, false, 0), (false, true, 4), (false, true, 5), (false, true, 9)])
    func nothingMoves(was: Bool, shuffled: Bool, after: Int) {
        var order = ListOrder(Self.keys, shuffled: was)
        var generator = SplitMix64(seed: 1)
        #expect(order.shuffle(shuffled, keys: Self.keys, after: after, using: &generator) == nil)
        #expect(order.isShuffled == shuffled)
    }

    @Test("off puts back the order from before the first shuffle, with items found since after them, as they stand")
    func foundSince() {
        var order = ListOrder(["a", "b", "c"], shuffled: true)
        var generator = SplitMix64(seed: 3)
        // Started shuffled: the list as given is the order to put back; "x" came since.
        let now = ["a", "x", "c", "b"]
        #expect(order.reorder(now, range: 1..<4, shuffled: false, using: &generator) == [3, 2, 1])
    }

    @Test("the core shuffles what comes after the item playing, tells the session core, counts the change and says so")
    func core() throws {
        var core = PlaybackCore(session: SessionCoreTests.playing(1, count: 6), silenceLimit: 61,
                                order: ListOrder(Self.keys, shuffled: false))
        var generator = SplitMix64(seed: 11)
        let commands = core.setShuffled(true, keys: Self.keys, now: 1, using: &generator)
        guard case .reorderItems(let newIndex) = commands.first else { Issue.record("no reorder first"); return }
        #expect(newIndex[0] == 0 && newIndex[1] == 1, "what played and what plays stay")
        #expect(commands.last == .notice("Shuffle: on"))
        #expect(core.itemsVersion == 1)
        #expect(core.order.isShuffled)
        #expect(core.setShuffled(true, keys: Self.apply(newIndex, to: Self.keys), now: 2, using: &generator) == [.notice("Shuffle: on")])
        #expect(core.itemsVersion == 1, "nothing moved")
    }

    @Test("continue watching is no playlist: nothing to loop or shuffle")
    func continueWatching() {
        let session = SessionCoreTests.core { $0.machine.isPlaylist = false }
        var core = PlaybackCore(session: session, silenceLimit: 61)
        var generator = SplitMix64(seed: 1)
        #expect(core.setShuffled(true, keys: ["a", "b", "c"], now: 0, using: &generator)
            == [.notice("Continue watching is not a playlist: nothing to shuffle")])
        #expect(core.setLoopsPlaylist(true, now: 0) == [.notice("Continue watching is not a playlist: nothing to loop")])
        #expect(!core.order.isShuffled)
    }

    @Test("the loop turns on and off with its notice; asking for the state it has tells the session core nothing")
    func loop() {
        var core = PlaybackCoreTests.playing()
        #expect(core.setLoopsPlaylist(true, now: 0).last == .notice("Loop the list: on"))
        #expect(core.session.machine.configuration.loopPlaylist)
        #expect(core.setLoopsPlaylist(true, now: 1) == [.notice("Loop the list: on")])
        #expect(core.setLoopsPlaylist(false, now: 2).last == .notice("Loop the list: off"))
        #expect(!core.session.machine.configuration.loopPlaylist)
    }
}
