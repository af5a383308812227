extension FrameEncoder {
    /// The sextant blitter's choice for one cell of 4 × 8 samples starting at `origin` in an image
    /// `width` pixels wide: of the 50 ways to split the cell in two that its glyphs draw (the 32
    /// sextant splits, `▀`, the quadrants `▘ ▝ ▖ ▗ ▚`, the lower eighths `▁ ▂ ▃ ▅ ▆ ▇` and the left
    /// eighths `▏ ▎ ▍ ▋ ▊ ▉`, each with its complement), the one with the least squared error,
    /// each part shown as its mean colour. Every split is tried.
    ///
    /// The parts are measured as kitty draws them on a 16-pixel cell, in units of half a sample:
    /// a sextant's rows are 5, 5 and 6 pixels (2.5, 2.5 and 3 samples), so the third sample row
    /// is split between the top and middle rows; the odd left eighths split a column in two. A
    /// part's colour is then the area-weighted mean of the samples it covers. The error of a split
    /// into parts of sums S₁, S₂ and areas n₁, n₂ is Σ|p|² − |S₁|²/n₁ − |S₂|²/n₂, so the best split
    /// is the one with the largest |S₁|²/n₁ + |S₂|²/n₂: the splits' sums are gathered by channel,
    /// and scored four at a time. Ties go to the first in the order above (a blank first of all),
    /// so a still picture always gets the same glyphs.
    @inline(__always)
    static func sextantCell(_ pixels: UnsafeBufferPointer<RGB>, origin: Int, width: Int,
                            factors: UnsafeRawPointer, splits: UnsafeBufferPointer<SextantSplit>) -> Cell {
        // Each sample row's left and right pairs (rows 0 and 1 together), and the first and third
        // columns, summed eight bytes at a time (``RowWords``).
        guard let raw = UnsafeRawPointer(pixels.baseAddress) else { return .blank(.black) }
        @inline(__always) func row(_ y: Int) -> RowWords { RowWords(raw + 3 &* (origin &+ y &* width)) }
        let y0 = row(0), y1 = row(1), y01 = y0 + y1, y2 = row(2), y3 = row(3), y4 = row(4), y5 = row(5), y6 = row(6), y7 = row(7)
        let total = y01 + y2 + y3 + y4 + y5 + y6 + y7
        let (l01, r01) = y01.pairs, (l1, r1) = y1.pairs, (l2, r2) = y2.pairs, (l3, r3) = y3.pairs, (l4, r4) = y4.pairs
        let (l5, r5) = y5.pairs, (l6, r6) = y6.pairs, (l7, r7) = y7.pairs
        let (column0, column2) = total.columns
        let leftHalf = l01 + l2 + l3 + l4 + l5 + l6 + l7, rightHalf = r01 + r2 + r3 + r4 + r5 + r6 + r7
        // In half-sample units from here on: a whole sample counts twice, 64 in all.
        let all = Sum3(leftHalf + rightHalf) * 2
        // The sextants' parts: top, middle and bottom, left and right (the bottom right is the rest).
        let tl = Sum3(l01.doubled + l2), tr = Sum3(r01.doubled + r2)
        let ml = Sum3(l2 + (l3 + l4).doubled), mr = Sum3(r2 + (r3 + r4).doubled)
        let bl = Sum3((l5 + l6 + l7).doubled)
        // The halves and quadrants.
        let upperLeft = Sum3((l01 + l2 + l3).doubled), upperRight = Sum3((r01 + r2 + r3).doubled)
        let lowerLeft = Sum3(leftHalf.doubled) - upperLeft
        let lowerRight = all - upperLeft - upperRight - lowerLeft
        // The lower eighths: the bottom k sample rows.
        let e1 = Sum3((l7 + r7).doubled), e2 = e1 + Sum3((l6 + r6).doubled), e3 = e2 + Sum3((l5 + r5).doubled)
        let e5 = e3 + Sum3((l4 + r4 + l3 + r3).doubled), e6 = e5 + Sum3((l2 + r2).doubled), e7 = e6 + Sum3((l1 + r1).doubled)
        // The left eighths: half a column each.
        let h0 = Sum3(column0), h1 = Sum3(leftHalf - column0), h2 = Sum3(column2)
        let d0 = h0 * 2, d01 = d0 + h1 * 2, d012 = d01 + h2 * 2
        let w1 = h0, w2 = d0, w3 = d0 + h1, w5 = d01 + h2, w6 = d012, w7 = d012 + (all - d012) * 0.5

        // Score four splits at a time, as lanes: |S₁|²/n₁ + |S₂|²/n₂ is
        // |S₁|²(1/n₁ + 1/n₂) − 2(S₁·T)/n₂ + |T|²/n₂. Each score's lowest six bits are replaced by
        // its lane's code (a blank's 63, then 62 − lane), so that the largest is also the
        // earliest of those within 2⁻¹⁷ of it.
        typealias Lanes = SIMD4<Float>
        let allR = Lanes(repeating: all.r), allG = Lanes(repeating: all.g), allB = Lanes(repeating: all.b)
        let allNorm = Lanes(repeating: all.norm)
        let keep = SIMD4<UInt32>(repeating: ~63)
        let n = SextantSplit.lanes &* 4
        var best = Lanes()
        @inline(__always) func score(_ lane: Int, _ r: Lanes, _ g: Lanes, _ b: Lanes) {
            let offset = lane &* 4
            let both = factors.loadUnaligned(fromByteOffset: offset, as: Lanes.self)
            let twice = factors.loadUnaligned(fromByteOffset: n &+ offset, as: Lanes.self)
            let outside = factors.loadUnaligned(fromByteOffset: 2 &* n &+ offset, as: Lanes.self)
            let code = factors.loadUnaligned(fromByteOffset: 3 &* n &+ offset, as: SIMD4<UInt32>.self)
            let value = (r * r + g * g + b * b) * both - (r * allR + g * allG + b * allB) * twice + allNorm * outside
            let coded = unsafeBitCast((unsafeBitCast(value, to: SIMD4<UInt32>.self) & keep) | code, to: Lanes.self)
            best.replace(with: coded, where: coded .> best)
        }
        @inline(__always) func score(_ lane: Int, _ a: Sum3, _ b: Sum3, _ c: Sum3, _ d: Sum3) {
            score(lane, Lanes(a.r, b.r, c.r, d.r), Lanes(a.g, b.g, c.g, d.g), Lanes(a.b, b.b, c.b, d.b))
        }
        // The sextants with the bottom right part dark (the others are their complements), lane p
        // the Gray code p ^ (p >> 1) of the parts tl, tr, ml, mr, bl: four lanes share their
        // middle and bottom parts, and differ in tl and tr.
        let evenR = Lanes(0, tl.r, tl.r + tr.r, tr.r), evenG = Lanes(0, tl.g, tl.g + tr.g, tr.g)
        let evenB = Lanes(0, tl.b, tl.b + tr.b, tr.b)
        let oddR = Lanes(tr.r, tl.r + tr.r, tl.r, 0), oddG = Lanes(tr.g, tl.g + tr.g, tl.g, 0)
        let oddB = Lanes(tr.b, tl.b + tr.b, tl.b, 0)
        @inline(__always) func sextants(_ lane: Int, _ base: Sum3) {
            if lane & 4 == 0 {
                score(lane, Lanes(repeating: base.r) + evenR, Lanes(repeating: base.g) + evenG, Lanes(repeating: base.b) + evenB)
            } else {
                score(lane, Lanes(repeating: base.r) + oddR, Lanes(repeating: base.g) + oddG, Lanes(repeating: base.b) + oddB)
            }
        }
        sextants(0, Sum3())
        sextants(4, ml)
        sextants(8, ml + mr)
        sextants(12, mr)
        sextants(16, mr + bl)
        sextants(20, ml + mr + bl)
        sextants(24, ml + bl)
        sextants(28, bl)
        // ▀, ▘ ▝ ▖ ▗ ▚, ▁ ▂ ▃ ▅ ▆ ▇, ▏ ▎ ▍ ▋ ▊ ▉, and two empty lanes.
        score(32, upperLeft + upperRight, upperLeft, upperRight, lowerLeft)
        score(36, lowerRight, upperLeft + lowerRight, e1, e2)
        score(40, e3, e5, e6, e7)
        score(44, w1, w2, w3, w5)
        score(48, w6, w7, Sum3(), Sum3())

        let top = max(max(best[0], best[1]), max(best[2], best[3]))
        let code = Int(unsafeBitCast(top, to: UInt32.self) & 63)
        let lane = code == 63 ? 0 : 62 &- code
        let sum: Sum3
        switch lane {
        case 0: return .blank(all.mean(1 / 64))
        case 1..<32:
            let pattern = lane ^ (lane >> 1)
            var parts = Sum3()
            if pattern & 1 != 0 { parts = parts + tl }
            if pattern & 2 != 0 { parts = parts + tr }
            if pattern & 4 != 0 { parts = parts + ml }
            if pattern & 8 != 0 { parts = parts + mr }
            if pattern & 16 != 0 { parts = parts + bl }
            sum = parts
        case 32: sum = upperLeft + upperRight
        case 33: sum = upperLeft
        case 34: sum = upperRight
        case 35: sum = lowerLeft
        case 36: sum = lowerRight
        case 37: sum = upperLeft + lowerRight
        case 38: sum = e1
        case 39: sum = e2
        case 40: sum = e3
        case 41: sum = e5
        case 42: sum = e6
        case 43: sum = e7
        case 44: sum = w1
        case 45: sum = w2
        case 46: sum = w3
        case 47: sum = w5
        case 48: sum = w6
        default: sum = w7
        }
        let split = splits[lane]
        let fg = sum.mean(split.inside), bg = (all - sum).mean(split.outside)
        return fg == bg ? .blank(bg) : Cell(symbol: split.symbol, fg: fg, bg: bg)
    }

    /// One of the splits ``sextantCell(_:origin:width:factors:splits:)`` scores: 1/n₁ and 1/n₂ of
    /// its parts' areas, and the glyph that draws it.
    struct SextantSplit {
        /// The splits scored, rounded up to a multiple of four (the last are empty).
        static let lanes = 52

        /// 1/n₁, for the part drawn in the foreground.
        var inside: Float
        /// 1/n₂, for the rest.
        var outside: Float
        /// The glyph.
        var symbol: CellSymbol

        /// The lanes' splits in order: the sextants in Gray-code order (the blank first), `▀`,
        /// `▘ ▝ ▖ ▗ ▚`, `▁ ▂ ▃ ▅ ▆ ▇`, `▏ ▎ ▍ ▋ ▊ ▉`, and empty lanes.
        static let splits: [SextantSplit] = {
            let sextantAreas = [10, 10, 10, 10, 12]
            var splits: [(area: Int, symbol: Unicode.Scalar)] = (0..<32).map { lane in
                let pattern = lane ^ (lane >> 1)
                let area = (0..<5).filter { pattern & (1 << $0) != 0 }.map { sextantAreas[$0] }.reduce(0, +)
                return (area, BlockGlyph.sextant(pattern))
            }
            splits += [(32, "\u{2580}"), (16, "\u{2598}"), (16, "\u{259D}"), (16, "\u{2596}"), (16, "\u{2597}"), (32, "\u{259A}")]
            for k in [1, 2, 3, 5, 6, 7] { splits.append((8 * k, BlockGlyph.lowerEighths[k - 1])) }
            for k in [1, 2, 3, 5, 6, 7] { splits.append((8 * k, BlockGlyph.leftEighths[k - 1])) }
            var table = splits.map { split -> SextantSplit in
                // The blank (area 0) scores |T|²/64, like every other split of nothing.
                guard split.area > 0 else { return SextantSplit(inside: 0, outside: 1 / 64, symbol: .space) }
                return SextantSplit(inside: 1 / Float(split.area), outside: 1 / Float(64 - split.area),
                                    symbol: CellSymbol(split.symbol, wide: false))
            }
            while table.count < lanes { table.append(SextantSplit(inside: 0, outside: 0, symbol: .space)) }
            return table
        }()

        /// ``splits``' factors as the scoring loop reads them, a row of ``lanes`` each: 1/n₁ + 1/n₂,
        /// 2/n₂ (0 for the blank, whose score is |T|²/64), 1/n₂, and each lane's code (63 for the
        /// blank, then 62 − lane) as a float's bits.
        static let factors: [Float] = splits.map { $0.inside == 0 ? 0 : $0.inside + $0.outside }
            + splits.map { $0.inside == 0 ? 0 : 2 * $0.outside } + splits.map(\.outside)
            + (0..<lanes).map { Float(bitPattern: UInt32($0 == 0 ? 63 : 62 - $0)) }

        /// Calls `body` with the factors and the splits, for a frame's cells.
        static func withTables<T>(_ body: (UnsafeRawPointer, UnsafeBufferPointer<SextantSplit>) -> T) -> T {
            factors.withUnsafeBytes { factors in
                splits.withUnsafeBufferPointer { splits in
                    // The arrays are never empty, so they have addresses.
                    body(factors.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, splits)
                }
            }
        }
    }

    /// A sum of colours in floating point, per channel.
    struct Sum3 {
        var r: Float = 0, g: Float = 0, b: Float = 0

        init() {}

        @inline(__always)
        init(r: Float, g: Float, b: Float) {
            self.r = r; self.g = g; self.b = b
        }

        @inline(__always)
        init(_ sum: Sum) {
            r = Float(sum.r); g = Float(sum.g); b = Float(sum.b)
        }

        @inline(__always) static func + (x: Sum3, y: Sum3) -> Sum3 { Sum3(r: x.r + y.r, g: x.g + y.g, b: x.b + y.b) }
        @inline(__always) static func - (x: Sum3, y: Sum3) -> Sum3 { Sum3(r: x.r - y.r, g: x.g - y.g, b: x.b - y.b) }
        @inline(__always) static func * (x: Sum3, k: Float) -> Sum3 { Sum3(r: x.r * k, g: x.g * k, b: x.b * k) }

        /// |S|².
        @inline(__always) var norm: Float { r * r + g * g + b * b }

        /// The colour of the sum times `inverse` (1/n: the mean of n units), rounded.
        @inline(__always)
        func mean(_ inverse: Float) -> RGB {
            // The sums are never negative; a truncation after adding a half rounds without a call.
            @inline(__always) func channel(_ v: Float) -> UInt8 { UInt8(truncatingIfNeeded: Int32(min(max(v * inverse + 0.5, 0), 255))) }
            return RGB(channel(r), channel(g), channel(b))
        }
    }
}

