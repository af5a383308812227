/// Finds the texts holding every word of a query (``FoldedText/contains(_:)``), starting from
/// the answer to a shorter query when there is one: a key that extends the query looks only at
/// the last matches, and Backspace finds its answer kept.
///
/// When the lowercased query begins with the characters of an earlier one, each of the earlier
/// words is a whole word of the new query or the start of one, so every text holding the new
/// words holds the old ones: the new matches are among the old.
struct IncrementalFilter: Sendable, Equatable {
    /// One query answered: the lowercased query and the indices of the texts that match it.
    private struct Answer: Sendable, Equatable {
        var query: String
        var matches: [Int]
    }

    /// The answers kept, each query beginning with the one before (the first is "", which
    /// every text matches), so that Backspace walks back through them.
    private var answers: [Answer] = []
    /// How many texts the last call compared with the query: a measure of the work done.
    private(set) var examined = 0

    /// The most answers kept: with more, the oldest but the first go.
    static let maxAnswers = 64

    /// The indices of `texts` that match `query`. `texts` must be the same from call to call;
    /// ``reset()`` after it changes.
    public mutating func matches(of query: String, in texts: [FoldedText]) -> [Int] {
        let folded = query.lowercased()
        if answers.isEmpty { answers = [Answer(query: "", matches: Array(texts.indices))] }
        // The longest query answered that this one begins with (by characters); the others can
        // never help again, being neither it nor on the way to it.
        while let last = answers.last, answers.count > 1, !Self.begins(folded, with: last.query) { answers.removeLast() }
        let base = answers[answers.count - 1]
        guard base.query != folded else {
            examined = 0
            return base.matches
        }
        // The words the shorter query had whole are in every one of its matches already.
        let known = Set(base.query.split(separator: " "))
        let words = FilterWord.words(of: folded).filter { !known.contains(Substring($0.text)) }
        examined = base.matches.count
        var found = texts.withUnsafeBufferPointer { texts in
            base.matches.filter { index in words.allSatisfy { texts[index].contains($0) } }
        }
        // The same count means the same texts: keep one copy of them.
        if found.count == base.matches.count { found = base.matches }
        answers.append(Answer(query: folded, matches: found))
        if answers.count > Self.maxAnswers { answers.remove(at: 1) }
        return found
    }

    /// Whether `text`'s characters begin with those of `prefix` (characters, not scalars: "e"
    /// does not begin "é", however it is written).
    private static func begins(_ text: String, with prefix: String) -> Bool {
        var characters = text.makeIterator()
        return prefix.allSatisfy { characters.next() == $0 }
    }

    /// Forgets every answer, for texts that changed.
    public mutating func reset() {
        answers = []
        examined = 0
    }
}
