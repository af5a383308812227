import CBlitter

/// The block-element glyphs reel draws pictures with, and what each looks like on a cell.
///
/// A glyph's *look* is a 32-bit mask on a grid of 4 × 8 samples a cell (bit `row * 4 + column`,
/// row 0 at the top): the samples it paints in the foreground colour. The grid is the one the
/// sextant and octant blitters read the picture at, and the one the renderer compares two
/// written cells on, whatever their symbols. It is exact for halves, quadrants, octants and the
/// lower eighths; a sextant's rows (a third of the cell each) and the odd left eighths fall
/// between samples and are rounded (see ``lookMask(_:)``). The encoders fit colours with the
/// exact geometry instead (``FrameEncoder``'s `Sextant` and `Octant` extensions).
public enum BlockGlyph {
    /// The mask of every sample: a cell all in the foreground.
    public static let full: UInt32 = 0xFFFF_FFFF

    /// The samples of columns `columns` in rows `rows`.
    static func samples(columns: Range<Int>, rows: Range<Int>) -> UInt32 {
        var mask: UInt32 = 0
        for row in rows {
            for column in columns { mask |= 1 << UInt32(row * 4 + column) }
        }
        return mask
    }

    // MARK: Sextants

    /// The sextant glyph for `pattern` (bit 0 top-left, 1 top-right, 2 middle-left, 3 middle-right,
    /// 4 bottom-left, 5 bottom-right): U+1FB00–U+1FB3B in order of the pattern, with a space, `▌`,
    /// `▐` and `█` for the four patterns that already had a character.
    public static func sextant(_ pattern: Int) -> Unicode.Scalar {
        switch pattern & 63 {
        case 0: " "
        case 21: "\u{258C}"
        case 42: "\u{2590}"
        case 63: "\u{2588}"
        case let p: Unicode.Scalar(UInt32(0x1FB00 + p - 1 - (p > 21 ? 1 : 0) - (p > 42 ? 1 : 0)))!
        }
    }

    /// The sextant pattern of a glyph from ``sextant(_:)``, or nil.
    public static func sextantPattern(_ scalar: Unicode.Scalar) -> Int? {
        let v = Int(scalar.value)
        switch v {
        case 0x20: return 0
        case 0x258C: return 21
        case 0x2590: return 42
        case 0x2588: return 63
        case 0x1FB00...0x1FB3B:
            var p = v - 0x1FB00 + 1
            if p >= 21 { p += 1 }
            if p >= 42 { p += 1 }
            return p
        default: return nil
        }
    }

    /// A sextant pattern's look: its rows are rounded to samples 0–2, 3–4 and 5–7 (kitty draws
    /// them 5, 5 and 6 pixels of 16).
    static func sextantLook(_ pattern: Int) -> UInt32 {
        let rows = [0..<3, 3..<5, 5..<8]
        var mask: UInt32 = 0
        for part in 0..<6 where pattern & (1 << part) != 0 {
            mask |= samples(columns: part % 2 == 0 ? 0..<2 : 2..<4, rows: rows[part / 2])
        }
        return mask
    }

    // MARK: Octants

