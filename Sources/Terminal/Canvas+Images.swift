extension Canvas {
    /// Places a picture over the cells of `rect` (which must lie inside the canvas): `pixels` is
    /// `rect.width × cellWidth` by `rect.height × cellHeight`.
    ///
    /// It lies over the images placed before it (a thumbnail on a card over the video): those it
    /// covers wholly go, the others are cut where it lies. Each of its cells becomes a
    /// ``CellStyle/seeThrough`` blank whose background is the mean colour of its pixels, so that
    /// text drawn there later without a background of its own sits on the picture, and fades
    /// blend toward it.
    public mutating func placeImage(_ pixels: PixelBuffer, at rect: Rect, cellWidth: Int, cellHeight: Int) {
        guard !rect.isEmpty, cellWidth > 0, cellHeight > 0, rect.intersection(bounds) == rect,
              pixels.width == rect.width * cellWidth, pixels.height == rect.height * cellHeight else { return }
        images.removeAll { $0.rect.intersection(rect) == $0.rect }
        images.append(CanvasImage(rect: rect, pixels: pixels, cellWidth: cellWidth, cellHeight: cellHeight))
        for y in rect.y..<rect.maxY { breakPairs(row: y, from: rect.x, to: rect.maxX) }
        var sums = [Int](repeating: 0, count: rect.width * 3)
        let count = cellWidth * cellHeight
        let half = count / 2
        let canvasWidth = width
        pixels.pixels.withUnsafeBufferPointer { source in
            cells.withUnsafeMutableBufferPointer { cells in
                for row in 0..<rect.height {
                    for i in sums.indices { sums[i] = 0 }
                    for py in (row * cellHeight)..<((row + 1) * cellHeight) {
                        var p = py * pixels.width
                        for column in 0..<rect.width {
                            var r = 0, g = 0, b = 0
                            for _ in 0..<cellWidth {
                                let pixel = source[p]
                                r += Int(pixel.r); g += Int(pixel.g); b += Int(pixel.b)
                                p += 1
                            }
                            sums[3 * column] += r; sums[3 * column + 1] += g; sums[3 * column + 2] += b
                        }
                    }
                    let out = (rect.y + row) * canvasWidth + rect.x
                    for column in 0..<rect.width {
                        let mean = RGB(UInt8((sums[3 * column] + half) / count), UInt8((sums[3 * column + 1] + half) / count),
                                       UInt8((sums[3 * column + 2] + half) / count))
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

    /// Takes away every image (the cells stay as they are).
    public mutating func removeAllImages() {
        images.removeAll(keepingCapacity: true)
    }
}
