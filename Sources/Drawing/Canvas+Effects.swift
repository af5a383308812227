extension Canvas {
    /// Blanks the cells of `rect` (clipped to the canvas) to background `bg`; the images wholly
    /// inside it go.
    public mutating func fill(_ rect: Rect, bg: RGB) {
        let area = rect.intersection(bounds)
        removeImages(coveredBy: area)
        area.forEachRowSpan(gridWidth: width) { y, span in
            breakPairs(row: y, from: area.x, to: area.maxX)
            for i in span { cells[i] = .blank(bg) }
        }
    }

    /// Darkens the cells of `rect` (both colours) by `factor`: 0 leaves them, 1 makes them black.
    public mutating func darken(_ rect: Rect, by factor: Double) {
        blend(rect, with: .black, alpha: factor)
    }

    /// Lays `color` over the cells of `rect` (both colours) at opacity `alpha`.
    public mutating func blend(_ rect: Rect, with color: RGB, alpha: Double) {
        rect.intersection(bounds).forEachRowSpan(gridWidth: width) { _, span in
            for i in span {
                cells[i].fg = cells[i].fg.blended(with: color, alpha: alpha)
                cells[i].bg = cells[i].bg.blended(with: color, alpha: alpha)
            }
        }
    }

    /// The left-aligned blocks from one eighth (▏) to seven eighths (▉) of a cell.
    static let leftEighths: [Unicode.Scalar] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// Draws a left-to-right bar filling `fraction` (clamped to 0…1) of `rect`, in eighths of a cell.
    ///
    /// Full cells are blanks of colour `fg`, the partial cell is one of `▏▎▍▌▋▊▉` in `fg` on `bg`,
    /// and the rest are blanks of colour `bg`. Every row of `rect` gets the same bar.
    public mutating func horizontalBar(_ rect: Rect, fraction: Double, fg: RGB, bg: RGB) {
        let area = rect.intersection(bounds)
        let clamped = fraction.isNaN ? 0 : min(max(fraction, 0), 1)
        let eighths = Int((clamped * Double(rect.width * 8)).rounded())
        for y in area.y..<area.maxY {
            breakPairs(row: y, from: area.x, to: area.maxX)
            for x in area.x..<area.maxX {
                let filled = min(max(eighths - 8 * (x - rect.x), 0), 8)
                let cell: Cell
                switch filled {
                case 0: cell = .blank(bg)
                case 8: cell = .blank(fg)
                default:
                    cell = Cell(symbol: CellSymbol(Canvas.leftEighths[filled - 1], wide: false), fg: fg, bg: bg)
                }
                cells[y * width + x] = cell
            }
        }
    }
}
