/// A text as a filter compares it: lowercased once, with what lets most comparisons be a search
/// over bytes rather than over characters.
///
/// The rule stays Swift's own: a word matches when the lowercased text holds its characters in a
/// row, characters comparing by canonical equivalence (an "é" of one scalar and one of "e" and
/// an accent are the same character, and neither is an "e"). Comparing characters costs about
/// thirty times as much as comparing bytes, so bytes decide wherever they are sure to agree:
/// - the word's bytes found where a character begins and where one ends is a match: the same
///   scalars between two character boundaries are the same characters;
/// - the word's composed form (NFC) missing from the text's composed form is no match: equal
///   characters have one composed form, and Unicode composes and reorders scalars only within a
///   character, so the text's form is its characters' forms one after the other.
/// Whatever the bytes leave open (an accent written another way, a word inside an emoji
/// sequence) is compared as characters.
public struct FoldedText: Sendable, Equatable {
    /// The text, lowercased.
    public let text: String
    /// The lowercased text in Unicode's composed form (NFC), when that is not its own UTF-8.
    private let composed: [UInt8]?

    public init(_ text: String) {
        let lowered = text.lowercased()
        self.text = lowered
        composed = lowered.utf8.allSatisfy { $0 < 0x80 } ? nil : FoldedText.composedForm(of: lowered)
    }

    /// `text`'s UTF-8 in the composed form (NFC), which two strings share when their characters
    /// are equal: Swift compares characters so, and reads the form from the standard library's
    /// own tables (`_nfcCodeUnits`, public but for the standard library's friends: nothing else
    /// in it gives a normal form).
    static func composedForm(of text: String) -> [UInt8] { text._nfcCodeUnits }

    /// Whether the text holds `word`'s characters in a row: the same answer as
    /// `text.contains(word.text)`.
    func contains(_ word: FilterWord) -> Bool {
        let found = place(of: word.bytes)
        if found == .whole { return true }
        if composed == nil && word.composed == word.bytes {
            if found == .none { return false }
        } else if !holdsComposed(word.composed) {
            return false
        }
        return text.contains(word.text)
    }

    /// Whether the composed form holds `bytes` anywhere.
    private func holdsComposed(_ bytes: [UInt8]) -> Bool {
        guard let composed else { return place(of: bytes) != .none }
        return composed.withUnsafeBufferPointer { Self.place(of: bytes, in: $0) } != .none
    }

    /// Where bytes stand in the text.
    private enum Place {
        /// Nowhere.
        case none
        /// Somewhere from the start of a character to the end of one.
        case whole
        /// Only where a character goes on before or after them.
        case insideCharacters
    }

    private func place(of bytes: [UInt8]) -> Place {
        if let found = text.utf8.withContiguousStorageIfAvailable({ Self.place(of: bytes, in: $0) }) { return found }
        return Array(text.utf8).withUnsafeBufferPointer { Self.place(of: bytes, in: $0) }
    }

    private static func place(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Place {
        guard let first = needle.first else { return .whole }
        guard haystack.count >= needle.count else { return .none }
        var found = Place.none
        var start = 0
        while start <= haystack.count - needle.count {
            defer { start += 1 }
            guard haystack[start] == first else { continue }
            var offset = 1
            while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
            guard offset == needle.count else { continue }
            if breaks(haystack, at: start) && breaks(haystack, at: start + needle.count) { return .whole }
            found = .insideCharacters
        }
        return found
    }

    /// Whether one character surely ends and the next begins at `offset` of the UTF-8 `text`
    /// (a scalar's start): between two ASCII scalars always (CR LF apart), else where Swift
    /// splits the two scalars on either side, read alone.
    ///
    /// The pair can be wrong only one way, and only after a joiner (ZWJ) or an extending mark:
    /// those may join what follows to a character further back (an emoji sequence, an Indic
    /// conjunct), so then the answer is no, and the characters decide. Elsewhere a wider view
    /// only ever adds breaks (a pair of flags), which makes the answer too cautious, not wrong.
    private static func breaks(_ text: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset > 0, offset < text.count else { return true }
        let before = text[offset - 1], after = text[offset]
        if before < 0x80 && after < 0x80 { return !(before == 0x0D && after == 0x0A) }
        var start = offset - 1
        while start > 0, text[start] & 0xC0 == 0x80 { start -= 1 }
        var end = offset + 1
        while end < text.count, text[end] & 0xC0 == 0x80 { end += 1 }
        let pair = String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
        guard let first = pair.unicodeScalars.first, first != "\u{200D}", !first.properties.isGraphemeExtend else { return false }
        return pair.count == 2
    }
}

/// One word of a filter's query, lowercased, with what ``FoldedText/contains(_:)`` needs to
/// search it as bytes.
struct FilterWord: Sendable, Equatable {
    let text: String
    let bytes: [UInt8]
    /// The word in the composed form (NFC).
    let composed: [UInt8]

    /// `text`, which is lowercased already.
    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
        composed = bytes.allSatisfy { $0 < 0x80 } ? bytes : FoldedText.composedForm(of: text)
    }

    /// The words of `query`, in any case: what the spaces part.
    static func words(of query: String) -> [FilterWord] {
        query.lowercased().split(separator: " ").map { FilterWord(String($0)) }
    }
}
