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
