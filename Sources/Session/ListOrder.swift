/// Whether the session's list is shuffled, and the order its items had before, to put back.
///
/// Shuffling (`--shuffle`, `cycle shuffle`, MPRIS's `Shuffle`) moves only what is still to come;
/// turning it off puts those items back in the order they had before the first shuffle (by what
/// each one opens, its key), with any item found since after them, in the order it has.
public struct ListOrder: Sendable, Equatable {
    public private(set) var isShuffled: Bool
    /// Each item's place in the unshuffled list, by what it opens (the first place for a repeat).
    private var ranks: [String: Int] = [:]

    /// The order of a list whose items open `keys`, in the order they are unshuffled.
    public init(_ keys: [String], shuffled: Bool) {
        isShuffled = shuffled
        remember(keys)
    }

    private mutating func remember(_ keys: [String]) {
        ranks = [:]
        for (index, key) in keys.enumerated() where ranks[key] == nil { ranks[key] = index }
    }

    /// The new order of `keys[range]`, as their old indices, for shuffling on (`true`) or off;
    /// `keys` is the whole list as it is now. `generator` shuffles.
    public mutating func reorder(_ keys: [String], range: Range<Int>, shuffled: Bool,
                                 using generator: inout some RandomNumberGenerator) -> [Int] {
        defer { isShuffled = shuffled }
        guard shuffled else {
            let unknown = Int.max
            return range.enumerated()
                .sorted { a, b in
                    let ra = ranks[keys[a.element]] ?? unknown, rb = ranks[keys[b.element]] ?? unknown
                    return ra != rb ? ra < rb : a.offset < b.offset
                }
                .map(\.element)
        }
        if !isShuffled { remember(keys) }
        return Array(range).shuffled(using: &generator)
    }

    /// Shuffles the items after item `after` on or off: the new place of every item of `keys`,
    /// or nil when none moves (no change of state, or one item or none to come).
    public mutating func shuffle(_ shuffled: Bool, keys: [String], after: Int,
                                 using generator: inout some RandomNumberGenerator) -> [Int]? {
        let range = min(after + 1, keys.count)..<keys.count
        let before = isShuffled
        let newOrder = reorder(keys, range: range, shuffled: shuffled, using: &generator)
        guard before != shuffled, range.count > 1 else { return nil }
        var newIndex = Array(keys.indices)
        for (offset, old) in newOrder.enumerated() { newIndex[old] = range.lowerBound + offset }
        return newIndex
    }
}
