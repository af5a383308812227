/// What a scan found.
public struct LibraryScan: Equatable {
    /// How many skipped entries are kept by name for the note; the rest are only counted, so that
    /// a tree full of unreadable entries cannot grow the note (or memory) without end.
    static let skippedNamesKept = 20

    /// The header's title.
    public var title: String
    /// The candidates, in natural order.
    public var files: [LibraryFile] = []
    /// What was left out, and why: the first ``skippedNamesKept``.
    public var skipped: [SkippedEntry] = []
    /// How many entries were left out in all.
    public var skippedCount = 0

    public init(title: String) { self.title = title }

    /// Counts `entries` as skipped, keeping the first ones by name.
    public mutating func skip(_ entries: [SkippedEntry], count: Int? = nil) {
        skipped += entries.prefix(max(Self.skippedNamesKept - skipped.count, 0))
        skippedCount += count ?? entries.count
    }

    /// One line about the skipped entries: "2 entries skipped: a (dangling link), b (…)".
    public var skippedNote: String? {
        guard skippedCount > 0 else { return nil }
        let count = skippedCount == 1 ? "1 entry skipped" : "\(skippedCount) entries skipped"
        let more = skippedCount > skipped.count ? ", …" : ""
        return count + ": " + skipped.map { "\($0.name) (\($0.reason))" }.joined(separator: ", ") + more
    }
}

/// An entry the scan left out.
public struct SkippedEntry: Equatable, Sendable {
    var name: String
    var reason: String
}
