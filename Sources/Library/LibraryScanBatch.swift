import Controls

/// What a ``ScanJob`` found since the list last took a batch: the new files in natural order,
/// where each goes, and what was skipped.
public struct LibraryScanBatch: Sendable {
    /// The new files, in natural order.
    public var files: [LibraryFile] = []
    /// For each new file, its index in the list once the batch is in (ascending): apply them with
    /// ``SortedInsertion/merge(_:inserting:at:)``.
    public var positions: [Int] = []
    /// Entries skipped, by name: only while fewer than ``LibraryScan/skippedNamesKept`` have been.
    public var skipped: [SkippedEntry] = []
    /// How many entries were skipped, named or not.
    public var skippedCount = 0
    /// Whether the scan has looked at everything: no batch comes after this one.
    public var isFinished = false

    /// This batch followed by `later`, as one.
    func followed(by later: LibraryScanBatch) -> LibraryScanBatch {
        let both = SortedInsertion.combine((files, positions), (later.files, later.positions))
        return LibraryScanBatch(files: both.elements, positions: both.positions, skipped: skipped + later.skipped,
                                skippedCount: skippedCount + later.skippedCount, isFinished: later.isFinished)
    }
}
