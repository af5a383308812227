import Drawing
@testable import Screens
import Terminal
import Testing

/// Cues that do not fit: cut with "…", and never shown as a screen of blank rows.
@Suite("Subtitle rows that do not fit")
struct SubtitleRowsTests {
    @Test("lines that fit are wrapped and kept whole", arguments: [
        (["one two three"], 7, 3, ["one two", "three"]),
        (["a", "b"], 10, 2, ["a", "b"]),
    ])
    func fitting(lines: [String], width: Int, maxRows: Int, expected: [String]) {
        #expect(SubtitleLines.rows(lines, width: width, maxRows: maxRows) == expected)
    }

    @Test("what does not fit ends the last row with …", arguments: [
        (["one two three four five six"], 7, 2, ["one two", "three…"]),
        (["first line", "second line", "third line"], 20, 2, ["first line", "second line third l…"]),
        (["a", "b", "c"], 10, 2, ["a", "b c …"]),
        (["wordwordwordword"], 4, 2, ["word", "wor…"]),
    ])
    func cut(lines: [String], width: Int, maxRows: Int, expected: [String]) {
        let rows = SubtitleLines.rows(lines, width: width, maxRows: maxRows)
        #expect(rows == expected)
        #expect(rows.allSatisfy { Sanitizer.displayWidth(of: $0) <= width })
        #expect(rows.last?.hasSuffix("…") == true)
    }

    @Test("a huge cue fills the rows there are, never more", arguments: [1, 3, 10])
    func huge(maxRows: Int) {
        let cue = Array(repeating: String(repeating: "word ", count: 400), count: 50)
        let rows = SubtitleLines.rows(cue, width: 30, maxRows: maxRows)
        #expect(rows.count == maxRows)
        #expect(rows.last?.hasSuffix("…") == true)
    }

    @Test("blank lines at the ends are dropped, and a run of them inside is one", arguments: [
        (String(repeating: "\n", count: 300) + "Hello", ["Hello"]),
        ("Hello" + String(repeating: "\n", count: 300), ["Hello"]),
        ("one\n\n\n\n  \ntwo", ["one", "", "two"]),
        ("\r\n \n\tline", ["\tline"]),
    ])
    func blankLines(text: String, expected: [String]) {
        #expect(SubtitleLines(text: text, ass: nil).bottom == expected)
    }

    @Test("on the player screen, a huge cue's last row ends in …, and a cue after 2000 line breaks shows its text", arguments: [
        (Array(0..<3000).map { "word\($0)" }.joined(separator: " "), nil as String?, "…"),
        (String(repeating: "\n", count: 2000) + "Hello after breaks", nil as String?, "Hello after breaks"),
        (String(repeating: "\n", count: 2000) + "Hello after breaks", String(repeating: "\\N", count: 2000) + "Hello after breaks", "Hello after breaks"),
    ] as [(String, String?, String)])
    func onScreen(text: String, ass: String?, expected: String) {
        var screen = SubtitleTests.screen(columns: 100, rows: 30)
        var status = PlayerScreenTests.status()
        status.subtitleText = text
        status.subtitleASS = ass
        screen.update(status, now: 0)
        let canvas = PlayerScreenTests.drawn(&screen, now: 10)
        #expect(!SubtitleTests.rowsContaining(expected, in: canvas).isEmpty)
    }

    @Test("a cue at mpv's limit was cut by mpv: its last line ends in …, and one left with breaks alone shows …", arguments: [
        (String((Array(0..<100).map { "word\($0)" }.joined(separator: " ")).utf8.prefix(499))!, "…"),
        (String(repeating: "\n", count: 499), "…"),
        ("A short cue", "e"),
    ] as [(String, String)])
    func mpvLimit(text: String, lastCharacter: String) {
        let lines = SubtitleLines(text: text, ass: nil)
        #expect(lines.bottom.last.map { String($0.suffix(1)) } == lastCharacter)
    }
}
