import Controls
import Formatting

/// The natural order of the files a scan has found so far ("ep2" before "ep10", by the name
/// shown): where each new batch goes in the list.
///
/// It keeps one ``NaturalOrder/Key`` per file (about 100 bytes), so that a batch is placed with
/// one pass and no name is split into runs twice. The list itself only applies the positions
/// (``SortedInsertion``).
struct LibraryOrder {
    private var keys: [NaturalOrder.Key] = []

    /// How many files are in order so far.
    var count: Int { keys.count }

    /// Puts `files` in order among those before: returns them sorted, and for each its index in
    /// the list once the batch is in (ascending). A file whose name equals an earlier one goes
    /// after it.
    mutating func insert(_ files: [LibraryFile]) -> (files: [LibraryFile], positions: [Int]) {
        guard !files.isEmpty else { return ([], []) }
        let batch = files.map { (key: NaturalOrder.Key($0.name), file: $0) }.sorted { $0.key < $1.key }
        // A new key's place: the old keys not after it, and the new ones before it.
        var positions: [Int] = []
        positions.reserveCapacity(batch.count)
        var old = 0
        for (offset, entry) in batch.enumerated() {
            while old < keys.count, !(entry.key < keys[old]) { old += 1 }
            positions.append(old + offset)
        }
        SortedInsertion.insert(batch.map(\.key), at: positions, into: &keys)
        return (batch.map(\.file), positions)
    }
}
