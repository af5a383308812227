import Testing
import Drawing

@Suite("TextWidth and Sanitizer")
struct SanitizerTests {
    @Test("widths come from code points", arguments: [
        ("a", 1), ("中", 2), ("한", 2), ("Ａ", 2), ("ｱ", 1), ("😀", 2), ("\u{301}", 0), ("\u{200D}", 0),
        ("\u{FE0F}", 0), ("e\u{301}", 1), ("❤", 1), ("❤\u{FE0F}", 2), ("🇫🇷", 2), ("👩‍👧", 2), ("\u{3000}", 2),
        ("é", 1), ("\u{1160}", 0), ("\u{200B}", 0),
    ] as [(Character, Int)])
    func widths(character: Character, width: Int) {
        #expect(TextWidth.of(character) == width)
    }

    @Test("display width counts the sanitised text")
    func displayWidth() {
        #expect(Sanitizer.displayWidth(of: "ab中😀") == 6)
        #expect(Sanitizer.displayWidth(of: "\u{1B}[2J") == 4)
        #expect(Sanitizer.displayWidth(of: "a\u{202E}b") == 2)
        #expect(Sanitizer.displayWidth(of: "") == 0)
    }

    @Test("truncation cuts to the width and ends in the ellipsis", arguments: [
        ("hello world", 8, "hello w…"), ("hello world", 11, "hello world"), ("hello world", 6, "hello…"),
        ("中文字幕", 5, "中文…"), ("中文字幕", 4, "中…"), ("abc", 0, ""), ("abcdef", 1, "…"),
        ("a\u{1B}b", 3, "a␛b"),
    ] as [(String, Int, String)])
    func truncation(text: String, width: Int, expected: String) {
        #expect(Sanitizer.truncated(text, toWidth: width) == expected)
        #expect(Sanitizer.displayWidth(of: Sanitizer.truncated(text, toWidth: width)) <= width)
    }

    @Test("word wrap fits at most N lines, ellipsis on the last when cut", arguments: [
        ("The quick brown fox jumps over the lazy dog", 10, 2, ["The quick", "brown fox…"]),
        ("The quick brown fox", 10, 2, ["The quick", "brown fox"]),
        ("abcdefghijkl", 5, 3, ["abcde", "fghij", "kl"]),
        ("abcdefghijkl", 5, 2, ["abcde", "fghi…"]),
        ("  spaced   out  ", 20, 2, ["spaced out"]),
        ("中文字幕中文字幕", 5, 2, ["中文", "字幕…"]),
        ("line\nbreak", 20, 2, ["line␊break"]),
        ("", 10, 2, []),
        ("word", 0, 2, []),
    ] as [(String, Int, Int, [String])])
    func wrapping(text: String, width: Int, lines: Int, expected: [String]) {
        let wrapped = Sanitizer.wrapped(text, width: width, maxLines: lines)
        #expect(wrapped == expected)
        for line in wrapped { #expect(Sanitizer.displayWidth(of: line) <= width) }
    }

    @Test("every control character gets a visible stand-in of width 1")
    func controlPictures() {
        for value in UInt32(0)..<0x20 {
            let clean = Sanitizer.sanitize(Unicode.Scalar(value)!)
            #expect(clean == Unicode.Scalar(0x2400 + value))
        }
        #expect(Sanitizer.sanitize("\u{1B}") == "␛")
        #expect(Sanitizer.sanitize("\u{7F}") == "␡")
        for value in UInt32(0x80)...0x9F { #expect(Sanitizer.sanitize(Unicode.Scalar(value)!) == "\u{FFFD}") }
        for value in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] as [UInt32] {
            #expect(Sanitizer.sanitize(Unicode.Scalar(value)!) == nil)
        }
    }
}
