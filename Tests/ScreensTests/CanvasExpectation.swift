import Drawing
import Terminal
import Testing

/// How a cell of an expected canvas looks: its colours and attributes, each checked unless nil.
///
/// The foreground is checked only where it can be seen (not on a plain space), as a viewer would;
/// a blank look also asks that nothing be seen there.
struct Look: Sendable {
    var fg: RGB?
    var bg: RGB?
    var style: CellStyle?
    /// Whether the cell must show no foreground (a plain space).
    var isBlank = false
    /// A check of its own, for what no one colour says (a gradient's shades), with what it checks.
    var check: (@Sendable (Cell) -> Bool)?
    var checkDescription = ""

    /// Text (or a glyph) in `fg` over `bg`, in `style`.
    static func text(_ fg: RGB, on bg: RGB?, _ style: CellStyle = []) -> Look {
        Look(fg: fg, bg: bg, style: style)
    }

    /// A blank of colour `bg`, in no style.
    static func blank(_ bg: RGB) -> Look {
        Look(fg: nil, bg: bg, style: [], isBlank: true)
    }

    /// Anything: for the cells of a gradient or a picture that another test looks at.
    static let any = Look()

    /// Any cell in no style that passes `check`, which `description` says in words.
    static func cell(_ description: String, _ check: @escaping @Sendable (Cell) -> Bool) -> Look {
        Look(style: [], check: check, checkDescription: description)
    }

    /// Whether `cell` looks like this.
    func matches(_ cell: Cell) -> Bool {
        (style == nil || cell.style == style) && (bg == nil || cell.bg == bg)
            && (fg == nil || !cell.showsForeground || cell.fg == fg) && (!isBlank || !cell.showsForeground)
            && check?(cell) != false
    }

    /// How much this look says about `cell` (which it matches): the checks that bear on it.
    func specificity(for cell: Cell) -> Int {
        (fg != nil && cell.showsForeground ? 1 : 0) + (bg == nil ? 0 : 1) + (style == nil ? 0 : 1) + (isBlank ? 1 : 0)
            + (check == nil ? 0 : 1)
    }

    var description: String {
        "fg \(isBlank ? "none" : fg.map(Look.describe) ?? "any") · bg \(bg.map(Look.describe) ?? "any") · \(style.map(Look.describe) ?? "any style")"
            + (check == nil ? "" : " · \(checkDescription)")
    }

    static func describe(_ color: RGB) -> String { "(\(color.r), \(color.g), \(color.b))" }

    static func describe(_ style: CellStyle) -> String {
        let names: [(CellStyle, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"),
                                            (.reverse, "reverse"), (.seeThrough, "see-through")]
        let set = names.filter { style.contains($0.0) }.map(\.1)
        return set.isEmpty ? "plain" : set.joined(separator: "+")
    }
}

/// A whole canvas as a test expects it, in the manner of ratatui's `Buffer::with_lines` and its
/// styled buffers: the text of every row, and a parallel map of one letter per cell naming its
/// ``Look`` in a legend. ``expect(_:sourceLocation:)`` compares every cell of a canvas with it and,
/// on a difference, records which rows differ, expected beside got, and the whole canvas as drawn
/// (ready to paste back when a change is meant).
struct CanvasExpectation {
    /// The text of each row: each cell's text, the right half of a wide character left out.
    var rows: [String]
    /// One letter per cell (a wide character's two cells take two), each a key of ``legend``; none
    /// when only the text is checked (``init(text:)``).
    var looks: [String]
    /// What each letter of ``looks`` stands for.
    var legend: [Character: Look]

    /// This expectation with row `y` reading `text` in `looks`: a state that differs from another by a row.
    func with(row y: Int, _ text: String, looks: String) -> CanvasExpectation {
        var changed = self
        changed.rows[y] = text
        changed.looks[y] = looks
        return changed
    }

    /// The text of each row of `canvas`, as ``rows`` reads.
    static func rows(of canvas: Canvas) -> [String] {
        (0..<canvas.height).map { y in (0..<canvas.width).map { x in canvas.text(of: canvas[x, y]) }.joined() }
    }

