import CBlitter
import Testing
@testable import Drawing

/// The sextant and octant blitters' choice of glyph and colours for one cell, against cells
/// whose best answer is known, and against an exhaustive search over the glyphs as kitty draws
/// them on an 8 × 16 pixel cell.
@Suite("Sextant and octant cells")
struct SextantEncoderTests {
    /// A cell of 4 × 8 samples from a function of (column, row).
    static func cell(_ colour: (Int, Int) -> RGB) -> PixelBuffer {
        var image = PixelBuffer(width: 4, height: 8)
        for row in 0..<8 { for column in 0..<4 { image[column, row] = colour(column, row) } }
        return image
    }

    static func encode(_ image: PixelBuffer, _ blitter: FrameEncoder.Blitter) -> Cell {
        var canvas = Canvas(width: 1, height: 1)
        FrameEncoder(blitter: blitter).encode(image, into: &canvas, at: canvas.bounds)
        return canvas[0, 0]
    }

    static let red = RGB(200, 30, 20), white = RGB.white, black = RGB.black

    @Test("each lane's constant glyph is the one its split is worked out to")
    func laneGlyphs() {
        #expect(FrameEncoder.SextantSplit.symbols.count == Int(REEL_SEXTANT_LANES))
        for (lane, symbol) in FrameEncoder.SextantSplit.symbols.enumerated() {
            #expect(reel_sextant_glyph(UInt8(lane)) == symbol.rawValue, "lane \(lane)")
        }
    }

    @Test("a flat cell is a blank of its colour")
    func flat() {
        #expect(Self.encode(Self.cell { _, _ in Self.red }, .sextant) == .blank(Self.red))
        #expect(Self.encode(Self.cell { _, _ in Self.red }, .octant) == .blank(Self.red))
    }

    @Test("known best glyphs, for white samples (bit row * 4 + column) on black", arguments: [
        ("▀", 0x0000_FFFF),  // the top half, which no sextant can draw
        ("▎", 0x1111_1111),  // the left quarter of the width
        ("▂", 0xFF00_0000),  // the bottom quarter of the height
        ("▚", 0xCCCC_3333),  // quadrants upper left and lower right
        ("\u{1FB07}", 0x000C_C000),  // BLOCK SEXTANT-4: the middle third on the right
    ] as [(String, UInt32)])
    func known(glyph: String, lit: UInt32) {
        let cell = Self.encode(Self.cell { lit & (1 << UInt32($1 * 4 + $0)) != 0 ? Self.white : Self.black }, .sextant)
        let shown = cell.symbol.scalar.map { String(Character($0)) } ?? "?"
        let complement = BlockGlyph.complement(of: CellSymbol(Unicode.Scalar(glyph)!, wide: false))
        // The glyph, or its complement with the colours the other way round.
        let asComplement = complement.map { cell.symbol == $0 && cell.fg.r < cell.bg.r } ?? false
        #expect((shown == glyph && cell.fg.r > cell.bg.r) || asComplement, "\(shown) \(cell)")
    }

    @Test("the top two sample rows of the left half are the top-left sextant, in the least-squares colour of its half-covered row")
    func sextantRows() {
        let cell = Self.encode(Self.cell { column, row in column < 2 && row < 2 ? Self.white : Self.black }, .sextant)
        // The top row of sextants is 5 of 16 pixels: it covers sample rows 0 and 1 and half of
        // row 2. With coverages α (four samples 1, two ½, the rest 0), A = Σα² = 4.5,
        // B = Σα(1 − α) = 0.5, C = Σ(1 − α)² = 26.5, u = Σαp = 4 × 255 and v = Σp − u = 0:
        // f = (Cu − Bv) / (AC − B²) = 26.5 × 1020 / 119 = 227.1 and b = (Av − Bu) / 119 = −4.3,
        // clamped to 0: an error of 4 × 27.9² + 2 × 113.6² = 28,900 a channel, where the best
        // split of whole samples, ▘ in 127.5, leaves 8 × 127.5² = 130,050. (The mean of the
        // part's pixels, 204, fits worse: the half-covered samples show the half-way colour.)
        #expect(cell == Cell(symbol: CellSymbol("\u{1FB00}", wide: false), fg: RGB(227, 227, 227), bg: .black))
    }

