import CBlitter

/// One character cell of the screen: a symbol, its colours and its attributes.
///
/// `Cell` is a trivial 12-byte value, so a canvas of cells is one flat array that copies and
/// compares with plain memory operations. It wraps CBlitter's `reel_cell` record, its one stored
/// property, so that its layout is C's: the renderer (`reel_render_row`) and the sextant fit read
/// and write a canvas's cells in place.
public struct Cell: Sendable, Hashable {
    /// The cell as CBlitter lays it out.
    @usableFromInline var record: reel_cell

    /// What the cell shows.
    @inlinable public var symbol: CellSymbol {
        get { CellSymbol(rawValue: record.symbol) }
        set { record.symbol = newValue.rawValue }
    }
    /// The foreground (text) colour.
    @inlinable public var fg: RGB {
        get { RGB(record.fg.0, record.fg.1, record.fg.2) }
        set { record.fg = (newValue.r, newValue.g, newValue.b) }
    }
    /// The background colour.
    @inlinable public var bg: RGB {
        get { RGB(record.bg.0, record.bg.1, record.bg.2) }
        set { record.bg = (newValue.r, newValue.g, newValue.b) }
    }
    /// The text attributes.
    @inlinable public var style: CellStyle {
        get { CellStyle(rawValue: record.style) }
        set { record.style = newValue.rawValue }
    }

    /// Creates a cell.
    @inlinable
    public init(symbol: CellSymbol = .space, fg: RGB = .white, bg: RGB = .black, style: CellStyle = []) {
        record = reel_cell(symbol: symbol.rawValue, fg: (fg.r, fg.g, fg.b), bg: (bg.r, bg.g, bg.b), style: style.rawValue,
                           padding: 0)
    }

    /// Whether two cells show the same symbol, colours and attributes.
    @inlinable
    public static func == (a: Cell, b: Cell) -> Bool {
        a.symbol == b.symbol && a.fg == b.fg && a.bg == b.bg && a.style == b.style
    }

    /// Hashes the symbol, colours and attributes.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(symbol)
        hasher.combine(fg)
        hasher.combine(bg)
        hasher.combine(style)
    }

    /// A blank cell of background colour `bg` (its foreground set to `bg` too, as it is never seen).
    @inlinable
    public static func blank(_ bg: RGB) -> Cell {
        Cell(symbol: .space, fg: bg, bg: bg, style: [])
    }

    /// A blank in this cell's background: its colour, and see-through when the cell is.
    @inlinable
    public var blanked: Cell {
        var cell = Cell.blank(bg)
        cell.style = style.intersection(.seeThrough)
        return cell
    }

    /// Whether the foreground colour can be seen: false for a plain space.
    @inlinable
    public var showsForeground: Bool {
        symbol != .space || style.showsForegroundOnBlank
    }
}
