/// One character cell of the screen: a symbol, its colours and its attributes.
///
/// `Cell` is a trivial 12-byte value, so a canvas of cells is one flat array that copies and
/// compares with plain memory operations.
public struct Cell: Sendable, Hashable {
    /// What the cell shows.
    public var symbol: CellSymbol
    /// The foreground (text) colour.
    public var fg: RGB
    /// The background colour.
    public var bg: RGB
    /// The text attributes.
    public var style: CellStyle

    /// Creates a cell.
    @inlinable
    public init(symbol: CellSymbol = .space, fg: RGB = .white, bg: RGB = .black, style: CellStyle = []) {
        self.symbol = symbol
        self.fg = fg
        self.bg = bg
        self.style = style
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
