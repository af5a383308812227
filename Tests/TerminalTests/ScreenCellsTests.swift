import Drawing
import TestTerminal
import Terminal
import Testing

/// The reader the colour checks of the end-to-end tests rest on: a misread colour or a lost cell
/// would make those checks pass or fail for nothing.
@Suite("Test support: ScreenCells")
struct ScreenCellsTests {
    static let red = [255, 0, 0], blue = [0, 0, 255]

    static func rgb(_ colour: (Int, Int, Int)?) -> [Int]? { colour.map { [$0.0, $0.1, $0.2] } }

    @Test("truecolour SGR sets each layer, and a cell takes the colours in force")
    func truecolour() {
        let cells = ScreenCells("\u{1B}[38;2;255;0;0;48;2;0;0;255m▀a")
        #expect(cells.rows.count == 1 && cells.rows[0].count == 2)
        #expect(cells[0, 0]?.text == "▀" && cells[1, 0]?.text == "a")
        #expect(Self.rgb(cells[1, 0]?.fg) == Self.red && Self.rgb(cells[1, 0]?.bg) == Self.blue)
    }

    @Test("colours carry over to the next line until a reset, as tmux writes them")
    func carryOverAndReset() {
        let cells = ScreenCells("\u{1B}[48;2;0;0;255mx\ny\u{1B}[0mz\n\u{1B}[49mw")
        #expect(Self.rgb(cells[0, 1]?.bg) == Self.blue)
        #expect(cells[1, 1]?.bg == nil && cells[1, 1]?.text == "z")
        #expect(cells[0, 2]?.bg == nil)
    }

    @Test("256-colour codes take the palette's colour, and other sequences draw nothing")
    func otherSequences() {
        let cells = ScreenCells("\u{1B}[2J\u{1B}[38;5;196;48;2;1;2;3mX\u{1B}[?25l")
        #expect(cells.rows[0].count == 1)
        let red = Palette256.color(at: 196)
        #expect(Self.rgb(cells[0, 0]?.fg) == [Int(red.r), Int(red.g), Int(red.b)] && Self.rgb(cells[0, 0]?.bg) == [1, 2, 3])
    }

    @Test("columns are the screen's: a wide character takes two, a combining mark none")
    func columns() {
        let cells = ScreenCells("語e\u{301}x\nab")
        #expect(cells.rows.map(\.count) == [4, 2])
        #expect(cells[0, 0]?.text == "語" && cells[1, 0]?.text == "" && cells[2, 0]?.text == "e\u{301}")
        #expect(cells[3, 0]?.text == "x" && cells[4, 0] == nil && cells[1, 1]?.text == "b")
    }

    @Test("the top colour is the foreground of ▀ and the background of anything else")
    func topColour() {
        let cells = ScreenCells("\u{1B}[38;2;255;0;0;48;2;0;0;255m▀▄ ")
        #expect(Self.rgb(cells.topColor(column: 0, row: 0)) == Self.red)
        #expect(Self.rgb(cells.topColor(column: 1, row: 0)) == Self.blue)
        #expect(Self.rgb(cells.topColor(column: 2, row: 0)) == Self.blue)
        #expect(cells.topColor(column: 3, row: 0) == nil && cells.topColor(column: 0, row: 1) == nil)
    }
}
