import CBlitter

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
    /// is the one with the largest |S₁|²/n₁ + |S₂|²/n₂. The fit itself is C (`reel_fit_sextant`,
    /// Sources/CBlitter), which scores eight splits at a time; ties go to the first in the order
    /// above (a blank first of all), so a still picture always gets the same glyphs.
    @inline(__always)
    static func sextantCell(_ pixels: UnsafeBufferPointer<RGB>, origin: Int, width: Int) -> Cell {
        guard let base = UnsafeRawPointer(pixels.baseAddress) else { return .blank(.black) }
        let fit = reel_fit_sextant(base.assumingMemoryBound(to: UInt8.self) + 3 &* origin, 3 &* width)
        return cell(fit, symbol: CellSymbol(rawValue: reel_sextant_glyph(fit.split)))
    }

    /// ``sextantCell(_:origin:width:)`` for `count` cells side by side, the first at `origin`,
    /// into `cells` from index `out`: the same cells, with one call into the fit a row. Out of
    /// line (it runs once a row), so that `encode`'s other blitters keep their cells inlined.
    @inline(never)
    static func sextantRow(
        _ pixels: UnsafeBufferPointer<RGB>, origin: Int, width: Int, count: Int,
        into cells: UnsafeMutableBufferPointer<Cell>, at out: Int
    ) {
        guard count > 0, let base = UnsafeRawPointer(pixels.baseAddress) else { return }
        if Cell.hasCLayout, let first = cells.baseAddress {
            // The fit writes the cells itself.
            reel_fit_sextant_row_cells(base.assumingMemoryBound(to: UInt8.self) + 3 &* origin, 3 &* width, count,
                                       UnsafeMutableRawPointer(first + out))
            return
        }
        withUnsafeTemporaryAllocation(of: reel_cell_fit.self, capacity: count) { fits in
            guard let first = fits.baseAddress else { return }
            reel_fit_sextant_row(base.assumingMemoryBound(to: UInt8.self) + 3 &* origin, 3 &* width, count, first)
            for i in 0..<count {
                let fit = fits[i]
                cells[out + i] = cell(fit, symbol: CellSymbol(rawValue: reel_sextant_glyph(fit.split)))
            }
        }
    }

    /// The cell for a fit: a blank for split 0 or two equal colours, else `symbol` in them.
    @inline(__always)
    static func cell(_ fit: reel_cell_fit, symbol: CellSymbol) -> Cell {
        let fg = RGB(fit.fg.0, fit.fg.1, fit.fg.2), bg = RGB(fit.bg.0, fit.bg.1, fit.bg.2)
        return fit.split == 0 || fg == bg ? .blank(bg) : Cell(symbol: symbol, fg: fg, bg: bg)
    }

    /// The sextant fit's splits, in the order of its lanes (`reel_sextant_areas`).
    enum SextantSplit {
        /// The glyph that draws each lane's split in its foreground, worked out (the tests check
        /// CBlitter's constant `reel_sextant_lane_glyphs`, which the fit's cells use, against it): the sextants in Gray-code
        /// order (lane p is pattern p ^ (p >> 1) over the parts top left, top right, middle left,
        /// middle right, bottom left; 0 the blank), `▀`, `▘ ▝ ▖ ▗ ▚`, `▁ ▂ ▃ ▅ ▆ ▇`, `▏ ▎ ▍ ▋ ▊ ▉`,
        /// and spaces for the empty lanes.
        static let symbols: [CellSymbol] = {
            var scalars: [Unicode.Scalar] = (0..<32).map { BlockGlyph.sextant($0 ^ ($0 >> 1)) }
            scalars += ["\u{2580}", "\u{2598}", "\u{259D}", "\u{2596}", "\u{2597}", "\u{259A}"]
            scalars += [1, 2, 3, 5, 6, 7].map { BlockGlyph.lowerEighths[$0 - 1] }
            scalars += [1, 2, 3, 5, 6, 7].map { BlockGlyph.leftEighths[$0 - 1] }
            scalars += [" ", " "]
            return scalars.map { CellSymbol($0, wide: false) }
        }()
    }
}
