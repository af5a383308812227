import Testing
@testable import Drawing

/// The tables of block glyphs: which character draws each pattern, what each looks like on the
/// 4 × 8 sample grid, and each one's complement.
@Suite("Block glyphs")
struct BlockGlyphTests {
    /// The samples of the quadrants of `mask` (bit 0 top-left … bit 3 bottom-right).
    static func quadrantLook(_ mask: Int) -> UInt32 {
        var look: UInt32 = 0
        for row in 0..<8 {
            for column in 0..<4 {
                let quadrant = (row < 4 ? 0 : 2) + (column < 2 ? 0 : 1)
                if mask & (1 << quadrant) != 0 { look |= 1 << UInt32(row * 4 + column) }
            }
        }
        return look
    }

    @Test("every quadrant block looks like its quadrants", arguments: 0..<16)
    func quadrants(mask: Int) {
        #expect(BlockGlyph.lookMask(FrameEncoder.quadrantSymbols[mask]) == Self.quadrantLook(mask))
    }

    @Test("the 64 sextant patterns are the 60 characters of U+1FB00–U+1FB3B, a space, ▌, ▐ and █")
    func sextants() {
        let glyphs = (0..<64).map(BlockGlyph.sextant)
        #expect(Set(glyphs).count == 64)
        #expect(glyphs[0] == " " && glyphs[21] == "▌" && glyphs[42] == "▐" && glyphs[63] == "█")
        #expect(glyphs.filter { (0x1FB00...0x1FB3B).contains($0.value) }.count == 60)
        // BLOCK SEXTANT-1, BLOCK SEXTANT-23456 (Unicode's names number the parts from 1).
        #expect(glyphs[1] == "\u{1FB00}" && glyphs[0b111110] == "\u{1FB3B}")
        for (pattern, glyph) in glyphs.enumerated() { #expect(BlockGlyph.sextantPattern(glyph) == pattern) }
    }

    @Test("the 256 octant patterns: U+1CD00–U+1CDE5 and the 26 older glyphs, as Unicode 16 names them")
    func octants() {
        let glyphs = BlockGlyph.octants
        #expect(glyphs.count == 256 && Set(glyphs).count == 256)
        #expect(glyphs.filter { (0x1CD00...0x1CDE5).contains($0.value) }.count == 230)
        // BLOCK OCTANT-3, BLOCK OCTANT-23, BLOCK OCTANT-2345678.
        #expect(glyphs[0b100] == "\u{1CD00}" && glyphs[0b110] == "\u{1CD01}" && glyphs[0b1111_1110] == "\u{1CDE5}")
        // LEFT HALF UPPER ONE QUARTER, UPPER ONE QUARTER, MIDDLE LEFT ONE QUARTER, LOWER ONE QUARTER.
        #expect(glyphs[0b1] == "\u{1CEA8}" && glyphs[0b11] == "\u{1FB82}" && glyphs[0b10100] == "\u{1FBE6}")
        #expect(glyphs[0b1100_0000] == "▂" && glyphs[0b0101_0101] == "▌" && glyphs[0b1111] == "▀" && glyphs[0b101] == "▘")
    }

    @Test("an octant looks like its eight parts of 2 × 2 samples", arguments: [0, 1, 0b10_0100, 0b1010_1010, 255])
    func octantLooks(pattern: Int) {
        var look: UInt32 = 0
        for row in 0..<8 {
            for column in 0..<4 where pattern & (1 << ((row / 2) * 2 + column / 2)) != 0 {
                look |= 1 << UInt32(row * 4 + column)
            }
        }
        #expect(BlockGlyph.lookMask(CellSymbol(BlockGlyph.octants[pattern], wide: false)) == look)
    }

    @Test("the eighths fill from the bottom and from the left")
    func eighths() {
        #expect(BlockGlyph.lookMask(CellSymbol("▂", wide: false)) == 0xFF00_0000)
        #expect(BlockGlyph.lookMask(CellSymbol("▇", wide: false)) == 0xFFFF_FFF0)
        #expect(BlockGlyph.lookMask(CellSymbol("▎", wide: false)) == 0x1111_1111)
        #expect(BlockGlyph.lookMask(CellSymbol("▊", wide: false)) == 0x7777_7777)
        // An odd eighth rounds to whole samples, but never to a blank or a full block.
        #expect(BlockGlyph.lookMask(CellSymbol("▏", wide: false)) == 0x1111_1111)
        #expect(BlockGlyph.lookMask(CellSymbol("▉", wide: false)) == 0x7777_7777)
    }

    @Test("every glyph with a complement looks like it with the colours swapped")
    func complements() {
        let glyphs = FrameEncoder.quadrantSymbols.compactMap(\.scalar) + (0..<64).map(BlockGlyph.sextant)
            + BlockGlyph.octants + BlockGlyph.lowerEighths + BlockGlyph.leftEighths + ["▔", "▕"]
        var paired = 0
        for glyph in glyphs {
            let symbol = CellSymbol(glyph, wide: false)
            guard let complement = BlockGlyph.complement(of: symbol) else { continue }
            paired += 1
            #expect(BlockGlyph.lookMask(complement) == ~BlockGlyph.lookMask(symbol)!, "\(glyph)")
            #expect(BlockGlyph.complement(of: complement) == symbol)
        }
        #expect(BlockGlyph.complement(of: .space) == nil && BlockGlyph.complement(of: .fullBlock) == nil)
        #expect(paired > 300)
    }

    @Test("text and shades are no block glyph")
    func others() {
        for text in ["a", "░", "▒", "▓", "═", "┼", "╱"] {
            #expect(BlockGlyph.lookMask(CellSymbol(Unicode.Scalar(text)!, wide: false)) == nil)
        }
    }

    /// Every scalar the tables cover, the eight outside their ranges, and their neighbours.
    static let tabled: [UInt32] = [0x1F, 0x20, 0x21] + Array(0x24FF...0x2504) + Array(0x2573...0x25A0) + [0x1FAFF] + Array(0x1FB00...0x1FB3C)
        + [0x1CCFF] + Array(0x1CD00...0x1CDE6) + [0x1CEA0, 0x1CEA3, 0x1CEA8, 0x1CEAB, 0x1FB82, 0x1FB85, 0x1FBE6, 0x1FBE7]
        + [0x1CEA1, 0x1FB83, 0x1FBE5, 0x1FBE8]

    @Test("the constant look and complement tables hold what the rules work out, for every glyph")
    func constantTables() {
        for v in Self.tabled {
            let symbol = CellSymbol(rawValue: v)
            #expect(BlockGlyph.lookMask(symbol) == BlockGlyph.derivedLook(v), "U+\(String(v, radix: 16))")
            let complement = BlockGlyph.derivedComplement(v)
            #expect(BlockGlyph.complement(of: symbol) == (complement == 0 ? nil : CellSymbol(rawValue: complement)),
                    "U+\(String(v, radix: 16))")
        }
        // A wide or cluster flag makes any symbol text.
        #expect(BlockGlyph.lookMask(CellSymbol(rawValue: 0x2580 | 1 << 30)) == nil)
    }
}
