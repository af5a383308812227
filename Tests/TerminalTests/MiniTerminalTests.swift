import Drawing
import Terminal
import TestTerminal
import Testing

/// The emulator the renderer's byte-for-byte tests rest on: if it misread a sequence, or let a
/// terminal-dependent one pass, those tests would prove nothing.
@Suite("Test support: MiniTerminal")
struct MiniTerminalTests {
    @Test("text goes where the cursor is put, in the colours in force")
    func positionsAndColours() {
        var terminal = MiniTerminal(width: 4, height: 2)
        terminal.feed(Array("\u{1B}[2;2H\u{1B}[38;2;1;2;3;48;2;4;5;6m▀b".utf8))
        #expect(terminal.problems.isEmpty)
        #expect(terminal.screen[5] == MiniTerminal.Screen(text: "▀", fg: RGB(1, 2, 3), bg: RGB(4, 5, 6), style: []))
        #expect(terminal.screen[6].text == "b" && terminal.x == 3 && terminal.y == 1)
        #expect(terminal.screen[0].text == "?", "untouched cells stay unknown")
    }

    @Test("a reset and the 256-colour palette are read as a terminal reads them")
    func resetAndPalette() {
        var terminal = MiniTerminal(width: 2, height: 1)
        terminal.feed(Array("\u{1B}[1;38;5;196mx\u{1B}[0my".utf8))
        #expect(terminal.screen[0] == MiniTerminal.Screen(text: "x", fg: Palette256.color(at: 196), bg: nil, style: [.bold]))
        #expect(terminal.screen[1] == MiniTerminal.Screen(text: "y", fg: nil, bg: nil, style: []))
    }

    @Test("bytes whose effect differs between terminals are reported, not guessed", arguments: [
        ("abc", "printing with a pending wrap"),   // past the last column: wraps or not, by terminal
        ("\n\n", "line feed at the bottom scrolls"),
        ("\u{1B}[5C", "cursor left the screen"),
        ("\u{1B}[?1049h", "mode ?1049h"),
        ("\u{1B}[K", "CSI K"),
        ("\u{7}", "control byte 7"),
        ("\u{1B}[38;2;1m", "SGR 38 cut short"),
    ])
    func problems(bytes: String, problem: String) {
        var terminal = MiniTerminal(width: 2, height: 2)
        terminal.feed(Array(bytes.utf8))
        #expect(terminal.problems.contains { $0.hasPrefix(problem) }, "\(terminal.problems)")
    }

    @Test("SGR codes the renderer never sends are reported, and decoded as xterm does for other writers", arguments: [
        ("\u{1B}[38;2;1;2;3;48;2;4;5;6m\u{1B}[39mx", nil, RGB(4, 5, 6), [], "SGR 39"),
        ("\u{1B}[38;2;1;2;3;48;2;4;5;6m\u{1B}[49mx", RGB(1, 2, 3), nil, [], "SGR 49"),
        ("\u{1B}[31;44mx", Palette256.color(at: 1), Palette256.color(at: 4), [], "SGR 31"),
        ("\u{1B}[91;102mx", Palette256.color(at: 9), Palette256.color(at: 10), [], "SGR 91"),
        ("\u{1B}[1;2;4;22mx", nil, nil, [.underline], "SGR 22"),
        ("\u{1B}[4;7;3;27;24mx", nil, nil, [.italic], "SGR 27"),
    ] as [(String, RGB?, RGB?, CellStyle, String)])
    func otherWriters(bytes: String, fg: RGB?, bg: RGB?, style: CellStyle, problem: String) {
        var terminal = MiniTerminal(width: 2, height: 1)
        terminal.feed(Array(bytes.utf8))
        #expect(terminal[0, 0] == MiniTerminal.Screen(text: "x", fg: fg, bg: bg, style: style))
        #expect(terminal.problems.first == problem, "\(terminal.problems)")
    }

    @Test("a wide character takes two cells, and writing over half of one blanks the other")
    func wideCharacters() {
        var terminal = MiniTerminal(width: 4, height: 1)
        terminal.feed(Array("語x\u{1B}[1;2Hy".utf8))
        #expect(terminal.problems.isEmpty)
        #expect(terminal[0, 0].text == " " && terminal[1, 0].text == "y" && terminal[2, 0].text == "x")
        terminal.feed(Array("\u{1B}[1;1He\u{301}\u{1B}[1;3H語".utf8))
        #expect(terminal[0, 0].text == "e\u{301}", "a combining mark joins the character before it")
        #expect(terminal[2, 0].text == "語" && terminal[3, 0].isContinuation && terminal.pendingWrap)
        #expect(terminal.problems.isEmpty)
    }

    @Test("synchronized updates nest and close")
    func synchronizedUpdates() {
        var terminal = MiniTerminal(width: 2, height: 1)
        terminal.feed(Array("\u{1B}[?2026h".utf8))
        #expect(terminal.syncDepth == 1)
        terminal.feed(Array("\u{1B}[?2026l".utf8))
        #expect(terminal.syncDepth == 0 && terminal.problems.isEmpty)
    }
}