    /// The octant glyph for each pattern (bit 0 top-left, 1 top-right, 2 second row left, … 7 the
    /// bottom right), from Unicode 16's names: U+1CD00–U+1CDE5 "BLOCK OCTANT-…", and for the 26
    /// patterns those leave out, the characters that already drew them (the space, halves,
    /// quadrants and `▂ ▆ █`, four of Symbols for Legacy Computing, and four more new in
    /// Unicode 16: U+1CEA0, U+1CEA3, U+1CEA8, U+1CEAB).
    public static let octants: [Unicode.Scalar] = [
        0x20, 0x1CEA8, 0x1CEAB, 0x1FB82, 0x1CD00, 0x2598, 0x1CD01, 0x1CD02,
        0x1CD03, 0x1CD04, 0x259D, 0x1CD05, 0x1CD06, 0x1CD07, 0x1CD08, 0x2580,
        0x1CD09, 0x1CD0A, 0x1CD0B, 0x1CD0C, 0x1FBE6, 0x1CD0D, 0x1CD0E, 0x1CD0F,
        0x1CD10, 0x1CD11, 0x1CD12, 0x1CD13, 0x1CD14, 0x1CD15, 0x1CD16, 0x1CD17,
        0x1CD18, 0x1CD19, 0x1CD1A, 0x1CD1B, 0x1CD1C, 0x1CD1D, 0x1CD1E, 0x1CD1F,
        0x1FBE7, 0x1CD20, 0x1CD21, 0x1CD22, 0x1CD23, 0x1CD24, 0x1CD25, 0x1CD26,
        0x1CD27, 0x1CD28, 0x1CD29, 0x1CD2A, 0x1CD2B, 0x1CD2C, 0x1CD2D, 0x1CD2E,
        0x1CD2F, 0x1CD30, 0x1CD31, 0x1CD32, 0x1CD33, 0x1CD34, 0x1CD35, 0x1FB85,
        0x1CEA3, 0x1CD36, 0x1CD37, 0x1CD38, 0x1CD39, 0x1CD3A, 0x1CD3B, 0x1CD3C,
        0x1CD3D, 0x1CD3E, 0x1CD3F, 0x1CD40, 0x1CD41, 0x1CD42, 0x1CD43, 0x1CD44,
        0x2596, 0x1CD45, 0x1CD46, 0x1CD47, 0x1CD48, 0x258C, 0x1CD49, 0x1CD4A,
        0x1CD4B, 0x1CD4C, 0x259E, 0x1CD4D, 0x1CD4E, 0x1CD4F, 0x1CD50, 0x259B,
        0x1CD51, 0x1CD52, 0x1CD53, 0x1CD54, 0x1CD55, 0x1CD56, 0x1CD57, 0x1CD58,
        0x1CD59, 0x1CD5A, 0x1CD5B, 0x1CD5C, 0x1CD5D, 0x1CD5E, 0x1CD5F, 0x1CD60,
        0x1CD61, 0x1CD62, 0x1CD63, 0x1CD64, 0x1CD65, 0x1CD66, 0x1CD67, 0x1CD68,
        0x1CD69, 0x1CD6A, 0x1CD6B, 0x1CD6C, 0x1CD6D, 0x1CD6E, 0x1CD6F, 0x1CD70,
        0x1CEA0, 0x1CD71, 0x1CD72, 0x1CD73, 0x1CD74, 0x1CD75, 0x1CD76, 0x1CD77,
        0x1CD78, 0x1CD79, 0x1CD7A, 0x1CD7B, 0x1CD7C, 0x1CD7D, 0x1CD7E, 0x1CD7F,
        0x1CD80, 0x1CD81, 0x1CD82, 0x1CD83, 0x1CD84, 0x1CD85, 0x1CD86, 0x1CD87,
        0x1CD88, 0x1CD89, 0x1CD8A, 0x1CD8B, 0x1CD8C, 0x1CD8D, 0x1CD8E, 0x1CD8F,
        0x2597, 0x1CD90, 0x1CD91, 0x1CD92, 0x1CD93, 0x259A, 0x1CD94, 0x1CD95,
        0x1CD96, 0x1CD97, 0x2590, 0x1CD98, 0x1CD99, 0x1CD9A, 0x1CD9B, 0x259C,
        0x1CD9C, 0x1CD9D, 0x1CD9E, 0x1CD9F, 0x1CDA0, 0x1CDA1, 0x1CDA2, 0x1CDA3,
        0x1CDA4, 0x1CDA5, 0x1CDA6, 0x1CDA7, 0x1CDA8, 0x1CDA9, 0x1CDAA, 0x1CDAB,
        0x2582, 0x1CDAC, 0x1CDAD, 0x1CDAE, 0x1CDAF, 0x1CDB0, 0x1CDB1, 0x1CDB2,
        0x1CDB3, 0x1CDB4, 0x1CDB5, 0x1CDB6, 0x1CDB7, 0x1CDB8, 0x1CDB9, 0x1CDBA,
        0x1CDBB, 0x1CDBC, 0x1CDBD, 0x1CDBE, 0x1CDBF, 0x1CDC0, 0x1CDC1, 0x1CDC2,
        0x1CDC3, 0x1CDC4, 0x1CDC5, 0x1CDC6, 0x1CDC7, 0x1CDC8, 0x1CDC9, 0x1CDCA,
        0x1CDCB, 0x1CDCC, 0x1CDCD, 0x1CDCE, 0x1CDCF, 0x1CDD0, 0x1CDD1, 0x1CDD2,
        0x1CDD3, 0x1CDD4, 0x1CDD5, 0x1CDD6, 0x1CDD7, 0x1CDD8, 0x1CDD9, 0x1CDDA,
        0x2584, 0x1CDDB, 0x1CDDC, 0x1CDDD, 0x1CDDE, 0x2599, 0x1CDDF, 0x1CDE0,
        0x1CDE1, 0x1CDE2, 0x259F, 0x1CDE3, 0x2586, 0x1CDE4, 0x1CDE5, 0x2588,
    ].map { Unicode.Scalar($0)! }

