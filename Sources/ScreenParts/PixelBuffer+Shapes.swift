import Drawing

extension PixelBuffer {
    /// Blends an ellipse of `color` over the image, clipped to `clip`, with soft edges.
    ///
    /// Radii are in pixels along each axis, so a circle on screen can be drawn with pixels that
    /// are not square (cells that are not 1:2).
    public mutating func fillEllipse(cx: Double, cy: Double, rx: Double, ry: Double, color: RGB, alpha: Double, clip: Rect? = nil) {
        guard rx > 0, ry > 0, alpha > 0 else { return }
        let area = (clip ?? bounds).intersection(bounds)
        let top = max(area.y, Int((cy - ry).rounded(.down)))
        let bottom = min(area.maxY, Int((cy + ry).rounded(.up)) + 1)
        guard top < bottom else { return }
        for y in top..<bottom {
            let dy = (Double(y) + 0.5 - cy) / ry
            let span = 1 - dy * dy
            guard span > 0 else { continue }
            let halfWidth = rx * span.squareRoot()
            let left = max(area.x, Int((cx - halfWidth).rounded(.down)))
            let right = min(area.maxX, Int((cx + halfWidth).rounded(.up)) + 1)
            guard left < right else { continue }
            for x in left..<right {
                // Coverage by distance to the edge, in pixels, for a soft one-pixel rim.
                let distance = halfWidth - abs(Double(x) + 0.5 - cx)
                let coverage = min(max(distance + 0.5, 0), 1)
                if coverage > 0 { self[x, y] = self[x, y].blended(with: color, alpha: alpha * coverage) }
            }
        }
    }

    /// Darkens a rectangle by `factor`, leaving its corners round (`cornerRadius` pixels).
    public mutating func darkenRoundedRect(_ rect: Rect, by factor: Double, cornerRadius: Double) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty, factor > 0 else { return }
        let radius = max(min(cornerRadius, Double(min(rect.width, rect.height)) / 2), 0)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                // Distance into the nearest corner's circle decides the corners.
                let dx = max(Double(rect.x) + radius - (Double(x) + 0.5), Double(x) + 0.5 - (Double(rect.maxX) - radius), 0)
                let dy = max(Double(rect.y) + radius - (Double(y) + 0.5), Double(y) + 0.5 - (Double(rect.maxY) - radius), 0)
                guard dx * dx + dy * dy <= radius * radius else { continue }
                self[x, y] = self[x, y].darkened(by: factor)
            }
        }
    }

    /// Darkens each row by `peak` at the top and bottom edges, fading linearly to 0 in the middle,
    /// all scaled by `opacity`: the chrome's scrim.
    public mutating func darkenEdges(peak: Double, opacity: Double) {
        guard height > 1, opacity > 0 else { return }
        let last = Double(height - 1)
        for y in 0..<height {
            let factor = peak * abs(1 - 2 * Double(y) / last) * opacity
            if factor > 0.004 { darken(rows: y..<(y + 1), by: factor) }
        }
    }

    /// Fills the whole image with a vertical gradient from `top` to `bottom`.
    public mutating func fillVerticalGradient(top: RGB, bottom: RGB) {
        guard height > 0 else { return }
        for y in 0..<height {
            let t = height > 1 ? Double(y) / Double(height - 1) : 0
            fill(Rect(x: 0, y: y, width: width, height: 1), color: top.blended(with: bottom, alpha: t))
        }
    }

    /// Blends the triangle with corners `a`, `b` and `c` (in pixels) in `color`, clipped to `clip`,
    /// with edges smoothed by sampling each pixel 4 × 4 times.
    public mutating func fillTriangle(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double), _ c: (x: Double, y: Double),
                               color: RGB, alpha: Double, clip: Rect? = nil) {
        guard alpha > 0 else { return }
        let area = (clip ?? bounds).intersection(bounds)
        let left = max(area.x, Int(min(a.x, b.x, c.x).rounded(.down)))
        let right = min(area.maxX, Int(max(a.x, b.x, c.x).rounded(.up)) + 1)
        let top = max(area.y, Int(min(a.y, b.y, c.y).rounded(.down)))
        let bottom = min(area.maxY, Int(max(a.y, b.y, c.y).rounded(.up)) + 1)
        guard left < right, top < bottom else { return }
        // Which side of the edge from p to q the point is on; all three agree inside.
        func side(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), _ x: Double, _ y: Double) -> Double {
            (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x)
        }
        let turn = side(a, b, c.x, c.y)
        guard turn != 0 else { return }
        for y in top..<bottom {
            for x in left..<right {
                var hits = 0
                for sample in 0..<16 {
                    let sx = Double(x) + (Double(sample % 4) + 0.5) / 4
                    let sy = Double(y) + (Double(sample / 4) + 0.5) / 4
                    let inside = side(a, b, sx, sy) * turn >= 0 && side(b, c, sx, sy) * turn >= 0 && side(c, a, sx, sy) * turn >= 0
                    if inside { hits += 1 }
                }
                if hits > 0 { self[x, y] = self[x, y].blended(with: color, alpha: alpha * Double(hits) / 16) }
            }
        }
    }
}
