/// A rectangle of terminal cells: columns from `x`, rows from `y`.
public struct CellRect: Sendable, Equatable {
    /// The first column.
    public var x: Int
    /// The first row.
    public var y: Int
    /// How many columns it spans.
    public var width: Int
    /// How many rows it spans.
    public var height: Int

    /// Makes a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The column just past the right edge.
    public var maxX: Int { x + width }
    /// The row just past the bottom edge.
    public var maxY: Int { y + height }
    /// Whether it covers no cell.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the cell at `column`, `row` is inside.
    public func contains(column: Int, row: Int) -> Bool {
        column >= x && column < maxX && row >= y && row < maxY
    }
}