    /// An octant pattern's look: each part is 2 × 2 samples.
    static func octantLook(_ pattern: Int) -> UInt32 {
        var mask: UInt32 = 0
        for part in 0..<8 where pattern & (1 << part) != 0 {
            mask |= samples(columns: part % 2 == 0 ? 0..<2 : 2..<4, rows: (part / 2) * 2..<(part / 2) * 2 + 2)
        }
        return mask
    }

    /// The octant pattern of each glyph in ``octants``.
    static let octantPatterns: [UInt32: Int] = {
        var patterns: [UInt32: Int] = [:]
        for (pattern, scalar) in octants.enumerated() { patterns[scalar.value] = pattern }
        return patterns
    }()

    // MARK: Eighths

    /// The lower eighth blocks `▁ ▂ ▃ ▄ ▅ ▆ ▇`: index k − 1 fills the bottom k/8.
    public static let lowerEighths: [Unicode.Scalar] = ["\u{2581}", "\u{2582}", "\u{2583}", "\u{2584}", "\u{2585}", "\u{2586}", "\u{2587}"]
    /// The left eighth blocks `▏ ▎ ▍ ▌ ▋ ▊ ▉`: index k − 1 fills the left k/8.
    public static let leftEighths: [Unicode.Scalar] = ["\u{258F}", "\u{258E}", "\u{258D}", "\u{258C}", "\u{258B}", "\u{258A}", "\u{2589}"]

    // MARK: Looks

    /// The look of a glyph by BlockGlyph's rules, worked out: what the constant tables behind
    /// ``lookMask(_:)`` hold (CBlitter's `glyphs.c`), and what the tests check them against.
    static func derivedLook(_ v: UInt32) -> UInt32? {
        switch v {
        case 0x20: return 0
        case 0x2580: return samples(columns: 0..<4, rows: 0..<4)
        case 0x2581...0x2587: return samples(columns: 0..<4, rows: (8 - Int(v - 0x2580))..<8)
        case 0x2588: return full
        case 0x2589...0x258F:
            // ▉ … ▏: the left 7/8 … 1/8; an odd eighth rounds to whole samples, never to none or all.
            let k = 0x2590 - Int(v)
            return samples(columns: 0..<(k % 2 == 0 ? k / 2 : min((k + 1) / 2, 3)), rows: 0..<8)
        case 0x2590: return samples(columns: 2..<4, rows: 0..<8)
        case 0x2594: return samples(columns: 0..<4, rows: 0..<1)
        case 0x2595: return samples(columns: 3..<4, rows: 0..<8)
        case 0x2596...0x259F:
            // The quadrants, bit 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right.
            let quadrants: [Int] = [4, 8, 1, 13, 9, 7, 11, 2, 6, 14]
            let q = quadrants[Int(v - 0x2596)]
            var mask: UInt32 = 0
            if q & 1 != 0 { mask |= samples(columns: 0..<2, rows: 0..<4) }
            if q & 2 != 0 { mask |= samples(columns: 2..<4, rows: 0..<4) }
            if q & 4 != 0 { mask |= samples(columns: 0..<2, rows: 4..<8) }
            if q & 8 != 0 { mask |= samples(columns: 2..<4, rows: 4..<8) }
            return mask
        case 0x1FB00...0x1FB3B: return Unicode.Scalar(v).flatMap(sextantPattern).map(sextantLook)
        // The sextant blitter's box-drawing lines, light (2 px) and heavy (3 px) as kitty draws
        // them at 8 x 16 px a cell: the samples they cover, a sample half covered counted in.
        case 0x2500, 0x2501: return samples(columns: 0..<4, rows: 3..<5)
        case 0x2502, 0x2503: return samples(columns: 1..<3, rows: 0..<8)
        case 0x2574, 0x2578: return samples(columns: 0..<2, rows: 3..<5)
        case 0x2575, 0x2579: return samples(columns: 1..<3, rows: 0..<4)
        case 0x2576, 0x257A: return samples(columns: 2..<4, rows: 3..<5)
        case 0x2577, 0x257B: return samples(columns: 1..<3, rows: 4..<8)
        default: return octantPatterns[v].map(octantLook)  // nil for the shades and all else
        }
    }

