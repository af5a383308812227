/// A rectangle of cells (or pixels): an origin and a size, with half-open extents.
public struct Rect: Sendable, Hashable {
    /// The leftmost column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The number of columns; never negative.
    public var width: Int
    /// The number of rows; never negative.
    public var height: Int

    /// Creates a rectangle; a negative width or height becomes 0.
    @inlinable
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The column just right of the rectangle (`x + width`).
    @inlinable public var maxX: Int { x + width }
    /// The row just below the rectangle (`y + height`).
    @inlinable public var maxY: Int { y + height }
    /// Whether the rectangle covers no cell.
    @inlinable public var isEmpty: Bool { width == 0 || height == 0 }

    /// Whether the cell at column `x`, row `y` lies inside.
    @inlinable
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The part of this rectangle also inside `other`; empty (at this origin) when they do not meet.
    @inlinable
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        if right <= left || bottom <= top { return Rect(x: left, y: top, width: 0, height: 0) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// This rectangle moved in by `dx` columns on each side and `dy` rows on top and bottom.
    @inlinable
    public func insetBy(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}

extension Rect {
    /// Calls `body(y, span)` for each row of this rectangle, with `span` the flat indices of its
    /// cells in a row-major grid `gridWidth` wide. The rectangle must already lie inside the grid.
    @inlinable
    func forEachRowSpan(gridWidth: Int, _ body: (Int, Range<Int>) -> Void) {
        for row in y..<maxY {
            let base = row * gridWidth
            body(row, (base + x)..<(base + maxX))
        }
    }
}
