import CBlitter

extension FrameEncoder {
    /// The sextant blitter's choice for one cell of 4 × 8 samples starting at `origin` in an image
    /// `width` pixels wide: of the 62 ways to split the cell in two that its glyphs draw (the 32
    /// sextant splits, `▀`, the quadrants `▘ ▝ ▖ ▗ ▚`, the lower eighths `▁ ▂ ▃ ▅ ▆ ▇`, the left
    /// eighths `▏ ▎ ▍ ▋ ▊ ▉`, each with its complement, and the box-drawing lines `│ ┃ ─ ━` and
    /// `╴ ╵ ╶ ╷ ╸ ╹ ╺ ╻`), the one with the least squared error, with the two colours that fit it
    /// best. Every split is tried.
    ///
    /// Each glyph is measured as kitty draws it on a cell of 8 × 16 pixels, two by two pixels a
    /// sample: a sextant's rows are 5, 5 and 6 pixels (2.5, 2.5 and 3 samples), so the third
    /// sample row is half top and half middle; the odd left eighths and the lines (2 and 3 pixels
    /// thick) cover some samples by half. A sample a glyph covers by a share α shows
    /// α f + (1 − α) b, and the fit solves for the f and b with the least squared error against
    /// the samples (for a split of whole samples, each part's mean), clamped to bytes; the best
    /// split is the one whose least-squares fit removes the most of Σ|p|². The fit itself is C
    /// (`reel_fit_sextant`, Sources/CBlitter), which scores eight splits at a time; ties go to the
    /// first in the order above (a blank first of all), so a still picture always gets the same
    /// glyphs.
    @inline(__always)
    static func sextantCell(_ pixels: UnsafeBufferPointer<RGB>, origin: Int, width: Int) -> Cell {
        guard let base = UnsafeRawPointer(pixels.baseAddress) else { return .blank(.black) }
        let fit = reel_fit_sextant(base.assumingMemoryBound(to: UInt8.self) + 3 &* origin, 3 &* width)
        return cell(fit, symbol: CellSymbol(rawValue: reel_sextant_glyph(fit.split)))
    }

    /// ``sextantCell(_:origin:width:)`` for `count` cells side by side, the first at `origin`,
    /// into `cells` from index `out`: the same cells, with one call into the fit a row; with a
    /// `model`, the glyphs measured as drawn on its cell size instead of 8 × 16. Out of line (it
    /// runs once a row), so that `encode`'s other blitters keep their cells inlined.
    @inline(never)
    static func sextantRow(
        _ pixels: UnsafeBufferPointer<RGB>, origin: Int, width: Int, count: Int,
        into cells: UnsafeMutableBufferPointer<Cell>, at out: Int, model: SextantModel? = nil
    ) {
        guard count > 0, let base = UnsafeRawPointer(pixels.baseAddress), let first = cells.baseAddress else { return }
        // The fit writes the cells itself: a cell is CBlitter's cell record.
        let origin = base.assumingMemoryBound(to: UInt8.self) + 3 &* origin, records = UnsafeMutableRawPointer(first + out)
        if let model {
            reel_fit_sextant_model_row_cells(model.model, origin, 3 &* width, count, records)
        } else {
            reel_fit_sextant_row_cells(origin, 3 &* width, count, records)
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
        /// the lines `│ ┃ ─ ━` and `╴ ╵ ╶ ╷ ╸ ╹ ╺ ╻`, and spaces for the empty lanes.
        static let symbols: [CellSymbol] = {
            var scalars: [Unicode.Scalar] = (0..<32).map { BlockGlyph.sextant($0 ^ ($0 >> 1)) }
            scalars += ["\u{2580}", "\u{2598}", "\u{259D}", "\u{2596}", "\u{2597}", "\u{259A}"]
            scalars += [1, 2, 3, 5, 6, 7].map { BlockGlyph.lowerEighths[$0 - 1] }
            scalars += [1, 2, 3, 5, 6, 7].map { BlockGlyph.leftEighths[$0 - 1] }
            scalars += ["\u{2502}", "\u{2503}", "\u{2500}", "\u{2501}"]
            scalars += (0x2574...0x257B).map { Unicode.Scalar($0)! }
            scalars += [" ", " "]
            return scalars.map { CellSymbol($0, wide: false) }
        }()
    }
}
