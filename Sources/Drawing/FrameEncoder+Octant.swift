import CBlitter

extension FrameEncoder {
    /// The octant blitter's choice for one cell of 4 × 8 samples starting at `origin` in an image
    /// `width` pixels wide: a split of its eight parts (2 × 2 samples each) into two colours, and
    /// the octant glyph that draws it.
    ///
    /// 128 splits are too many to try each at video rate, so the parts are ordered along the
    /// line through the two that differ most, and of the seven splits of that order the one with
    /// the least squared error wins (each colour the mean of its parts), against a blank
    /// (`reel_fit_octant`, Sources/CBlitter). That is exact whenever the cell's colours lie
    /// along one line, as most do (an edge, a gradient, one hue), and close otherwise. Ties go
    /// to the first, so a still picture always gets the same glyphs.
    @inline(__always)
    static func octantCell(_ pixels: UnsafeBufferPointer<RGB>, origin: Int, width: Int) -> Cell {
        guard let base = UnsafeRawPointer(pixels.baseAddress) else { return .blank(.black) }
        var fit = reel_fit_octant(base.assumingMemoryBound(to: UInt8.self) + 3 &* origin, 3 &* width)
        var pattern = Int(fit.split)
        // Of a pattern and its complement, the glyph from the older Block Elements, which more
        // fonts have (▂ rather than its complement, U+1FB85 of Legacy Computing).
        if pattern != 0, !(0x2580...0x259F).contains(BlockGlyph.octants[pattern].value),
           (0x2580...0x259F).contains(BlockGlyph.octants[255 &- pattern].value) {
            pattern = 255 &- pattern
            swap(&fit.fg, &fit.bg)
        }
        return cell(fit, symbol: octantSymbols[pattern])
    }

    /// The octant glyph of each pattern, as cell symbols.
    static let octantSymbols: [CellSymbol] = BlockGlyph.octants.map { CellSymbol($0, wide: false) }
}
