/// Whether the session's list is shuffled, and the order its items had before, to put back.
///
/// Shuffling (`--shuffle`, `cycle shuffle`, MPRIS's `Shuffle`) moves only what is still to come;
/// turning it off puts those items back in the order they had before the first shuffle (by what
/// each one opens), with any item found since after them, in the order it has.
struct ListOrder {
    private(set) var isShuffled: Bool
    /// Each item's place in the unshuffled list, by what it opens (the first place for a repeat).
    private var ranks: [String: Int] = [:]

    init(_ items: [PlaylistItem], shuffled: Bool) {
        isShuffled = shuffled
        remember(items)
    }

    private mutating func remember(_ items: [PlaylistItem]) {
        ranks = [:]
        for (index, item) in items.enumerated() where ranks[item.source.mpvName] == nil { ranks[item.source.mpvName] = index }
    }

    /// The new order of `items[range]`, as their old indices, for shuffling on (`true`) or off;
    /// `items` is the whole list as it is now.
    mutating func reorder(_ items: [PlaylistItem], range: Range<Int>, shuffled: Bool) -> [Int] {
        defer { isShuffled = shuffled }
        guard shuffled else {
            let unknown = Int.max
            return range.enumerated()
                .sorted { a, b in
                    let ra = ranks[items[a.element].source.mpvName] ?? unknown, rb = ranks[items[b.element].source.mpvName] ?? unknown
                    return ra != rb ? ra < rb : a.offset < b.offset
                }
                .map(\.element)
        }
        if !isShuffled { remember(items) }
        return Array(range).shuffled()
    }
}
