import Drawing
import Terminal

/// A tmux pane's capture (`capture-pane -e`) read back into cells with their colours, through
/// ``MiniTerminal``: each line is written at its own row, with the colours in force carried over
/// from the line before, as tmux writes them without repeating them.
///
/// Columns are the screen's own: a wide character takes two cells (the second one's text `""`),
/// and a combining mark joins the cell before it. A row is as long as its line reaches; colours
/// are `(red, green, blue)` in 0…255 (nil for the terminal's default), for arithmetic in checks.
public struct ScreenCells {
    /// One cell of the capture.
    public struct Cell: Equatable, Sendable {
        /// The character, with any combining marks; `""` for the right half of a wide one.
        public var text: String = " "
        /// The foreground colour, nil for the terminal's default.
        public var fg: (Int, Int, Int)? = nil
        /// The background colour, nil for the terminal's default.
        public var bg: (Int, Int, Int)? = nil

        /// Creates a cell.
        public init(text: String = " ", fg: (Int, Int, Int)? = nil, bg: (Int, Int, Int)? = nil) {
            self.text = text
            self.fg = fg
            self.bg = bg
        }

        /// The same text and colours (tuples are not `Equatable`).
        public static func == (a: Cell, b: Cell) -> Bool {
            a.text == b.text && a.fg.map { [$0.0, $0.1, $0.2] } == b.fg.map { [$0.0, $0.1, $0.2] }
                && a.bg.map { [$0.0, $0.1, $0.2] } == b.bg.map { [$0.0, $0.1, $0.2] }
        }
    }

    /// The rows, top to bottom, each as far as its line reaches.
    public private(set) var rows: [[Cell]] = []

    /// Reads the escaped capture of a screen.
    public init(_ capture: String) {
        let lines = capture.split(separator: "\n", omittingEmptySubsequences: false)
        // Wide enough for any line: no character takes more than two columns.
        let width = max(1, 2 * (lines.map(\.unicodeScalars.count).max() ?? 0))
        var terminal = MiniTerminal(width: width, height: max(1, lines.count))
        for (row, line) in lines.enumerated() {
            terminal.feed(Array("\u{1B}[\(row + 1);1H".utf8) + Array(line.utf8))
            let reach = terminal.pendingWrap ? width : terminal.x
            rows.append((0..<reach).map { column in
                let shown = terminal[column, row]
                return Cell(text: shown.text, fg: shown.fg.map(Self.channels), bg: shown.bg.map(Self.channels))
            })
        }
    }

    private static func channels(_ color: RGB) -> (Int, Int, Int) {
        (Int(color.r), Int(color.g), Int(color.b))
    }

    /// The cell at `column`, `row`, or nil past the end of the capture or of the row's line.
    public subscript(column: Int, row: Int) -> Cell? {
        guard row >= 0, row < rows.count, column >= 0, column < rows[row].count else { return nil }
        return rows[row][column]
    }

    /// The colour a viewer sees in the cell's upper half: fg for "▀", else the background.
    public func topColor(column: Int, row: Int) -> (Int, Int, Int)? {
        guard let cell = self[column, row] else { return nil }
        return cell.text == "▀" ? cell.fg : cell.bg
    }
}
