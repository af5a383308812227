import Drawing

/// The canvas as one string per row, each cell's text with continuation cells left out (as
/// TerminalTests reads its canvases).
func grid(_ canvas: Canvas) -> [String] {
    (0..<canvas.height).map { y in (0..<canvas.width).map { x in canvas.text(of: canvas[x, y]) }.joined() }
}

/// One character per cell describing its background: `.` for `dot`, `#` for `hash`, `?` otherwise.
func backgrounds(_ canvas: Canvas, dot: RGB, hash: RGB) -> [String] {
    (0..<canvas.height).map { y in
        String((0..<canvas.width).map { x -> Character in
            let bg = canvas[x, y].bg
            return bg == dot ? "." : bg == hash ? "#" : "?"
        })
    }
}

extension PixelBuffer {
    /// Fills the pixels whose centres lie within `radius` of (`cx`, `cy`) with `color`.
    mutating func paintDisc(cx: Double, cy: Double, radius: Double, color: RGB) {
        for y in 0..<height {
            for x in 0..<width where (Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx)
                + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy) <= radius * radius {
                self[x, y] = color
            }
        }
    }
}
