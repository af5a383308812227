/// Inserting a batch of elements into a list at known places, in one pass.
///
/// A batch is described by the elements and their `positions`: ascending indices in the list as
/// it is *after* the insertion. A background scan that keeps the order works the positions out;
/// the list and everything parallel to it (the screen's items, the scene's files) then take the
/// batch without comparing anything, and an index into the old list maps to the new one.
public enum SortedInsertion {
    /// `old` with `new[i]` at index `positions[i]` of the result.
    ///
    /// `positions` must be ascending, as many as `new`, and each below `old.count + new.count`.
    public static func merge<Element>(_ old: [Element], inserting new: [Element], at positions: [Int]) -> [Element] {
        precondition(new.count == positions.count, "one position for each new element")
        var result: [Element] = []
        result.reserveCapacity(old.count + new.count)
        var oldIndex = 0
        for (element, position) in zip(new, positions) {
            while result.count < position, oldIndex < old.count {
                result.append(old[oldIndex])
                oldIndex += 1
            }
            result.append(element)
        }
        result.append(contentsOf: old[oldIndex...])
        return result
    }

    /// Where the element at `index` of the old list is after inserting at `positions`.
    public static func newIndex(of index: Int, insertingAt positions: [Int]) -> Int {
        var shift = 0
        while shift < positions.count, positions[shift] <= index + shift { shift += 1 }
        return index + shift
    }

    /// One batch for two in a row: `earlier` (into the list L0, giving L1), then `later` (into L1,
    /// giving L2) become one insertion into L0 giving L2, its positions in L2.
    public static func combine<Element>(_ earlier: (elements: [Element], positions: [Int]),
                                        _ later: (elements: [Element], positions: [Int]))
        -> (elements: [Element], positions: [Int]) {
        // The earlier elements' places in L2: each moves down by the later ones inserted before it.
        var moved: [Int] = []
        moved.reserveCapacity(earlier.positions.count)
        var shift = 0
        for position in earlier.positions {
            while shift < later.positions.count, later.positions[shift] <= position + shift { shift += 1 }
            moved.append(position + shift)
        }
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
