extension FrameEncoder {
    /// The quadrant block that lights the pixels of each mask (the foreground part), by mask value
    /// (bit 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right). A split and its complement look
    /// the same with the colours swapped, so only seven masks are ever chosen.
    static let quadrantSymbols: [CellSymbol] = {
        let scalars: [UInt32] = [
            0x20, 0x2598, 0x259D, 0x2580, 0x2596, 0x258C, 0x259E, 0x259B,
            0x2597, 0x259A, 0x2590, 0x259C, 0x2584, 0x2599, 0x259F, 0x2588,
        ]
        return scalars.map { CellSymbol(Unicode.Scalar($0)!, wide: false) }
    }()

    /// The quadrant cell for four pixels: top-left, top-right, bottom-left, bottom-right.
    ///
    /// The squared error of a split is Σ|p|² − |S₁|²/n₁ − |S₂|²/n₂ (S the sums of the two groups),
    /// and Σ|p|² is the same for every split, so the best split maximises |S₁|²/n₁ + |S₂|²/n₂.
    /// Scaled by 6 that is an integer: 6|p|² + 2|S − p|² for one pixel against three, and
    /// 3(|S₁|² + |S₂|²) for two against two.
    @inline(__always)
    static func quadrantCell(_ a: RGB, _ b: RGB, _ c: RGB, _ d: RGB) -> Cell {
        if a == b && b == c && c == d { return .blank(a) }
        let p = (Sum(a), Sum(b), Sum(c), Sum(d))
        let total = p.0 + p.1 + p.2 + p.3
        @inline(__always) func single(_ q: Sum) -> Int { 6 * q.norm + 2 * (total - q).norm }
        @inline(__always) func pair(_ q: Sum, _ r: Sum) -> Int { let s = q + r; return 3 * (s.norm + (total - s).norm) }
        // Masks as in `quadrantSymbols`: bit 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
        var bestMask = 0b0011
        var best = pair(p.0, p.1)
        @inline(__always) func consider(_ score: Int, _ mask: Int) {
            if score > best { best = score; bestMask = mask }
        }
        consider(pair(p.0, p.2), 0b0101)
        consider(pair(p.0, p.3), 0b1001)
        consider(single(p.0), 0b0001)
        consider(single(p.1), 0b0010)
        consider(single(p.2), 0b0100)
        consider(single(p.3), 0b1000)
        var front = Sum(), count = 0
        if bestMask & 1 != 0 { front = front + p.0; count += 1 }
        if bestMask & 2 != 0 { front = front + p.1; count += 1 }
        if bestMask & 4 != 0 { front = front + p.2; count += 1 }
        if bestMask & 8 != 0 { front = front + p.3; count += 1 }
        let fg = front.mean(count), bg = (total - front).mean(4 - count)
        if fg == bg { return .blank(bg) }
        return Cell(symbol: quadrantSymbols[bestMask], fg: fg, bg: bg)
    }

    /// Per-channel sums of a group of pixels (at most a few thousand pixels, so the arithmetic
    /// never overflows and need not be checked).
    struct Sum {
        var r = 0, g = 0, b = 0

        init() {}

        @inline(__always)
        init(_ p: RGB) {
            r = Int(p.r)
            g = Int(p.g)
            b = Int(p.b)
        }

        @inline(__always)
        static func + (x: Sum, y: Sum) -> Sum {
            var s = x
            s.r &+= y.r; s.g &+= y.g; s.b &+= y.b
            return s
        }

        @inline(__always)
        static func - (x: Sum, y: Sum) -> Sum {
            var s = x
            s.r &-= y.r; s.g &-= y.g; s.b &-= y.b
            return s
        }

        /// The squared length |S|².
        @inline(__always)
        var norm: Int { r &* r &+ g &* g &+ b &* b }

        /// The mean colour of `count` pixels summed here, rounded.
        @inline(__always)
        func mean(_ count: Int) -> RGB {
            guard count > 0 else { return .black }
            let half = count / 2
            return RGB(UInt8((r + half) / count), UInt8((g + half) / count), UInt8((b + half) / count))
        }
    }
}
