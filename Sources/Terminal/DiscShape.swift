/// A disc or ring in pixel coordinates, with a soft one-pixel edge.
///
/// Shared by ``Canvas`` (half-block pixels) and ``PixelBuffer``, so both draw the same shape.
struct DiscShape: Sendable, Equatable {
    /// The centre, in pixels (pixel `(x, y)` has its centre at `(x + 0.5, y + 0.5)`).
    var cx: Double
    var cy: Double
    /// The outer radius in pixels.
    var radius: Double
    /// The inner radius in pixels: 0 for a disc, more for a ring.
    var innerRadius: Double = 0

    /// Calls `body(x, y, coverage)` for every pixel of a `width` × `height` grid that the shape
    /// covers, with coverage in 0…1 (fractional on the edge).
    func forEachPixel(width: Int, height: Int, _ body: (Int, Int, Double) -> Void) {
        guard radius > 0, radius.isFinite, cx.isFinite, cy.isFinite else { return }
        let top = max(0, Int((cy - radius - 1).rounded(.down)))
        let bottom = min(height - 1, Int((cy + radius + 1).rounded(.up)))
        let left = max(0, Int((cx - radius - 1).rounded(.down)))
        let right = min(width - 1, Int((cx + radius + 1).rounded(.up)))
        guard top <= bottom, left <= right else { return }
        for y in top...bottom {
            let dy = Double(y) + 0.5 - cy
            for x in left...right {
                let dx = Double(x) + 0.5 - cx
                let d = (dx * dx + dy * dy).squareRoot()
                var coverage = min(max(radius - d + 0.5, 0), 1)
                if innerRadius > 0 { coverage = min(coverage, min(max(d - innerRadius + 0.5, 0), 1)) }
                if coverage > 0 { body(x, y, coverage) }
            }
        }
    }
}
