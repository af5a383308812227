/// Inserting a batch of elements into a list at known places, in one pass.
///
/// A batch is described by the elements and their `positions`: ascending indices in the list as
/// it is *after* the insertion. A background scan that keeps the order works the positions out;
/// the list and everything parallel to it (the screen's items, the scene's files) then take the
/// batch without comparing anything, and an index into the old list maps to the new one.
public enum SortedInsertion {
    /// Puts `new[i]` at index `positions[i]` of `list`, in place: the list grows at its end
    /// (its storage doubling now and then) and its elements are moved down from the back as
    /// whole blocks of memory, never copied one by one: a list of 150,000 files takes a batch
    /// without touching each file's reference counts (which, spread over the heap, cost a cache
    /// miss each: 170 ms a batch, measured, where this takes a few).
    ///
    /// `positions` must be ascending, as many as `new`, and each below `list.count + new.count`.
    public static func insert<Element>(_ new: [Element], at positions: [Int], into list: inout [Element]) {
        precondition(new.count == positions.count, "one position for each new element")
        guard !new.isEmpty else { return }
        let oldCount = list.count, total = oldCount + new.count
        for (offset, position) in positions.enumerated() {
            precondition(position >= offset && position < total && (offset == 0 || position > positions[offset - 1]),
                         "positions ascending, and inside the list")
        }
        if list.capacity < total { list.reserveCapacity(max(total, list.capacity * 2)) }
        list.append(contentsOf: new)
        list.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // The new elements wait aside while the old ones move down to make room for them.
            let parked = UnsafeMutablePointer<Element>.allocate(capacity: new.count)
            defer { parked.deallocate() }
            parked.moveInitialize(from: base + oldCount, count: new.count)
            var oldEnd = oldCount
            for index in stride(from: new.count - 1, through: 0, by: -1) {
                let position = positions[index]
                // The old elements from here to oldEnd come after this new one.
                let firstOld = position - index
                if oldEnd > firstOld { (base + position + 1).moveInitialize(from: base + firstOld, count: oldEnd - firstOld) }
                (base + position).moveInitialize(from: parked + index, count: 1)
                oldEnd = firstOld
            }
        }
    }

    /// `old` with `new[i]` at index `positions[i]` of the result (``insert(_:at:into:)`` on a copy).
    public static func merge<Element>(_ old: [Element], inserting new: [Element], at positions: [Int]) -> [Element] {
        var list = old
        insert(new, at: positions, into: &list)
        return list
    }

    /// Where the element at `index` of the old list is after inserting at `positions`.
    public static func newIndex(of index: Int, insertingAt positions: [Int]) -> Int {
        newIndices(of: [index], insertingAt: positions)[0]
    }

    /// Where the elements at `indices` (ascending) of the old list are after inserting at
    /// `positions`: ``newIndex(of:insertingAt:)`` for all of them, in one pass.
    public static func newIndices(of indices: [Int], insertingAt positions: [Int]) -> [Int] {
        var shift = 0
        return indices.map { index in
            // Each position at or before where the element lands moves it down one more.
            while shift < positions.count, positions[shift] <= index + shift { shift += 1 }
            return index + shift
        }
    }

    /// One batch for two in a row: `earlier` (into the list L0, giving L1), then `later` (into L1,
    /// giving L2) become one insertion into L0 giving L2, its positions in L2.
    public static func combine<Element>(_ earlier: (elements: [Element], positions: [Int]),
                                        _ later: (elements: [Element], positions: [Int]))
        -> (elements: [Element], positions: [Int]) {
        // The earlier elements' places in L2: each moves down by the later ones inserted before it.
        let moved = newIndices(of: earlier.positions, insertingAt: later.positions)
        var elements: [Element] = []
        var positions: [Int] = []
        elements.reserveCapacity(earlier.elements.count + later.elements.count)
        positions.reserveCapacity(elements.capacity)
        var i = 0, j = 0
        while i < moved.count || j < later.positions.count {
            if j == later.positions.count || (i < moved.count && moved[i] < later.positions[j]) {
                elements.append(earlier.elements[i])
                positions.append(moved[i])
                i += 1
            } else {
                elements.append(later.elements[j])
                positions.append(later.positions[j])
                j += 1
            }
        }
        return (elements, positions)
    }
}
