/// Test support: whether what a screenshot shows in a region is a picture in pixels or in cells.
///
/// A text cell has one foreground and one background colour: drawn by the terminal, a block or
/// sextant cell is two colours, and a glyph's antialiased edge adds only blends of those two (few
/// pixels). A photograph in pixels has many colours in most cells. So a cell is *photographic*
/// when its two commonest colours cover less than half of its pixels. Measured on the cat of
/// film.mkv in a 59x29 pane of xterm (8x15-pixel cells): 75 % of the picture's cells in sixel,
/// none in quadrant cells (whose two commonest colours covered 77 % of a cell at the median).
extension Screenshot {
    /// A cell is lit when a pixel of it is brighter than this in some channel.
    static let litLevel = 40

    /// The share of the lit cells of `rect` (whole cells of `cell` pixels from its corner) that
    /// are photographic, and how many cells were lit.
    func photographicCells(in rect: TmuxInTerminal.Rect, cell: (width: Int, height: Int)) -> (share: Double, lit: Int) {
        var lit = 0, photographic = 0
        var counts: [Int: Int] = [:]
        for row in 0..<(rect.height / cell.height) {
            for column in 0..<(rect.width / cell.width) {
                counts.removeAll(keepingCapacity: true)
                var bright = false
                for y in (rect.y + row * cell.height)..<(rect.y + (row + 1) * cell.height) {
                    for x in (rect.x + column * cell.width)..<(rect.x + (column + 1) * cell.width) {
                        let p = self[x, y]
                        if max(p.r, p.g, p.b) > Self.litLevel { bright = true }
                        counts[p.r << 16 | p.g << 8 | p.b, default: 0] += 1
                    }
                }
                guard bright else { continue }
                lit += 1
                let top = counts.values.sorted(by: >).prefix(2).reduce(0, +)
                if 2 * top < cell.width * cell.height { photographic += 1 }
            }
        }
        return (lit == 0 ? 0 : Double(photographic) / Double(lit), lit)
    }

    /// The number of photographic cells in `rect`: any picture in pixels left there.
    func photographicCellCount(in rect: TmuxInTerminal.Rect, cell: (width: Int, height: Int)) -> Int {
        let found = photographicCells(in: rect, cell: cell)
        return Int((found.share * Double(found.lit)).rounded())
    }

    /// The box of the lit pixels of `rect`, or nil.
    func litBox(in rect: TmuxInTerminal.Rect) -> TmuxInTerminal.Rect? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                let p = self[x, y]
                if max(p.r, p.g, p.b) > Self.litLevel { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) }
            }
        }
        return x1 < 0 ? nil : TmuxInTerminal.Rect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }
}
