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

/// SplitMix64 (Steele, Lea and Flood), seeded, so that a random test draws the same numbers on
/// every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        let a = (state ^ (state >> 30)) &* 0xBF58_476D_1CE4_E5B9
        let b = (a ^ (a >> 27)) &* 0x94D0_49BB_1331_11EB
        return b ^ (b >> 31)
    }
}
