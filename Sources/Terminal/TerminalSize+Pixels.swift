import Drawing

extension TerminalSize {
    /// This size with its pixel size made exactly `cell` a cell (pixel mode: the picture's
    /// pixels are the terminal's, and square when the cell's are as the terminal said).
    public func withCellPixels(_ cell: PixelSize) -> TerminalSize {
        TerminalSize(columns: columns, rows: rows, pixelWidth: columns * cell.width, pixelHeight: rows * cell.height)
    }

    /// The size of one cell in pixels from the window's pixel size, rounded down (xterm counts
    /// its border in), or nil when the terminal does not give it.
    public var cellPixels: PixelSize? {
        guard let pixelWidth, let pixelHeight, columns > 0, rows > 0, pixelWidth >= columns, pixelHeight >= rows else { return nil }
        return PixelSize(width: pixelWidth / columns, height: pixelHeight / rows)
    }
}
