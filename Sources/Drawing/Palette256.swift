/// The xterm 256-colour palette and a fast, exact nearest-colour search over its cube and grey ramp.
///
/// The cube is a product of per-channel levels, so its nearest point is found one channel at a time
/// from a table; the nearest grey is the ramp step nearest the mean. The closer of the two (by squared
/// distance) wins, ties going to the cube. That is three table reads and a little arithmetic per colour.
public enum Palette256 {
    /// The six levels of each channel of the colour cube (indices 16…231).
    public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// The nearest cube level index (0…5) for each channel value.
    static let nearestLevel: [UInt8] = (0..<256).map { value in
        UInt8(argmin(count: cubeLevels.count) { abs(Int(cubeLevels[$0]) - value) })
    }

    /// The nearest grey-ramp step (0…23, level 8 + 10·k) for each channel sum 0…765.
    static let nearestGrey: [UInt8] = (0...765).map { sum in
        UInt8(argmin(count: 24) { abs(3 * (8 + 10 * $0) - sum) })
    }

    /// The first index in `0..<count` with the smallest `cost`.
    private static func argmin(count: Int, cost: (Int) -> Int) -> Int {
        var best = 0
        for i in 1..<count where cost(i) < cost(best) { best = i }
        return best
    }

    /// The palette index (16…255) nearest to `color` by squared RGB distance.
    @inlinable
    public static func index(of color: RGB) -> UInt8 {
        nearest(color).index
    }

    /// The colour the terminal shows for palette index `index` (16…255; 0…15 are the xterm defaults).
    public static func color(at index: UInt8) -> RGB {
        colors[Int(index)]
    }

    /// `color` moved to the nearest palette colour (what the terminal will show in 256-colour mode).
    @inlinable
    public static func quantized(_ color: RGB) -> RGB {
        nearest(color).color
    }

    /// The palette colour for `color` at pixel (`x`, `y`) with ordered (Bayer 4×4) dithering: a
    /// smooth ramp becomes a fine, fixed pattern of the two palette colours around it instead of
    /// bands. Each channel picks the cube level above or below it by how far between them it is
    /// against the pixel's threshold; a colour nearest a grey dithers along the finer grey ramp.
    /// The pattern depends on the position only, so a still picture stays the same from frame to
    /// frame and costs no bytes to keep.
    public static func dithered(_ color: RGB, x: Int, y: Int) -> RGB {
        let threshold = (Double(bayer[(y & 3) << 2 | (x & 3)]) + 0.5) / 16
        if nearest(color).index >= 232 {
            // Along the grey ramp: levels 8, 18, … 238.
            let mean = (Double(color.r) + Double(color.g) + Double(color.b)) / 3
            let step = min(max((mean - 8) / 10, 0), 23)
            let below = Int(step.rounded(.down))
            let level = UInt8(8 + 10 * (step - Double(below) > threshold ? min(below + 1, 23) : below))
            return RGB(level, level, level)
        }
        @inline(__always) func channel(_ value: UInt8) -> UInt8 {
            var upper = 1
            while upper < cubeLevels.count - 1, cubeLevels[upper] < value { upper += 1 }
            let low = Double(cubeLevels[upper - 1]), high = Double(cubeLevels[upper])
            let fraction = high > low ? (Double(value) - low) / (high - low) : 0
            return fraction > threshold ? cubeLevels[upper] : cubeLevels[upper - 1]
        }
        return RGB(channel(color.r), channel(color.g), channel(color.b))
    }

    /// The 4×4 Bayer matrix, row by row.
    static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]

    @usableFromInline
    static func nearest(_ c: RGB) -> (index: UInt8, color: RGB) {
        let ri = nearestLevel[Int(c.r)], gi = nearestLevel[Int(c.g)], bi = nearestLevel[Int(c.b)]
        let cube = RGB(cubeLevels[Int(ri)], cubeLevels[Int(gi)], cubeLevels[Int(bi)])
        let k = nearestGrey[Int(c.r) + Int(c.g) + Int(c.b)]
        let level = 8 + 10 * k
        let grey = RGB(level, level, level)
        if squaredDistance(c, grey) < squaredDistance(c, cube) {
            return (232 + k, grey)
        }
        return (16 + 36 * ri + 6 * gi + bi, cube)
    }

    @usableFromInline
    static func squaredDistance(_ a: RGB, _ b: RGB) -> Int {
        let dr = Int(a.r) - Int(b.r), dg = Int(a.g) - Int(b.g), db = Int(a.b) - Int(b.b)
        return dr * dr + dg * dg + db * db
    }

    /// All 256 palette colours.
    static let colors: [RGB] = {
        let system: [RGB] = [
            RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
            RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
            RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
            RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
        ]
        var all = system
        for i in 0..<216 {
            all.append(RGB(cubeLevels[i / 36], cubeLevels[(i / 6) % 6], cubeLevels[i % 6]))
        }
        for k in 0..<24 {
            let level = UInt8(8 + 10 * k)
            all.append(RGB(level, level, level))
        }
        return all
    }()
}
