extension ScreenRenderer {
    /// Whether a colour ``tolerance`` is in force: truecolor output with a tolerance above 0.
    ///
    /// Then the renderer may leave on screen any colour within the tolerance of the canvas's, per
    /// channel, and spends that room three ways, each keeping the bound:
    /// - a block cell whose two colours differ by less than twice the tolerance is written as a
    ///   blank (one byte, one colour) of the colour between them;
    /// - a cell whose look moved by at most half the tolerance since it was last written is not
    ///   written again (also when it was written as the complementary block, or as a blank);
    /// - a colour within half the tolerance of the terminal's current pen is written in the pen's
    ///   colour, with no SGR.
    /// And, losing nothing, a block cell is written as its complement with the colours swapped
    /// (`▀` as `▄`), which looks the same, when that needs fewer bytes.
    ///
    /// The blank's error is centred (the colour between two), while a skipped change or a reused
    /// pen errs the same way over many cells; so those two get half the allowance. scripts/bench
    /// chose the split by bytes against PSNR (docs/benchmarks.md).
    @inline(__always)
    var isLossy: Bool { tolerance > 0 && colorMode != .palette256 }

    /// The largest change of a cell's colours that is left unwritten: half the tolerance.
    @inline(__always)
    var skipTolerance: UInt8 { tolerance / 2 }

    /// How far a colour may be from the pen's and still be written in the pen's colour: half the
    /// tolerance.
    @inline(__always)
    var penTolerance: UInt8 { tolerance / 2 }

    /// The largest difference between a block's two colours for it to be written as a blank of the
    /// colour between them, which is then within the tolerance of both.
    @inline(__always)
    var blankSpread: Int { 2 * Int(tolerance) - 1 }

    /// Whether the written cell `old` can stay for the canvas's `cell` (both normalised), in
    /// lossy mode: it looks within ``skipTolerance`` of how `cell` would be written now, and
    /// within the ``tolerance`` of `cell` itself.
    ///
    /// A block that would be written as a blank (``blankForm(of:)``) is compared as that blank,
    /// or a blank written for it would be rewritten every frame; the second test keeps such a
    /// blank from drifting past the tolerance of the block's own colours.
    @inline(__always)
    func canKeep(_ old: Cell, for cell: Cell) -> Bool {
        // The common cases first: unchanged, or the same symbol in colours that moved little
        // (which also holds a block that could now be a blank: it is within the bound, and
        // keeping it writes nothing).
        if cell == old { return true }
        let near = skipTolerance
        if cell.symbol == old.symbol {
            if cell.style == old.style && cell.bg.maxChannelDistance(to: old.bg) <= near
                && (!cell.showsForeground || cell.fg.maxChannelDistance(to: old.fg) <= near) {
                return true
            }
            if ScreenRenderer.quadrantMask(cell.symbol) == nil { return false }
        }
        if let blank = blankForm(of: cell) {
            return blocksLookAlike(blank, old, within: near) && blocksLookAlike(cell, old, within: tolerance)
        }
        return blocksLookAlike(cell, old, within: near)
    }

    /// Whether `cell` and `old` are both block elements (or blanks) in no style whose four
    /// quadrants show colours within `near` of each other: they look alike though written with
    /// different symbols.
    @inline(__always)
    func blocksLookAlike(_ cell: Cell, _ old: Cell, within near: UInt8) -> Bool {
        guard cell.style.isEmpty, old.style.isEmpty,
              let a = ScreenRenderer.quadrantMask(cell.symbol), let b = ScreenRenderer.quadrantMask(old.symbol)
        else { return false }
        for bit in 0..<4 {
            let shown = a & (1 << bit) != 0 ? cell.fg : cell.bg
            let before = b & (1 << bit) != 0 ? old.fg : old.bg
            if shown.maxChannelDistance(to: before) > near { return false }
        }
        return true
    }

    /// The blank that stands for a block cell in no style whose colours are close (or of which
    /// only one colour shows): the colour between them, within the tolerance of both. Nil for
    /// any other cell.
    @inline(__always)
    func blankForm(of cell: Cell) -> Cell? {
        guard cell.style.isEmpty, let mask = ScreenRenderer.quadrantMask(cell.symbol) else { return nil }
        if mask == 0 { return .blank(cell.bg) }
        if mask == 15 { return .blank(cell.fg) }
        guard Int(cell.fg.maxChannelDistance(to: cell.bg)) <= blankSpread else { return nil }
        return .blank(cell.fg.midpoint(with: cell.bg))
    }