extension FrameEncoder {
    /// The 4 samples of one sample row of a cell (12 bytes: r₀g₀b₀ r₁g₁b₁ r₂g₂b₂ r₃g₃b₃), spread
    /// into sixteen-bit lanes of three words so that rows add up without carries between lanes
    /// (a lane holds at most 257 samples): `even` holds r₀ b₀ g₁ r₂, `odd` g₀ r₁ b₁ g₂ and `tail`
    /// b₂ g₃ r₃ b₃, lowest lane first.
    struct RowWords {
        var even: UInt64, odd: UInt64, tail: UInt64

        /// The row whose first sample's red byte is at `bytes`; reads exactly its 12 bytes.
        @inline(__always)
        init(_ bytes: UnsafeRawPointer) {
            let head = bytes.loadUnaligned(as: UInt64.self).littleEndian
            let end = UInt64(bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self).littleEndian)
            let bytesMask: UInt64 = 0x00FF_00FF_00FF_00FF
            even = head & bytesMask
            odd = (head >> 8) & bytesMask
            tail = (end & 0x00FF_00FF) | ((end >> 8) & 0x00FF_00FF) << 32
        }

        @inline(__always)
        init(even: UInt64, odd: UInt64, tail: UInt64) {
            self.even = even; self.odd = odd; self.tail = tail
        }

