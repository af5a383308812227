extension Canvas {
    /// Copies the cells of `source` (a canvas of the same size) for which `include(x, y)` is
    /// true, keeping wide pairs whole: a transition that shows one screen through another.
    public mutating func copyCells(from source: Canvas, where include: (Int, Int) -> Bool) {
        guard source.width == width, source.height == height else { return }
        for y in 0..<height {
            var x = 0
            while x < width {
                let cell = source.cells[y * width + x]
                let isWide = cell.symbol.isWide && x + 1 < width
                if include(x, y), !cell.symbol.isContinuation {
                    var copy = cell
                    if cell.symbol.isCluster {
                        copy.symbol = clusterSymbol(source.text(of: cell), wide: cell.symbol.isWide)
                    }
                    put(copy, x: x, y: y)
                }
                x += isWide ? 2 : 1
            }
        }
    }
}