    /// The form of `cell` that looks within the tolerance of it and costs the fewest bytes after
    /// the current pen: a blank for a block whose colours are close, the pen's colours where they
    /// are close enough, and the complementary block when its swapped colours suit the pen better.
    @inline(__always)
    func cheapestForm(of cell: Cell) -> Cell {
        guard let pen, pen.style.isEmpty, cell.style.isEmpty, !cell.symbol.isCluster, !cell.symbol.isWide else {
            return cell
        }
        let near = penTolerance
        @inline(__always) func reuse(_ colour: RGB, _ current: RGB?) -> RGB {
            if let current, current.maxChannelDistance(to: colour) <= near { return current }
            return colour
        }
        if let blank = blankForm(of: cell) {
            // In the pen's colour when that is near the blank's and within the tolerance of every
            // colour the block shows.
            let colour = reuse(blank.bg, pen.bg)
            if colour != blank.bg, !blocksLookAlike(.blank(colour), cell, within: tolerance) { return blank }
            return .blank(colour)
        }
        guard let mask = ScreenRenderer.quadrantMask(cell.symbol) else {
            var plain = cell
            if plain.showsForeground { plain.fg = reuse(plain.fg, pen.fg) }
            plain.bg = reuse(plain.bg, pen.bg)
            if !plain.showsForeground { plain.fg = plain.bg }
            return plain
        }
        var best = Cell(symbol: cell.symbol, fg: reuse(cell.fg, pen.fg), bg: reuse(cell.bg, pen.bg))
        guard let complement = ScreenRenderer.complement(ofMask: mask) else { return best }
        let swapped = Cell(symbol: complement, fg: reuse(cell.bg, pen.fg), bg: reuse(cell.fg, pen.bg))
        if penCost(swapped, pen) < penCost(best, pen) { best = swapped }
        return best
    }

    /// The bytes of the SGR sequence that moves the pen (in no style) to `cell`'s colours.
    @inline(__always)
    func penCost(_ cell: Cell, _ pen: Pen) -> Int {
        let needFg = cell.fg != pen.fg, needBg = cell.bg != pen.bg
        guard needFg || needBg else { return 0 }
        @inline(__always) func digits(_ v: UInt8) -> Int { v < 10 ? 1 : v < 100 ? 2 : 3 }
        @inline(__always) func colourCost(_ c: RGB) -> Int {
            // `38;2;` then r;g;b.
            7 + digits(c.r) + digits(c.g) + digits(c.b)
        }
        return 3 + (needFg ? colourCost(cell.fg) : 0) + (needBg ? colourCost(cell.bg) : 0) + (needFg && needBg ? 1 : 0)
    }

    /// The quadrants a block element lights in its foreground (bit 0 top-left, 1 top-right,
    /// 2 bottom-left, 3 bottom-right), 0 for a blank; nil for any other symbol.
    @inline(__always)
    static func quadrantMask(_ symbol: CellSymbol) -> Int? {
        switch symbol.rawValue {
        case 0x20: 0
        case 0x2598: 1  // ▘
        case 0x259D: 2  // ▝
        case 0x2580: 3  // ▀
        case 0x2596: 4  // ▖
        case 0x258C: 5  // ▌
        case 0x259E: 6  // ▞
        case 0x259B: 7  // ▛
        case 0x2597: 8  // ▗
        case 0x259A: 9  // ▚
        case 0x2590: 10  // ▐
        case 0x259C: 11  // ▜
        case 0x2584: 12  // ▄
        case 0x2599: 13  // ▙
        case 0x259F: 14  // ▟
        case 0x2588: 15  // █
        default: nil
        }
    }

    /// The block element that lights the quadrants `mask` leaves dark, for the masks that have one
    /// (not a blank's or █'s: their complement is the other, which ``cheapestForm(of:)`` handles
    /// itself).
    @inline(__always)
    static func complement(ofMask mask: Int) -> CellSymbol? {
        guard mask > 0, mask < 15 else { return nil }
        return FrameEncoder.quadrantSymbols[15 - mask]
    }

}

extension RGB {
    /// The colour halfway between this one and `other`, rounded down.
    @inlinable
    func midpoint(with other: RGB) -> RGB {
        RGB(UInt8((UInt16(r) + UInt16(other.r)) / 2), UInt8((UInt16(g) + UInt16(other.g)) / 2),
            UInt8((UInt16(b) + UInt16(other.b)) / 2))
    }
}
