/// Where a pane sits in its window, in cells: `#{pane_left} #{pane_top} #{pane_width} #{pane_height}`.
public struct PaneGeometry: Sendable, Equatable {
    public var left: Int
    public var top: Int
    public var width: Int
    public var height: Int

    /// A pane at (`left`, `top`) of `width` × `height` cells.
    public init(left: Int, top: Int, width: Int, height: Int) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }
}
