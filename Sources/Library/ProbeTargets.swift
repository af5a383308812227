import Controls
import System

/// Where each probe's result goes: the list's item of each file the ``ProbeWorkers`` were asked
/// to describe and have not answered for yet, by path.
///
/// A scan puts files into the list while probes run, so an item's index moves: the targets move
/// with each batch (``insert(at:)``), and a result lands on the row of its own file, however
/// many batches came between the asking and the answer. Only the files asked for and still
/// unanswered are kept, not the whole list, so a batch costs a few entries, not a pass over
/// every file.
public struct ProbeTargets {
    private var items: [FilePath: Int] = [:]

    /// No file waiting.
    public init() {}

    /// How many files are waiting for an answer.
    public var count: Int { items.count }

    /// The files at `indices` of `files` are asked for now; of those asked before, only the
    /// ones in `unanswered` (a probe under way, or a result not taken yet) can still answer.
    public mutating func ask(_ indices: [Int], of files: [LibraryFile?], unanswered: Set<FilePath>) {
        items = items.filter { unanswered.contains($0.key) }
        for index in indices {
            if let file = files[index] { items[file.path] = index }
        }
    }

    /// The item the result for `path` goes to, no longer waited for; nil when none is.
    public mutating func answer(_ path: FilePath) -> Int? {
        items.removeValue(forKey: path)
    }

    /// New items went in at `positions` (ascending indices in the list after the insertion,
    /// ``SortedInsertion``): each target moves down by those inserted before it.
    public mutating func insert(at positions: [Int]) {
        guard !positions.isEmpty, !items.isEmpty else { return }
        let old = items.sorted { $0.value < $1.value }
        let moved = SortedInsertion.newIndices(of: old.map(\.value), insertingAt: positions)
        for (entry, index) in zip(old, moved) { items[entry.key] = index }
    }

    /// Forgets every target (the list was rebuilt, and its workers with it).
    public mutating func removeAll() { items = [:] }
}
