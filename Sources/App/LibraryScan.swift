/// What a scan found.
struct LibraryScan: Equatable {
    /// The header's title.
    var title: String
    /// The candidates, in natural order.
    var files: [LibraryFile] = []
    /// What was left out, and why.
    var skipped: [SkippedEntry] = []

    init(title: String) { self.title = title }

    /// One line about the skipped entries: "2 entries skipped: a (dangling link), b (…)".
    var skippedNote: String? {
        guard !skipped.isEmpty else { return nil }
        let count = skipped.count == 1 ? "1 entry skipped" : "\(skipped.count) entries skipped"
        return count + ": " + skipped.map { "\($0.name) (\($0.reason))" }.joined(separator: ", ")
    }
}

/// An entry the scan left out.
struct SkippedEntry: Equatable {
    var name: String
    var reason: String
}