    /// The letter of the legend for `cell`: `expected` if it matches; else, of the letters that
    /// say most about the cell, `left` (the letter to its left, so that a run reads as one) or
    /// the first in order; `?` if none matches.
    func letter(for cell: Cell, expected: Character?, left: Character?) -> Character {
        if let expected, legend[expected]?.matches(cell) == true { return expected }
        let matching = legend.filter { $0.value.matches(cell) }
        let most = matching.values.map { $0.specificity(for: cell) }.max()
        let best = matching.filter { $0.value.specificity(for: cell) == most }.keys.sorted()
        if let left, best.contains(left) { return left }
        return best.first ?? "?"
    }

    /// Row `y` of `canvas` as letters of the legend, each the expected one where it matches.
    func letters(of canvas: Canvas, row y: Int) -> [Character] {
        let wanted = looks.indices.contains(y) ? Array(looks[y]) : []
        var out: [Character] = []
        for x in 0..<canvas.width {
            out.append(letter(for: canvas[x, y], expected: wanted.indices.contains(x) ? wanted[x] : nil, left: out.last))
        }
        return out
    }

    /// What differs between `canvas` and this expectation, as lines for a reader; empty when nothing does.
    func differences(from canvas: Canvas) -> [String] {
        var out: [String] = []
        if rows.count != canvas.height || !(looks.isEmpty || looks.count == canvas.height) {
            out.append("expected \(rows.count) rows of text and \(looks.count) of looks for a canvas \(canvas.width)×\(canvas.height)")
        }
        let drawn = Self.rows(of: canvas)
        for y in 0..<min(canvas.height, rows.count) where drawn[y] != rows[y] {
            out.append("row \(y) text:")
            out.append("  expected │\(rows[y])│")
            out.append("  got      │\(drawn[y])│")
        }
        for y in 0..<min(canvas.height, looks.count) {
            let wanted = Array(looks[y])
            if wanted.count != canvas.width {
                out.append("row \(y) looks: \(wanted.count) letters for \(canvas.width) columns")
                continue
            }
            let got = letters(of: canvas, row: y)
            guard got != wanted else { continue }
            out.append("row \(y) looks:")
            out.append("  expected │\(String(wanted))│")
            out.append("  got      │\(String(got))│")
            if let x = got.indices.first(where: { got[$0] != wanted[$0] }) {
                let cell = canvas[x, y]
                let look = legend[wanted[x]].map { "\(wanted[x]) (\($0.description))" } ?? "\(wanted[x]) (not in the legend)"
                out.append("  column \(x): expected \(look), got \"\(canvas.text(of: cell))\" "
                    + Look(fg: cell.fg, bg: cell.bg, style: cell.style).description)
            }
        }
        return out
    }

    /// Records an issue if `canvas` differs from this expectation, saying where and how.
    func expect(_ canvas: Canvas, sourceLocation: SourceLocation = #_sourceLocation) {
        let differences = differences(from: canvas)
        guard !differences.isEmpty else { return }
        let asDrawn = zip(Self.rows(of: canvas), (0..<canvas.height).map { String(letters(of: canvas, row: $0)) })
        let text = asDrawn.map { "    \"\($0.0)\"," }.joined(separator: "\n")
        let map = looks.isEmpty ? "" : asDrawn.map { "    \"\($0.1)\"," }.joined(separator: "\n")
        Issue.record("""
            the canvas differs from the expected one:
            \(differences.joined(separator: "\n"))
            as drawn (text, then looks):
            \(text)
            \(map)
            """, sourceLocation: sourceLocation)
    }
}

extension CanvasExpectation {
    /// The text of every row and nothing of the looks (no ``looks``): for a screen whose colours
    /// other tests check, so that a difference shows the whole canvas as drawn, not one missing word.
    init(text rows: [String]) {
        self.init(rows: rows, looks: [], legend: [:])
    }

    /// `count` blank rows of `width` cells: the empty middle of a screen, written once.
    static func blank(_ width: Int, _ count: Int) -> [String] {
        Array(repeating: String(repeating: " ", count: width), count: count)
    }

    /// A blank canvas of `width` × `height` cells, each a `blank` letter, to set rows on.
    init(blank width: Int, _ height: Int, letter blank: Character = " ", legend: [Character: Look]) {
        self.init(rows: Array(repeating: String(repeating: " ", count: width), count: height),
                  looks: Array(repeating: String(repeating: blank, count: width), count: height), legend: legend)
    }
}
