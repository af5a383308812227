/// The size of the terminal in cells and, when the terminal reports it, in pixels.
public struct TerminalSize: Sendable, Hashable {
    /// The number of columns.
    public var columns: Int
    /// The number of rows.
    public var rows: Int
    /// The width of the text area in pixels, when known.
    public var pixelWidth: Int?
    /// The height of the text area in pixels, when known.
    public var pixelHeight: Int?

    /// Creates a size.
    public init(columns: Int, rows: Int, pixelWidth: Int? = nil, pixelHeight: Int? = nil) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    /// The width of one cell divided by its height: from the pixel size when known, else 1:2.
    public var cellAspect: Double {
        if let pixelWidth, let pixelHeight, pixelWidth > 0, pixelHeight > 0, columns > 0, rows > 0 {
            return (Double(pixelWidth) / Double(columns)) / (Double(pixelHeight) / Double(rows))
        }
        return 0.5
    }
}