    /// What `symbol` paints in its foreground, as samples (see ``BlockGlyph``): 0 for a space,
    /// ``full`` for `█`; nil for a symbol that is not a block glyph (text, shades, a cluster).
    @inline(__always)
    public static func lookMask(_ symbol: CellSymbol) -> UInt32? {
        let bits = reel_glyph_look_bits(symbol.rawValue)
        return bits != 0 ? UInt32(truncatingIfNeeded: bits) : nil
    }

    /// The glyph that paints exactly what `symbol` leaves in the background, in the same family
    /// (quadrants, sextants, octants, or the eighths `▇ ▔` and `▉ ▕`), so that the two look the
    /// same with their colours swapped; nil for a space or `█` (each other's complement, which
    /// the renderer handles as blanks) and for glyphs without one.
    @inline(__always)
    public static func complement(of symbol: CellSymbol) -> CellSymbol? {
        let found = reel_glyph_complement(symbol.rawValue)
        return found == 0 ? nil : CellSymbol(rawValue: found)
    }

    /// The complement's scalar value of the glyph `v` by BlockGlyph's rules, worked out, or 0: what
    /// the constant tables behind ``complement(of:)`` hold.
    static func derivedComplement(_ v: UInt32) -> UInt32 {
        guard v != 0x20, v != 0x2588, let scalar = Unicode.Scalar(v) else { return 0 }
        let symbol = CellSymbol(scalar, wide: false)
        if let q = FrameEncoder.quadrantSymbols.firstIndex(of: symbol) { return FrameEncoder.quadrantSymbols[15 - q].rawValue }
        if let p = sextantPattern(scalar) { return sextant(63 - p).value }
        switch v {
        case 0x2587: return 0x2594
        case 0x2594: return 0x2587
        case 0x2589: return 0x2595
        case 0x2595: return 0x2589
        // ▂ and ▆ are also eighths, drawn by the sextant blitter where Legacy Computing glyphs
        // (their octant complements) may not be: they keep their colours, both ways round.
        case 0x2582, 0x2586, 0x1FB82, 0x1FB85: return 0
        default: break
        }
        if let p = octantPatterns[v] { return octants[255 - p].value }
        return 0
    }
}

extension Cell {
    /// The colour a cell shows on average: for a block glyph its two colours weighted by how much
    /// of the cell each covers (`▀`: their mean), for anything else its background. What text
    /// drawn over the picture keeps behind it.
    @inlinable
    public var averageColour: RGB {
        guard let mask = BlockGlyph.lookMask(symbol), mask != 0 else { return bg }
        let front = UInt32(mask.nonzeroBitCount), back = 32 - front
        @inline(__always) func mix(_ f: UInt8, _ b: UInt8) -> UInt8 { UInt8((UInt32(f) * front + UInt32(b) * back + 16) / 32) }
        return RGB(mix(fg.r, bg.r), mix(fg.g, bg.g), mix(fg.b, bg.b))
    }
}
