import CBlitter
import Testing
@testable import Terminal

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

    @Test("the top two sample rows of the left half are the top-left sextant, its colour shared with half a row")
    func sextantRows() {
        let cell = Self.encode(Self.cell { column, row in column < 2 && row < 2 ? Self.white : Self.black }, .sextant)
        // The top row of sextants is 5 of 16 pixels: 4 white and 1 black, a mean of 204.
        #expect(cell == Cell(symbol: CellSymbol("\u{1FB00}", wide: false), fg: RGB(204, 204, 204), bg: .black))
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

    @Test("a cell drawn exactly as one of the sextant set's glyphs is drawn back with that glyph (or one that looks the same)")
    func everyGlyphRoundTrips() throws {
        // The glyphs whose edges fall between samples (2 × 2 pixels): not the odd left eighths,
        // nor a sextant whose top and middle parts differ (kitty's rows end at pixel 5, inside
        // the third sample row), which the samples cannot tell from their neighbours.
        let sextants = (1..<63).filter { p in (p & 1 != 0) == (p & 4 != 0) && (p & 2 != 0) == (p & 8 != 0) }
        let glyphs: [Unicode.Scalar] = sextants.map(BlockGlyph.sextant) + FrameEncoder.quadrantSymbols.compactMap(\.scalar)
            + BlockGlyph.lowerEighths + [1, 3, 5].map { BlockGlyph.leftEighths[$0] }
        for glyph in glyphs where glyph != " " && glyph != "█" {
            let lit = try #require(Self.pixels(glyph))
            // Each sample the mean of its 2 × 2 pixels: white where the glyph paints.
            let image = Self.cell { column, row in
                var count = 0
                for dy in 0..<2 { for dx in 0..<2 where lit[(2 * row + dy) * 8 + 2 * column + dx] { count += 1 } }
                let level = UInt8(255 * count / 4)
                return RGB(level, level, level)
            }
            let cell = Self.encode(image, .sextant)
            let shown = try #require(cell.symbol.scalar.flatMap(Self.pixels), "\(glyph): \(cell)")
            let flipped = shown.map { !$0 }
            #expect((shown == lit && cell.fg.r > cell.bg.r) || (flipped == lit && cell.bg.r > cell.fg.r), "\(glyph) drawn as \(cell)")
        }
    }

    @Test("the sextant choice is the best of all its glyphs, as an exhaustive search finds it")
    func sextantIsExhaustive() throws {
        let glyphs: [Unicode.Scalar] = (0..<64).map(BlockGlyph.sextant) + FrameEncoder.quadrantSymbols.compactMap(\.scalar)
            + BlockGlyph.lowerEighths + BlockGlyph.leftEighths
        let shapes = glyphs.compactMap(Self.pixels)
        for image in Self.randomCells(count: 150, grey: false) {
            let best = shapes.map { Self.error(image, $0) }.min()!
            let cell = Self.encode(image, .sextant)
            let lit = try #require(cell.symbol.scalar.flatMap(Self.pixels))
            // Rounding each colour to whole levels adds at most a quarter level² a channel a pixel.
            #expect(Self.error(image, lit, fg: cell.fg, bg: cell.bg) <= best + 96.5)
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
