import Testing
import TestTerminal

/// The golden files' text: if it hid a byte or misplaced a difference, the golden tests would
/// pass over a change or point at the wrong place.
@Suite("Test support: GoldenText")
struct GoldenTextTests {
    @Test("bytes are written readably: ESC as \\e, other controls and stray bytes as \\xNN, a line from each cursor move and line feed")
    func lines() {
        let bytes = Array("\u{1B}[?2026h\u{1B}[2;5Hé▀\\x\r\n\u{7}".utf8) + [0xFF] + Array("\u{1B}[Hz".utf8)
        #expect(GoldenText.lines(bytes) == ["\\e[?2026h", "\\e[2;5Hé▀\\\\x\\x0D\\x0A", "\\x07\\xFF", "\\e[Hz"])
    }

    @Test("a difference shows where it starts, the lines around it, and what was expected beside what came")
    func difference() {
        let expected = ["a", "b", "c \\e[C d", "e", "f"]
        let actual = ["a", "b", "c \\e[2C d", "e", "f"]
        #expect(GoldenText.difference(expected: expected, actual: expected).isEmpty)
        #expect(GoldenText.difference(expected: expected, actual: actual, context: 1) == [
            "@@ line 3: 1 expected, 1 got, first at character 6: expected …c \\e[C d… got …c \\e[2C d… @@",
            " b", "-c \\e[C d", "+c \\e[2C d", " e",
        ])
    }
}
