import Testing

/// Test support: reads `tmux capture-pane -e` output back into cells with their colours.
struct ScreenCells {
    struct Cell: Equatable {
        var text: Character = " "
        var fg: (Int, Int, Int)? = nil
        var bg: (Int, Int, Int)? = nil
        static func == (a: Cell, b: Cell) -> Bool {
            a.text == b.text && a.fg.map { [$0.0, $0.1, $0.2] } == b.fg.map { [$0.0, $0.1, $0.2] }
                && a.bg.map { [$0.0, $0.1, $0.2] } == b.bg.map { [$0.0, $0.1, $0.2] }
        }
    }

    private(set) var rows: [[Cell]] = []

    /// Parses the escaped capture of a screen.
    init(_ capture: String) {
        // tmux carries attributes over from one line to the next without repeating them.
        var fg: (Int, Int, Int)?, bg: (Int, Int, Int)?
        for line in capture.split(separator: "\n", omittingEmptySubsequences: false) {
            rows.append(Self.parse(line, fg: &fg, bg: &bg))
        }
    }

    subscript(column: Int, row: Int) -> Cell? {
        guard row >= 0, row < rows.count, column >= 0, column < rows[row].count else { return nil }
        return rows[row][column]
    }

    /// The colour a viewer sees in the cell's upper half: fg for "▀", else the background.
    func topColor(column: Int, row: Int) -> (Int, Int, Int)? {
        guard let cell = self[column, row] else { return nil }
        return cell.text == "▀" ? cell.fg : cell.bg
    }

    private static func parse(_ line: Substring, fg: inout (Int, Int, Int)?, bg: inout (Int, Int, Int)?) -> [Cell] {
        var cells: [Cell] = []
        var scalars = Array(line.unicodeScalars)[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == "\u{1B}", scalars.first == "[" {
                scalars = scalars.dropFirst()
                var body = ""
                while let next = scalars.first, !(next.value >= 0x40 && next.value <= 0x7E) {
                    body.unicodeScalars.append(next)
                    scalars = scalars.dropFirst()
                }
                let final = scalars.first
                scalars = scalars.dropFirst()
                if final == "m" { applySGR(body, fg: &fg, bg: &bg) }
                continue
            }
            cells.append(Cell(text: Character(scalar), fg: fg, bg: bg))
        }
        return cells
    }

    private static func applySGR(_ body: String, fg: inout (Int, Int, Int)?, bg: inout (Int, Int, Int)?) {
        let codes = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var index = 0
        while index < codes.count {
            switch codes[index] {
            case 0: fg = nil; bg = nil
            case 38 where index + 4 < codes.count && codes[index + 1] == 2:
                fg = (codes[index + 2], codes[index + 3], codes[index + 4]); index += 4
            case 48 where index + 4 < codes.count && codes[index + 1] == 2:
                bg = (codes[index + 2], codes[index + 3], codes[index + 4]); index += 4
            case 38 where index + 2 < codes.count && codes[index + 1] == 5: index += 2
            case 48 where index + 2 < codes.count && codes[index + 1] == 5: index += 2
            case 39: fg = nil
            case 49: bg = nil
            default: break
            }
            index += 1
        }
    }
}

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

    @Test("256-colour codes are stepped over whole, and other sequences draw nothing")
    func otherSequences() {
        let cells = ScreenCells("\u{1B}[2J\u{1B}[38;5;196;48;2;1;2;3mX\u{1B}[?25l")
        #expect(cells.rows[0].count == 1)
        #expect(cells[0, 0]?.fg == nil && Self.rgb(cells[0, 0]?.bg) == [1, 2, 3])
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
