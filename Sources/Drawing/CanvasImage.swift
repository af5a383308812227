/// A picture on the graphics surface beside a ``Canvas``'s cells (pixel mode): the cells it
/// covers and its pixels, exactly those cells' size in the terminal's pixels.
///
/// The cells under it are ``CellStyle/seeThrough`` blanks until text is drawn on them; the
/// ``GraphicsRenderer`` sends the picture in kitty's or sixel form and the ``ScreenRenderer``
/// writes only the cells.
public struct CanvasImage: Sendable, Equatable {
    /// The cells the picture covers.
    public var rect: Rect
    /// The picture, `rect.width × cellWidth` by `rect.height × cellHeight` pixels.
    public var pixels: PixelBuffer
    /// The width of one cell in pixels.
    public var cellWidth: Int
    /// The height of one cell in pixels.
    public var cellHeight: Int
    /// The cells of `rect` left out of the picture, row by row (nil: none): what a copy kept of
    /// it (``Canvas/copyCells(from:where:)``, as the growing circle from the list does).
    public var cutOut: [Bool]?

    /// Creates an image over `rect` of cells `cellWidth` × `cellHeight` pixels.
    public init(rect: Rect, pixels: PixelBuffer, cellWidth: Int, cellHeight: Int, cutOut: [Bool]? = nil) {
        self.rect = rect
        self.pixels = pixels
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        self.cutOut = cutOut
    }

    /// Whether the cell at (`x`, `y`) of the canvas shows this picture: inside it and not cut out.
    public func covers(x: Int, y: Int) -> Bool {
        guard rect.contains(x: x, y: y) else { return false }
        return cutOut.map { !$0[(y - rect.y) * rect.width + x - rect.x] } ?? true
    }
}