    /// A cell of `line` in `fg` on `bg` as its samples show it: each sample the mix of the two
    /// by its share of the line's pixels (the mean of its 2 × 2 pixels).
    static func drawn(_ line: Unicode.Scalar, fg: RGB, bg: RGB) throws -> PixelBuffer {
        let alpha = coverage(try #require(pixels(line)))
        return cell { column, row in
            let count = Int(4 * alpha[row * 4 + column])
            func mix(_ f: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(f) * count + Int(b) * (4 - count)) / 4) }
            return RGB(mix(fg.r, bg.r), mix(fg.g, bg.g), mix(fg.b, bg.b))
        }
    }

    @Test("a box-drawing line, half covering the samples it crosses, is drawn back as that line in its own colours",
          arguments: ["\u{2502}", "\u{2503}", "\u{2500}", "\u{2501}", "\u{2574}", "\u{2579}"] as [String])
    func lines(line: String) throws {
        // Even colours, so that each half-covered sample is exactly half way. Only that glyph
        // in these two colours shows the samples with no error (the light vertical line: columns
        // 1 and 2 at (130, 120, 50), columns 0 and 3 the background).
        let fg = RGB(240, 200, 40), bg = RGB(20, 40, 60)
        let scalar = try #require(Unicode.Scalar(line))
        let cell = Self.encode(try Self.drawn(scalar, fg: fg, bg: bg), .sextant)
        #expect(cell == Cell(symbol: CellSymbol(scalar, wide: false), fg: fg, bg: bg))
    }

    @Test("an octant pattern of white parts is drawn by its glyph")
    func octantPattern() {
        let pattern = 0b1010_0101
        let cell = Self.encode(Self.cell { column, row in
            pattern & (1 << ((row / 2) * 2 + column / 2)) != 0 ? Self.white : Self.black
        }, .octant)
        let exact = Cell(symbol: CellSymbol(BlockGlyph.octants[pattern], wide: false), fg: Self.white, bg: Self.black)
        let swapped = Cell(symbol: CellSymbol(BlockGlyph.octants[255 - pattern], wide: false), fg: Self.black, bg: Self.white)
        #expect(cell == exact || cell == swapped)
    }

    // MARK: Against an exhaustive search

    /// Which of a cell's 8 × 16 pixels a glyph paints, as kitty draws it.
    static func pixels(_ scalar: Unicode.Scalar) -> [Bool]? {
        func rect(_ x0: Int, _ x1: Int, _ y0: Int, _ y1: Int) -> Set<Int> {
            Set((y0..<y1).flatMap { y in (x0..<x1).map { y * 8 + $0 } })
        }
        var lit = Set<Int>()
        if let p = BlockGlyph.sextantPattern(scalar) {
            let rows = [(0, 5), (5, 10), (10, 16)]
            for part in 0..<6 where p & (1 << part) != 0 {
                lit.formUnion(rect(part % 2 == 0 ? 0 : 4, part % 2 == 0 ? 4 : 8, rows[part / 2].0, rows[part / 2].1))
            }
        } else if let q = FrameEncoder.quadrantSymbols.firstIndex(of: CellSymbol(scalar, wide: false)) {
            for part in 0..<4 where q & (1 << part) != 0 {
                lit.formUnion(rect(part % 2 == 0 ? 0 : 4, part % 2 == 0 ? 4 : 8, part < 2 ? 0 : 8, part < 2 ? 8 : 16))
            }
        } else if let k = BlockGlyph.lowerEighths.firstIndex(of: scalar) {
            lit = rect(0, 8, 16 - 2 * (k + 1), 16)
        } else if let k = BlockGlyph.leftEighths.firstIndex(of: scalar) {
            lit = rect(0, k + 1, 0, 16)
        } else if (0x2500...0x2503).contains(scalar.value) || (0x2574...0x257B).contains(scalar.value) {
            // kitty's lines at 96 dpi: light 2 px, heavy 3 px, centred on pixel 4 across and 8 down;
            // a half line from the middle to its edge.
            let v = scalar.value
            let heavy = v == 0x2501 || v == 0x2503 || v >= 0x2578
            let t = heavy ? 3 : 2
            switch v {
            case 0x2500, 0x2501: lit = rect(0, 8, 8 - t / 2, 8 - t / 2 + t)
            case 0x2502, 0x2503: lit = rect(4 - t / 2, 4 - t / 2 + t, 0, 16)
            case 0x2574, 0x2578: lit = rect(0, 4, 8 - t / 2, 8 - t / 2 + t)
            case 0x2576, 0x257A: lit = rect(4, 8, 8 - t / 2, 8 - t / 2 + t)
            case 0x2575, 0x2579: lit = rect(4 - t / 2, 4 - t / 2 + t, 0, 8)
            default: lit = rect(4 - t / 2, 4 - t / 2 + t, 8, 16)
            }
        } else if let p = BlockGlyph.octants.firstIndex(of: scalar) {
            for part in 0..<8 where p & (1 << part) != 0 {
                lit.formUnion(rect(part % 2 == 0 ? 0 : 4, part % 2 == 0 ? 4 : 8, (part / 2) * 4, (part / 2) * 4 + 4))
            }
        } else {
            return nil
        }
        return (0..<128).map(lit.contains)
    }

    /// The squared error of drawing `image` (each sample 2 × 2 pixels) with `lit` in `fg` and the
    /// rest in `bg`; with no colours given, each part's mean (the least error for that glyph).
    static func error(_ image: PixelBuffer, _ lit: [Bool], fg: RGB? = nil, bg: RGB? = nil) -> Double {
        let values = (0..<128).map { i -> [Double] in
            let p = image[(i % 8) / 2, (i / 8) / 2]
            return [Double(p.r), Double(p.g), Double(p.b)]
        }
        func mean(_ on: Bool) -> [Double] {
            let group = values.indices.filter { lit[$0] == on }.map { values[$0] }
            guard !group.isEmpty else { return [0, 0, 0] }
            return (0..<3).map { c in group.map { $0[c] }.reduce(0, +) / Double(group.count) }
        }
        let front = fg.map { [Double($0.r), Double($0.g), Double($0.b)] } ?? mean(true)
        let back = bg.map { [Double($0.r), Double($0.g), Double($0.b)] } ?? mean(false)
        return values.indices.map { i in
            let m = lit[i] ? front : back
            return (0..<3).map { (values[i][$0] - m[$0]) * (values[i][$0] - m[$0]) }.reduce(0, +)
        }.reduce(0, +)
    }

    /// Random cells with structure: two colours split by a random line, with noise.
    static func randomCells(count: Int, grey: Bool) -> [PixelBuffer] {
        var state: UInt64 = grey ? 0x9E37_79B9 : 0x2545_F491
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        return (0..<count).map { _ in
            let a = grey ? [next(256)] : [next(256), next(256), next(256)]
            let b = grey ? [next(256)] : [next(256), next(256), next(256)]
            let (dx, dy, offset) = (next(9) - 4, next(9) - 4, next(17) - 8)
            return cell { column, row in
                let side = dx * (2 * column - 3) + dy * (2 * row - 7) + offset > 0
                let base = side ? a : b
                let noise = next(41) - 20
                func channel(_ c: Int) -> UInt8 { UInt8(clamping: base[grey ? 0 : c] + noise) }
                return RGB(channel(0), channel(1), channel(2))
            }
        }
    }

    /// The sextant blitter's glyphs, as `pixels` draws them.
    static let sextantSet: [Unicode.Scalar] = (0..<64).map(BlockGlyph.sextant) + FrameEncoder.quadrantSymbols.compactMap(\.scalar)
        + BlockGlyph.lowerEighths + BlockGlyph.leftEighths + (0x2500...0x2503).map { Unicode.Scalar($0)! }
        + (0x2574...0x257B).map { Unicode.Scalar($0)! }

    @Test("a cell drawn exactly as one of the sextant set's glyphs is drawn back with that glyph (or one that looks the same)")
    func everyGlyphRoundTrips() throws {
        // Every glyph, also those whose edges fall inside samples (the odd left eighths, the
        // sextants whose top and middle parts differ, the lines): a sample half covered shows
        // the half-way colour, which the fit's coverages model exactly. The glyph comes back,
        // or one that shows the same samples exactly (▉ in 254 on 0 is also ▊ in 254 on 127).
        for glyph in Self.sextantSet where glyph != " " && glyph != "█" {
            let lit = try #require(Self.pixels(glyph))
            // Each sample the mean of its 2 × 2 pixels, 254 where the glyph paints (so that a
            // half-covered sample is a whole 127).
            let alpha = Self.coverage(lit)
            let image = Self.cell { column, row in
                let level = UInt8(254 * alpha[row * 4 + column])
                return RGB(level, level, level)
            }
            let cell = Self.encode(image, .sextant)
            let shown = try #require(cell.symbol.scalar.flatMap(Self.pixels), "\(glyph): \(cell)")
            let flipped = shown.map { !$0 }
            let f = [cell.fg.r, cell.fg.g, cell.fg.b].map(Double.init), b = [cell.bg.r, cell.bg.g, cell.bg.b].map(Double.init)
            let exact = Self.sampleError(image, Self.coverage(shown), f: f, b: b) == 0
            #expect((shown == lit && cell.fg.r > cell.bg.r) || (flipped == lit && cell.bg.r > cell.fg.r) || exact,
                    "\(glyph) drawn as \(cell)")
        }
    }

    /// Each sample's share of a glyph's pixels (of its 2 × 2), row by row.
    static func coverage(_ lit: [Bool]) -> [Double] {
        (0..<32).map { s in
            let (column, row) = (s % 4, s / 4)
            var count = 0
            for dy in 0..<2 { for dx in 0..<2 where lit[(2 * row + dy) * 8 + 2 * column + dx] { count += 1 } }
            return Double(count) / 4
        }
    }

    /// The least-squares colours of drawing `image` with coverages `alpha` (each sample shown as
    /// α f + (1 − α) b), per channel, unclamped; nil where the glyph has one colour (a blank or █).
    static func leastSquares(_ image: PixelBuffer, _ alpha: [Double]) -> (f: [Double], b: [Double])? {
        let a = alpha.map { $0 * $0 }.reduce(0, +), bb = alpha.map { $0 * (1 - $0) }.reduce(0, +)
        let c = alpha.map { (1 - $0) * (1 - $0) }.reduce(0, +), det = a * c - bb * bb
        guard det > 1e-9 else { return nil }
        var f = [0.0, 0, 0], b = [0.0, 0, 0]
        for channel in 0..<3 {
            var u = 0.0, v = 0.0
            for s in 0..<32 {
                let p = image[s % 4, s / 4], value = Double(channel == 0 ? p.r : channel == 1 ? p.g : p.b)
                u += alpha[s] * value
                v += (1 - alpha[s]) * value
            }
            f[channel] = (c * u - bb * v) / det
            b[channel] = (a * v - bb * u) / det
        }
        return (f, b)
    }

    /// The squared error of showing `image` as α f + (1 − α) b on every sample: what the bench
    /// scores once kitty's pixels and the source are both halved to the samples.
    static func sampleError(_ image: PixelBuffer, _ alpha: [Double], f: [Double], b: [Double]) -> Double {
        var total = 0.0
        for s in 0..<32 {
            let p = image[s % 4, s / 4], values = [Double(p.r), Double(p.g), Double(p.b)]
            for c in 0..<3 {
                let e = alpha[s] * f[c] + (1 - alpha[s]) * b[c] - values[c]
                total += e * e
            }
        }
        return total
    }

    @Test("the sextant choice is the best of all its glyphs by least squares on the samples, as an exhaustive search finds it")
    func sextantIsExhaustive() throws {
        let alphas = try Self.sextantSet.map { Self.coverage(try #require(Self.pixels($0))) }
        for image in Self.randomCells(count: 150, grey: false) {
            var mean = [0.0, 0, 0]
            for s in 0..<32 {
                let p = image[s % 4, s / 4]
                mean[0] += Double(p.r) / 32; mean[1] += Double(p.g) / 32; mean[2] += Double(p.b) / 32
            }
            let flat = Self.sampleError(image, [Double](repeating: 0, count: 32), f: mean, b: mean)
            // Each glyph's fit with its colours clamped to 0–255, as the cell can show them.
            func clamped(_ colours: [Double]) -> [Double] { colours.map { min(max($0, 0), 255) } }
            func shownError(_ a: [Double]) -> Double? {
                Self.leastSquares(image, a).map { Self.sampleError(image, a, f: clamped($0.f), b: clamped($0.b)) }
            }
            let best = alphas.compactMap(shownError).min() ?? flat
            let cell = Self.encode(image, .sextant)
            let lit = try #require(cell.symbol.scalar.flatMap(Self.pixels))
            let alpha = Self.coverage(lit)
            // The glyph chosen is one whose clamped fit is the best (to float rounding) ...
            let fit = Self.leastSquares(image, alpha)
            let chosen = shownError(alpha) ?? flat
            #expect(chosen <= min(best, flat) * (1 + 1e-5) + 1e-3, "\(cell)")
            // ... and its colours are that fit's, clamped and rounded to bytes.
            if let fit, cell.symbol.scalar != " " {
                let shown = [cell.fg.r, cell.fg.g, cell.fg.b, cell.bg.r, cell.bg.g, cell.bg.b].map(Double.init)
                for (k, value) in (fit.f + fit.b).enumerated() {
                    #expect(abs(shown[k] - min(max(value, 0), 255)) <= 0.5 + 1e-3, "\(cell) channel \(k): \(value)")
                }
            }
        }
    }

    @Test("the AVX2 and plain builds of the sextant fit give the same fits, also where splits tie")
    func buildsAgree() {
        var state: UInt64 = 0x5DEE_CE66
        var cell = [UInt8](repeating: 0, count: 96)
        for k in 0..<20_000 {
            for i in 0..<96 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let v = Int(state >> 56)
                // Any levels, two levels, 0 or 254 (half-covered samples of 127 exactly), coarse steps.
                cell[i] = UInt8([v, v < 128 ? 0 : 255, v & 1 == 0 ? 0 : 254, v / 32 * 36][k % 4])
            }
            cell.withUnsafeBufferPointer { p in
                let a = reel_fit_sextant(p.baseAddress!, 12), b = reel_fit_sextant_plain(p.baseAddress!, 12)
                #expect(a.split == b.split && a.fg == b.fg && a.bg == b.bg, "cell \(k)")
            }
        }
    }

    @Test("the octant choice is exact for cells of one hue, and within 3 % of exhaustive in colour")
    func octantNearExhaustive() throws {
        let shapes = BlockGlyph.octants.compactMap(Self.pixels)
        for image in Self.randomCells(count: 60, grey: true) {
            let best = shapes.map { Self.error(image, $0) }.min()!
            let cell = Self.encode(image, .octant)
            let lit = try #require(cell.symbol.scalar.flatMap(Self.pixels))
            #expect(Self.error(image, lit, fg: cell.fg, bg: cell.bg) <= best + 96.5)
        }
        var chosen = 0.0, exhaustive = 0.0
        for image in Self.randomCells(count: 60, grey: false) {
            exhaustive += shapes.map { Self.error(image, $0) }.min()!
            let cell = Self.encode(image, .octant)
            let lit = try #require(cell.symbol.scalar.flatMap(Self.pixels))
            chosen += Self.error(image, lit, fg: cell.fg, bg: cell.bg)
        }
        #expect(chosen <= exhaustive * 1.03)
    }
}