        @inline(__always)
        static func + (x: RowWords, y: RowWords) -> RowWords {
            RowWords(even: x.even &+ y.even, odd: x.odd &+ y.odd, tail: x.tail &+ y.tail)
        }

        /// The sums of the left pair (samples 0 and 1) and the right pair (2 and 3).
        @inline(__always)
        var pairs: (left: Sum, right: Sum) {
            let m: UInt64 = 0xFFFF
            let r0 = even & m, b0 = (even >> 16) & m, g1 = (even >> 32) & m, r2 = even >> 48
            let g0 = odd & m, r1 = (odd >> 16) & m, b1 = (odd >> 32) & m, g2 = odd >> 48
            let b2 = tail & m, g3 = (tail >> 16) & m, r3 = (tail >> 32) & m, b3 = tail >> 48
            return (Sum(r: Int(r0 &+ r1), g: Int(g0 &+ g1), b: Int(b0 &+ b1)),
                    Sum(r: Int(r2 &+ r3), g: Int(g2 &+ g3), b: Int(b2 &+ b3)))
        }

        /// The first sample and the third.
        @inline(__always)
        var columns: (first: Sum, third: Sum) {
            let m: UInt64 = 0xFFFF
            return (Sum(r: Int(even & m), g: Int(odd & m), b: Int((even >> 16) & m)),
                    Sum(r: Int(even >> 48), g: Int(odd >> 48), b: Int(tail & m)))
        }
    }
}

extension FrameEncoder.Sum {
    /// A sum of the given channels.
    @inline(__always)
    init(r: Int, g: Int, b: Int) {
        self.init()
        self.r = r; self.g = g; self.b = b
    }

    /// The sum counted twice: in half-sample units.
    @inline(__always)
    var doubled: Self { self + self }
}
