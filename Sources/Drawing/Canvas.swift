/// A grid of cells that screens draw into and the ``ScreenRenderer`` diffs.
///
/// Storage is one flat row-major array of ``Cell`` plus a small side table for the rare
/// multi-scalar grapheme clusters. A wide symbol occupies two cells: the symbol, then a
/// ``CellSymbol/continuation``. Every mutating operation keeps that pairing intact: overwriting
/// half of a wide symbol blanks the other half.
public struct Canvas: Sendable {
    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// The cells, row by row (`cells[y * width + x]`).
    public var cells: [Cell]
    /// Multi-scalar clusters, indexed by ``CellSymbol`` cluster symbols.
    public internal(set) var clusters: [String] = []
    /// The index of each cluster in ``clusters``, so that repeats share one entry.
    var clusterIndices: [String: Int] = [:]
    /// The pictures placed on the canvas in pixel mode (the graphics surface beside the cells),
    /// in the order placed; see `Canvas+Images`.
    public internal(set) var images: [CanvasImage] = []
    /// Whether the terminal should report the pointer's every move, with no button held (mode
    /// 1003): screens ask for it only while something follows the pointer (the scrub preview
    /// while the controls show), and ``FrameRenderer`` switches the mode when this changes.
    public var reportsPointerMotion = false

    /// Creates a canvas of `width` × `height` blank cells of colour `background`.
    ///
    /// Negative sizes are treated as 0.
    public init(width: Int, height: Int, background: RGB = .black) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank(background), count: self.width * self.height)
    }

    /// The whole canvas as a rectangle at the origin.
    @inlinable
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// Blanks every cell to `background` and forgets the cluster table and the images.
    public mutating func clear(background: RGB = .black) {
        for i in cells.indices { cells[i] = .blank(background) }
        clusters.removeAll(keepingCapacity: true)
        clusterIndices.removeAll(keepingCapacity: true)
        images.removeAll(keepingCapacity: true)
    }

    /// The cell at column `x`, row `y` (both must be inside the canvas).
    ///
    /// Setting a wide symbol also writes its continuation to the right (a wide symbol in the last
    /// column becomes a space); setting over half of a wide symbol blanks its other half; setting
    /// a continuation directly stores a space.
    public subscript(x: Int, y: Int) -> Cell {
        get {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "cell (\(x), \(y)) is outside the canvas")
            return cells[y * width + x]
        }
        set {
            precondition(x >= 0 && x < width && y >= 0 && y < height, "cell (\(x), \(y)) is outside the canvas")
            put(newValue, x: x, y: y)
        }
    }

    /// The text a cell shows: its scalar, its cluster, or `""` for a continuation.
    public func text(of cell: Cell) -> String {
        if let index = cell.symbol.clusterIndex {
            return index < clusters.count ? clusters[index] : "\u{FFFD}"
        }
        if let scalar = cell.symbol.scalar { return String(Character(scalar)) }
        return ""
    }

    /// Stores `cell` at (`x`, `y`), keeping wide pairs whole.
    @usableFromInline
    mutating func put(_ cell: Cell, x: Int, y: Int) {
        let i = y * width + x
        breakPair(at: i, x: x)
        if cell.symbol.isContinuation {
            cells[i] = Cell(symbol: .space, fg: cell.fg, bg: cell.bg, style: cell.style)
        } else if cell.symbol.isWide {
            guard x + 1 < width else {
                cells[i] = Cell(symbol: .space, fg: cell.fg, bg: cell.bg, style: cell.style)
                return
            }
            breakPair(at: i + 1, x: x + 1)
            cells[i] = cell
            cells[i + 1] = Cell(symbol: .continuation, fg: cell.fg, bg: cell.bg, style: cell.style)
        } else {
            cells[i] = cell
        }
    }

    /// Blanks the other half of the wide pair that cell `i` (at column `x`) belongs to, if any,
    /// before cell `i` is overwritten.
    @usableFromInline
    mutating func breakPair(at i: Int, x: Int) {
        let symbol = cells[i].symbol
        if symbol.isContinuation, x > 0 {
            cells[i - 1] = cells[i - 1].blanked
        } else if symbol.isWide, x + 1 < width, cells[i + 1].symbol.isContinuation {
            cells[i + 1] = cells[i + 1].blanked
        }
    }

    /// Prepares columns `x0..<x1` of row `y` to be overwritten cell by cell: wide pairs that
    /// straddle either edge get their outside half blanked.
    @usableFromInline
    mutating func breakPairs(row y: Int, from x0: Int, to x1: Int) {
        guard x0 < x1 else { return }
        let base = y * width
        breakPair(at: base + x0, x: x0)
        breakPair(at: base + x1 - 1, x: x1 - 1)
    }

    /// The cluster symbol for `text`, adding it to the side table when new (`text` is taken as
    /// one cell's cluster as it is: the caller knows its width, and whether every terminal
    /// agrees on it, `certainWidth`).
    public mutating func clusterSymbol(_ text: String, wide: Bool, certainWidth: Bool = false) -> CellSymbol {
        if let index = clusterIndices[text] { return CellSymbol(clusterIndex: index, wide: wide, certainWidth: certainWidth) }
        let index = clusters.count
        guard index <= Int(CellSymbol.valueMask) else { return CellSymbol("\u{FFFD}") }
        clusters.append(text)
        clusterIndices[text] = index
        return CellSymbol(clusterIndex: index, wide: wide, certainWidth: certainWidth)
    }
}

extension Canvas: Equatable {
    /// Two canvases are equal when they have the same size, every cell shows the same text in the
    /// same colours and style (cluster table order does not matter), and they hold the same images.
    public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.images == rhs.images else { return false }
        if lhs.clusters.isEmpty && rhs.clusters.isEmpty { return lhs.cells == rhs.cells }
        for (a, b) in zip(lhs.cells, rhs.cells) {
            guard a.fg == b.fg, a.bg == b.bg, a.style == b.style else { return false }
            if a.symbol.isCluster || b.symbol.isCluster {
                guard a.symbol.isWide == b.symbol.isWide, lhs.text(of: a) == rhs.text(of: b) else { return false }
            } else if a.symbol != b.symbol {
                return false
            }
        }
        return true
    }
}
