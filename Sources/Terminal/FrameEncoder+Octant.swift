extension FrameEncoder {
    /// The octant blitter's choice for one cell of 4 × 8 samples starting at `origin` in an image
    /// `width` pixels wide: a split of its eight parts (2 × 2 samples each) into two colours, and
    /// the octant glyph that draws it.
    ///
    /// 128 splits are too many to try each at video rate, so the parts are ordered along the
    /// line through the two that differ most, and of the seven splits of that order the one with
    /// the least squared error wins (each colour the mean of its parts), against a blank. That is
    /// exact whenever the cell's colours lie along one line, as most do (an edge, a gradient,
    /// one hue), and close otherwise. Ties go to the first, so a still picture always gets the
    /// same glyphs.
    @inline(__always)
    static func octantCell(_ pixels: UnsafeBufferPointer<RGB>, origin: Int, width: Int) -> Cell {
        @inline(__always) func at(_ row: Int, _ column: Int) -> Sum { Sum(pixels[origin &+ row &* width &+ column]) }
        let p0 = at(0, 0) + at(0, 1) + at(1, 0) + at(1, 1), p1 = at(0, 2) + at(0, 3) + at(1, 2) + at(1, 3)
        let p2 = at(2, 0) + at(2, 1) + at(3, 0) + at(3, 1), p3 = at(2, 2) + at(2, 3) + at(3, 2) + at(3, 3)
        let p4 = at(4, 0) + at(4, 1) + at(5, 0) + at(5, 1), p5 = at(4, 2) + at(4, 3) + at(5, 2) + at(5, 3)
        let p6 = at(6, 0) + at(6, 1) + at(7, 0) + at(7, 1), p7 = at(6, 2) + at(6, 3) + at(7, 2) + at(7, 3)
        let total = p0 + p1 + p2 + p3 + p4 + p5 + p6 + p7
        return withUnsafeTemporaryAllocation(of: Sum.self, capacity: 16) { buffer -> Cell in
            guard let parts = buffer.baseAddress else { return .blank(total.mean(32)) }
            let sorted = parts + 8
            parts[0] = p0; parts[1] = p1; parts[2] = p2; parts[3] = p3
            parts[4] = p4; parts[5] = p5; parts[6] = p6; parts[7] = p7
            // The two parts farthest apart, and the line between them.
            var from = 0, to = 0, farthest = 0
            for i in 0..<7 {
                for j in (i &+ 1)..<8 {
                    let distance = (parts[i] - parts[j]).norm
                    if distance > farthest { farthest = distance; from = i; to = j }
                }
            }
            if farthest == 0 { return .blank(total.mean(32)) }
            let axis = parts[to] - parts[from]
            // Each part's place along it (ties in part order), and the parts in that order.
            var keys = SIMD8<Int32>()
            for i in 0..<8 { keys[i] = Int32(truncatingIfNeeded: parts[i].dot(axis) >> 8) }
            var orderBits = 0  // four bits a place: which part
            for i in 0..<8 {
                var place = 0
                for j in 0..<8 where keys[j] < keys[i] || (keys[j] == keys[i] && j < i) { place &+= 1 }
                sorted[place] = parts[i]
                orderBits |= i << (place &* 4)
            }
            var bestNumerator = total.norm, bestDenominator = 32, bestCount = 0, bestSum = Sum()
            var sum = Sum()
            for k in 1..<8 {
                sum = sum + sorted[k &- 1]
                let rest = total - sum
                // Areas 4k and 4(8 − k) samples: (|S₁|²n₂ + |S₂|²n₁) / n₁n₂, with the 4s taken out.
                let numerator = sum.norm &* (8 &- k) &+ rest.norm &* k
                let denominator = 4 &* k &* (8 &- k)
                if numerator &* bestDenominator > bestNumerator &* denominator {
                    bestNumerator = numerator
                    bestDenominator = denominator
                    bestCount = k
                    bestSum = sum
                }
            }
            if bestCount == 0 { return .blank(total.mean(32)) }
            var pattern = 0
            for place in 0..<bestCount { pattern |= 1 << ((orderBits >> (place &* 4)) & 15) }
            var fg = bestSum.mean(4 &* bestCount), bg = (total - bestSum).mean(4 &* (8 &- bestCount))
            if fg == bg { return .blank(bg) }
            // Of a pattern and its complement, the glyph from the older Block Elements, which more
            // fonts have (▂ rather than its complement, U+1FB85 of Legacy Computing).
            if !(0x2580...0x259F).contains(BlockGlyph.octants[pattern].value),
               (0x2580...0x259F).contains(BlockGlyph.octants[255 &- pattern].value) {
                pattern = 255 &- pattern
                swap(&fg, &bg)
            }
            return Cell(symbol: CellSymbol(BlockGlyph.octants[pattern], wide: false), fg: fg, bg: bg)
        }
    }
}

extension FrameEncoder.Sum {
    /// The dot product with `other`.
    @inline(__always)
    func dot(_ other: Self) -> Int { r &* other.r &+ g &* other.g &+ b &* other.b }
}
