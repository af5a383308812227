import Testing
@testable import TextSearch

/// The subtitle search's filter: the same matches as the filter it replaced (every line
/// lowercased again at each key and compared by characters), found from the last matches when
/// the query only grew.
@Suite("Subtitle search filter")
struct SubtitleSearchFilterTests {
    /// Lines where bytes and characters disagree: accents written whole and as a letter and a
    /// mark, scalars that equal ASCII characters, case that changes length, scripts without
    /// ASCII, emoji, a tab, a lone CR, a prefix mark.
    static let lines = [
        "The first line.", "This is Chelsea, the cat.", "Un café crème für Jürgen.",
        "Un cafe\u{301} de\u{301}compose\u{301} pour Ju\u{308}rgen.", "STRASSE und Straße", "İstanbul'da bir kedi",
        "Temperature: 300 \u{212A} (kelvin)", "Τι κάνεις\u{037E} ΟΔΟΣ ΣΟΦΊΑ", "Greek varia: \u{1FEF} and ` grave",
        "東京へ行きます。", "がんばって", "か\u{3099}んばって", "Emoji 👍🏽 and flags 🇫🇷 here", "tab\there",
        "x\u{301}y and xy", "Three, two, one...", "one\rtwo", "\u{0600}1 sign and 1 plain", "ｆｕｌｌｗｉｄｔｈ Ｔｈｅ",
        "family 👨\u{200D}👩\u{200D}👧 and 👩 alone", "compatibility \u{F900} and its ideograph \u{8C48}", "東京\u{FE00}",
        "\u{1100}\u{1161}\u{11A8} jamo and 각 syllable", "a\u{0323}\u{0302} and \u{1EAD} and a\u{0302}\u{0323}", "flags 🇫🇷🇫🇷 twice", "क्षत्रिय and ष", "a\u{200D}b joined", "Cafe\u{301}",
    ].enumerated().map { SubtitleLine(start: Double($0.offset), text: $0.element) }

    /// The filter as it was before it kept its answers (its code, verbatim): every line
    /// lowercased again at each key, and compared by characters.
    static func fullFilter(_ query: String, in lines: [SubtitleLine] = lines) -> [Int] {
        let words = query.lowercased().split(separator: " ").map(String.init)
        return lines.indices.filter { index in
            let text = lines[index].text.lowercased()
            return words.allSatisfy { text.contains($0) }
        }
    }

