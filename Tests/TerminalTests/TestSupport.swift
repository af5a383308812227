import Drawing
import Terminal

/// The canvas as one string per row: each cell's text, continuation cells left out, so a wide
/// character reads as itself.
func grid(_ canvas: Canvas) -> [String] {
    (0..<canvas.height).map { y in
        (0..<canvas.width).map { x in canvas.text(of: canvas[x, y]) }.joined()
    }
}

/// The bytes `renderer` writes for `canvas`: one frame.
func render(_ renderer: inout ScreenRenderer, _ canvas: Canvas) -> [UInt8] {
    var out: [UInt8] = []
    renderer.render(canvas, into: &out)
    return out
}

/// Paints cell `x` of row 0 of `canvas` as two half-block pixels, `top` over `bottom`.
func paint(_ canvas: inout Canvas, _ x: Int, _ top: RGB, _ bottom: RGB) {
    canvas.setPixel(x: x, py: 0, color: top)
    canvas.setPixel(x: x, py: 1, color: bottom)
}

/// The number of iterations for a randomised test: `REEL_FUZZ_ITERATIONS` when set, else `default`.
func iterations(default count: Int) -> Int {
    if let text = getenvString("REEL_FUZZ_ITERATIONS"), let value = Int(text), value > 0 { return value }
    return count
}

#if canImport(Glibc)
import Glibc
#endif

func getenvString(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

extension PixelBuffer {
    /// Paints a solid disc centred at (`cx`, `cy`): a test fixture (the app draws its shapes in
    /// Screens).
    mutating func paintDisc(cx: Double, cy: Double, radius: Double, color: RGB) {
        for y in 0..<height {
            for x in 0..<width {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                if dx * dx + dy * dy <= radius * radius { self[x, y] = color }
            }
        }
    }
}
