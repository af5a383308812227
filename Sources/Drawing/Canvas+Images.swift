extension Canvas {
    /// Places a picture over the cells of `rect` (which must lie inside the canvas): `pixels` is
    /// `rect.width × cellWidth` by `rect.height × cellHeight`.
    ///
    /// It lies over the images placed before it (a thumbnail on a card over the video): those it
    /// covers wholly go, the others are cut where it lies. Each of its cells becomes a
    /// ``CellStyle/seeThrough`` blank whose background is the mean colour of its pixels (of a
    /// grid of about 4 × 4 of them), so that text drawn there later without a background of its
    /// own sits on the picture, and fades blend toward it.
    public mutating func placeImage(_ pixels: PixelBuffer, at rect: Rect, cellWidth: Int, cellHeight: Int) {
        guard !rect.isEmpty, cellWidth > 0, cellHeight > 0, rect.intersection(bounds) == rect,
              pixels.width == rect.width * cellWidth, pixels.height == rect.height * cellHeight else { return }
        images.removeAll { $0.rect.intersection(rect) == $0.rect }
        images.append(CanvasImage(rect: rect, pixels: pixels, cellWidth: cellWidth, cellHeight: cellHeight))
        for y in rect.y..<rect.maxY { breakPairs(row: y, from: rect.x, to: rect.maxX) }
        // The mean of a cell is taken over a grid of at most 4 × 4 of its pixels: a cell's
        // colour only serves fades and text drawn on it, and every frame of video comes here.
        let stepX = max(cellWidth / 4, 1), stepY = max(cellHeight / 4, 1)
        let samplesX = (cellWidth - 1 - stepX / 2) / stepX + 1, samplesY = (cellHeight - 1 - stepY / 2) / stepY + 1
        let count = samplesX * samplesY
        let half = count / 2
        let canvasWidth = width
        let imageWidth = pixels.width
        pixels.pixels.withUnsafeBufferPointer { source in
            cells.withUnsafeMutableBufferPointer { cells in
                for row in 0..<rect.height {
                    let out = (rect.y + row) * canvasWidth + rect.x
                    for column in 0..<rect.width {
                        var r = 0, g = 0, b = 0
                        var py = row * cellHeight + stepY / 2
                        for _ in 0..<samplesY {
                            var p = py * imageWidth + column * cellWidth + stepX / 2
                            for _ in 0..<samplesX {
                                let pixel = source[p]
                                r += Int(pixel.r); g += Int(pixel.g); b += Int(pixel.b)
                                p += stepX
                            }
                            py += stepY
                        }
                        let mean = RGB(UInt8((r + half) / count), UInt8((g + half) / count), UInt8((b + half) / count))
                        cells[out + column] = Cell(symbol: .space, fg: mean, bg: mean, style: .seeThrough)
                    }
                }
            }
        }
    }

    /// Takes away the images that lie wholly inside `rect` (their cells were all drawn over).
    mutating func removeImages(coveredBy rect: Rect) {
        guard !images.isEmpty else { return }
        images.removeAll { $0.rect.intersection(rect) == $0.rect }
    }
}