    /// Each key: text typed (a string, which may be a lone combining mark), "⌫" for Backspace,
    /// "⌧" for clearing the query.
    @Test("every key gives the matches of the full filter", arguments: [
        ["t", "h", "e", " ", "c", "⌫", "⌫", "a", "t"], ["T", "H", "E"], ["c", "a", "f", "é"], ["c", "a", "f", "e", "\u{301}"],
        ["e", "\u{301}", "⌫", "x", "\u{301}", "⌫", "⌫"], ["k"], ["K"], ["\u{212A}"], [";"], ["\u{037E}"], ["`"], ["\u{1FEF}"],
        ["i"], ["İ"], ["i", "\u{307}"], ["東", "京", "⌫", "⌫", "京"], ["が"], ["か"], ["か", "\u{3099}"], ["👍"], ["👍", "🏽"],
        ["🇫", "🇷"], ["🇫🇷"], ["ß"], ["s", "s"], ["s", "t", "r", "a", "s", "s", "e"], ["σ"], ["ο", "δ", "ο", "σ", " ", "σ"],
        ["\t"], ["t", "a", "b", "\t", "h"], ["\r"], ["o", "n", "e", "\r"], ["1"], [" "], [" ", " ", "t", " ", " "],
        ["ｔｈｅ"], ["\u{8C48}"], ["\u{F900}"], ["東", "京"], ["京", "\u{FE00}"], ["각"], ["\u{1100}", "\u{1161}"], ["가"],
        ["\u{1EAD}"], ["a", "\u{0302}", "\u{0323}"], ["a", "\u{0323}"], ["👩"], ["👧"], ["\u{200D}"], ["🇷🇫"], ["🇫🇷"], ["ष"], ["्", "ष"], ["b"], ["a", "\u{200D}"], ["é"],
        ["e", " ", "é"], ["f", "e"], ["the", "⌧", "cat", "⌧", "⌫"], ["u", "n", " ", "c", "a", "f", "⌫", "⌫", "⌫", "j", "ü", "r"],
        ["Un café\tcrème\u{1B}[2J", "⌫"], ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p",
         "q", "r", "s", "t", "u", "v", "w", "x", "y", "z", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "⌧", "e"],
    ])
    func sameAsFullFilter(keys: [String]) {
        var search = SubtitleSearch(trackID: 1, position: 0)
        search.receive(.lines(Self.lines))
        for key in keys {
            switch key {
            case "⌫": search.erase()
            case "⌧": search.clear()
            default: search.type(key)
            }
            #expect(search.matches == Self.fullFilter(search.query), "after \(keys) at \(key.debugDescription): query \(search.query.debugDescription)")
        }
    }

    @Test("random lines and keys from scalars that join, split and alias agree with the full filter")
    func randomKeys() {
        // Letters, their accents apart and whole, case pairs, aliases, joiners, flags' halves,
        // a virama between consonants, a prefix mark, CR, tab and space.
        let pieces = ["e", "E", "é", "\u{301}", "ß", "s", "k", "\u{212A}", ";", "\u{037E}", "👩", "\u{200D}", "🇫", "🇷",
                      "क", "्", "ष", "\u{0600}", "1", "\r", "\t", " ", " ", "İ", "i", "\u{307}", "Σ", "σ", "東",
                      "\u{8C48}", "\u{F900}", "\u{FE00}", "\u{1100}", "\u{1161}", "\u{11A8}", "각", "\u{0323}", "\u{0302}", "\u{1EAD}"]
        var state: UInt64 = 12345
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        func text(_ length: Int) -> String { (0..<length).map { _ in pieces[next(pieces.count)] }.joined() }
        let lines = (0..<300).map { SubtitleLine(start: Double($0), text: text(1 + next(12))) }
        for _ in 0..<200 {
            var search = SubtitleSearch(trackID: 1, position: 0)
            search.receive(.lines(lines))
            for _ in 0..<6 {
                if next(4) == 0 { search.erase() } else { search.type(text(1 + next(2))) }
                #expect(search.matches == Self.fullFilter(search.query, in: lines), "query \(search.query.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }

    @Test("a key that extends the query looks only at the last matches; Backspace finds its answer kept")
    func incremental() {
        let lines = (0..<1000).map { SubtitleLine(start: Double($0), text: "line \($0): " + ($0 % 10 == 0 ? "the cat" : "a dog")) }
        var search = SubtitleSearch(trackID: 1, position: 0)
        search.receive(.lines(lines))
        #expect(search.matches.count == 1000)
        search.type("c")
        #expect(search.filter.examined == 1000 && search.matches.count == 100)
        search.type("a")
        #expect(search.filter.examined == 100, "only the matches of \"c\"")
        for character in "t 9" { search.type(String(character)) }
        #expect(search.filter.examined == 100 && search.matches.count == 19)
        search.erase()
        #expect(search.filter.examined == 0 && search.matches.count == 100, "\"cat \" was answered on the way")
        search.type("1")
        #expect(search.filter.examined == 100 && search.matches.count == 19)
        search.clear()
        #expect(search.filter.examined == 0 && search.matches.count == 1000)
        // "e" then an accent: "é" does not begin with "e" (characters, not scalars), so every line is
        // looked at again.
        search.type("e")
        #expect(search.filter.examined == 1000)
        search.type("\u{301}")
        #expect(search.filter.examined == 1000 && search.matches.isEmpty)
    }
}
