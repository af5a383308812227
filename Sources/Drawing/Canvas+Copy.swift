extension Canvas {
    /// Copies the cells of `source` (a canvas of the same size) for which `include(x, y)` is
    /// true, keeping wide pairs whole: a transition that shows one screen through another. In
    /// pixel mode `source`'s pictures come along, cut to the cells copied, over this canvas's
    /// (replacing an earlier copy of the same place).
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
        // Pictures come along over the cells copied, and only there (pixel mode).
        for image in source.images {
            var cutOut = [Bool](repeating: true, count: image.rect.width * image.rect.height)
            var any = false
            for y in image.rect.y..<image.rect.maxY {
                for x in image.rect.x..<image.rect.maxX where include(x, y) && image.covers(x: x, y: y) {
                    cutOut[(y - image.rect.y) * image.rect.width + x - image.rect.x] = false
                    any = true
                }
            }
            guard any else { continue }
            var copy = image
            copy.cutOut = cutOut.contains(true) ? cutOut : nil
            images.removeAll { $0.rect == image.rect }
            images.append(copy)
        }
    }
}
