import CBlitter
import Drawing

/// The lossy renderer's judgements on one frame's cells, under that frame's allowances (see
/// ``ScreenRenderer/isLossy``): which changes may stay unwritten, how far a cell reaches into its
/// neighbours' detail, and which form of a cell costs the fewest bytes.
///
/// A small value of its own, made once a row, rather than methods on the renderer: the renderer
/// is a large struct, and a non-mutating method called from its mutating render loop is given a
/// copy of all of it, once for each call, which cost more than the judgements themselves.
struct CellJudge {
    /// The frame's tolerance as integer allowances.
    let allowances: ScreenRenderer.Allowances
    /// The canvas's width, in cells (for the neighbours above and below).
    let width: Int

    /// Whether the written cell `old` can stay for the canvas's `cell` (both normalised) at index
    /// `i`, column `x`, in lossy mode: it looks within the cell's skip allowance of how `cell`
    /// would be written now; or, with hysteresis, it moved a little further only in this frame.
    ///
    /// A block that would be written as a blank (``blankForm(of:)``) is also compared as that
    /// blank, or a blank written for it would be rewritten every frame; `old` must then still be
    /// within the blank's allowance of `cell` itself, so that it cannot drift.
    ///
    /// `detail` receives the cell's local contrast when it was needed (else it is left alone), so
    /// that ``cheapestForm(of:pen:near:)`` need not work it out again. `held` is the per-cell
    /// hysteresis state: 1 while a change is waiting its frame.
    @inline(__always)
    func canKeep(
        _ old: Cell, for cell: Cell, at i: Int, x: Int, next: UnsafeBufferPointer<Cell>,
        held: UnsafeMutableBufferPointer<UInt8>, detail: inout Int
    ) -> Bool {
        // The common cases first: unchanged, or moved within the plain allowance.
        if cell == old {
            if held[i] != 0 { held[i] = 0 }
            return true
        }
        // The same symbol in the same style compares colours alone (most changes of a picture's
        // cells); other cells by their looks, looked up only then.
        let d: Int
        if cell.symbol == old.symbol && cell.style == old.style {
            d = sameSymbolDistance(cell, old)
        } else {
            guard let distance = lookDistance(cell, CellJudge.look(of: cell), old, CellJudge.look(of: old)) else {
                held[i] = 0
                return false
            }
            d = distance
        }
        var skip = allowances.skip
        if d > skip, allowances.masks {
            detail = localContrast(at: i, x: x, next: next)
            skip = allowances.skip(detail: detail)
        }
        if d <= skip {
            held[i] = 0
            return true
        }
        // Beyond what a blank may stand for and what hysteresis holds back, the change is written:
        // the rest's answer, without its look-ups (most changes that are written end here).
        if d > max((allowances.blankSpread + 1) / 2, skip) && d > allowances.held(skip) {
            held[i] = 0
            return false
        }
        return canKeep(old, for: cell, distance: d, skip: skip, held: &held[i])
    }

    /// A cell's symbol's ``BlockGlyph/lookMask(_:)`` when it is in no style, else nil: what
    /// ``lookDistance(_:_:_:_:)`` takes.
    @inline(__always)
    static func look(of cell: Cell) -> UInt32? {
        cell.style.isEmpty ? BlockGlyph.lookMask(cell.symbol) : nil
    }

    /// The rest of ``canKeep(_:for:at:x:next:held:detail:)`` for a change `d` beyond the cell's
    /// `skip` allowance: as a blank, or held back a frame. Out of line, so that the common cases
    /// stay small enough to be inlined in the render loop.
    @inline(never)
    func canKeep(_ old: Cell, for cell: Cell, distance d: Int, skip: Int, held: inout UInt8) -> Bool {
        if let cellLook = CellJudge.look(of: cell), let blank = blankForm(of: cell, mask: cellLook),
           let toBlank = lookDistance(blank, 0, old, CellJudge.look(of: old)), toBlank <= skip,
           d <= max((allowances.blankSpread + 1) / 2, skip) {
            held = 0
            return true
        }
        if held == 0 && d <= allowances.held(skip) {
            held = 1
            return true
        }
        held = 0
        return false
    }

    /// The largest difference in any channel between what `cell` and `old` show in any part of the
    /// cell: for the same symbol and style, between their colours (the foreground only where it
    /// shows); for two different block glyphs (or blanks) in no style, sample by sample on
    /// ``BlockGlyph``'s grid.
    /// Nil when they cannot be compared so (different text, or styles).
    @inline(__always)
    func lookDistance(_ cell: Cell, _ old: Cell) -> Int? {
        lookDistance(cell, CellJudge.look(of: cell), old, CellJudge.look(of: old))
    }

    /// ``lookDistance(_:_:)`` given each cell's look: its symbol's ``BlockGlyph/lookMask(_:)``
    /// when it is in no style, else nil.
    @inline(__always)
    func lookDistance(_ cell: Cell, _ cellLook: UInt32?, _ old: Cell, _ oldLook: UInt32?) -> Int? {
        if cell.symbol == old.symbol && cell.style == old.style { return sameSymbolDistance(cell, old) }
        guard let a = cellLook, let b = oldLook else { return nil }
        // Only four pairings of the colours can meet on a sample.
        return Int(reel_look_distance(CellJudge.colours(of: cell), a, CellJudge.colours(of: old), b))
    }

    /// ``lookDistance(_:_:_:_:)`` for two cells of the same symbol and style: the backgrounds, and
    /// the foregrounds where they show (CBlitter's looks 1 and 0).
    @inline(__always)
    func sameSymbolDistance(_ cell: Cell, _ old: Cell) -> Int {
        let look: UInt32 = cell.showsForeground ? 1 : 0
        return Int(reel_look_distance(CellJudge.colours(of: cell), look, CellJudge.colours(of: old), look))
    }

    /// A cell's colours as `reel_look_distance` (CBlitter) takes them: the foreground in bits
    /// 0–23, red lowest, and the background in bits 24–47.
    @inline(__always)
    static func colours(of cell: Cell) -> UInt64 {
        UInt64(cell.fg.r) | UInt64(cell.fg.g) << 8 | UInt64(cell.fg.b) << 16
            | UInt64(cell.bg.r) << 24 | UInt64(cell.bg.g) << 32 | UInt64(cell.bg.b) << 40
    }

    /// The local contrast of the canvas at cell `i` (column `x`): texture, which hides a small
    /// error, as opposed to a single edge nearby, which does not hide one on its flat side.
    ///
    /// It is the larger of the difference between the cell's own two colours and the smallest
    /// difference between the cell and one of its neighbours (its top against the bottom of the
    /// cell above, its bottom against the top of the cell below, its colours against those of the
    /// cells to the left and right), in the channel where it is largest. A flat cell beside an
    /// edge (or beside the letterbox) has a neighbour like itself, so it counts as flat.
    @inline(__always)
    func localContrast(at i: Int, x: Int, next: UnsafeBufferPointer<Cell>) -> Int {
        @inline(__always) func top(_ c: Cell) -> RGB { c.showsForeground ? c.fg : c.bg }
        let c = next[i]
        let high = top(c), low = c.bg
        var nearest = UInt8.max
        if x > 0 {
            let n = next[i - 1]
            nearest = min(nearest, max(high.maxChannelDistance(to: top(n)), low.maxChannelDistance(to: n.bg)))
        }
        if x + 1 < width {
            let n = next[i + 1]
            nearest = min(nearest, max(high.maxChannelDistance(to: top(n)), low.maxChannelDistance(to: n.bg)))
        }
        if i >= width { nearest = min(nearest, high.maxChannelDistance(to: next[i - width].bg)) }
        if i + width < next.count { nearest = min(nearest, low.maxChannelDistance(to: top(next[i + width]))) }
        return Int(max(high.maxChannelDistance(to: low), nearest == .max ? 0 : nearest))
    }

    /// The blank that stands for a block cell in no style whose colours are close (or of which
    /// only one colour shows): the colour between them, within the blank allowance of both. Nil
    /// for any other cell.
    @inline(__always)
    func blankForm(of cell: Cell) -> Cell? {
        guard cell.style.isEmpty, let mask = BlockGlyph.lookMask(cell.symbol) else { return nil }
        return blankForm(of: cell, mask: mask)
    }

    /// ``blankForm(of:)`` for a cell in no style whose symbol's look is `mask`.
    @inline(__always)
    func blankForm(of cell: Cell, mask: UInt32) -> Cell? {
        if mask == 0 { return .blank(cell.bg) }
        if mask == BlockGlyph.full { return .blank(cell.fg) }
        guard Int(cell.fg.maxChannelDistance(to: cell.bg)) <= allowances.blankSpread else { return nil }
        return .blank(cell.fg.midpoint(with: cell.bg))
    }

    /// The form of `cell` that looks within the tolerance of it and costs the fewest bytes after
    /// the current pen: a blank for a block whose colours are close, the pen's colours where they
    /// are within `near` (the cell's pen allowance), and the complementary block when its swapped
    /// colours suit the pen better.
    ///
    /// A blank is written as a space in the pen's background, or else as a full block in its
    /// foreground, when the pen already holds a colour near enough.
    @inline(__always)
    func cheapestForm(of cell: Cell, pen: ScreenRenderer.Pen?, near: Int) -> Cell {
        guard let pen, pen.style.isEmpty, cell.style.isEmpty, !cell.symbol.isCluster, !cell.symbol.isWide else {
            return cell
        }
        @inline(__always) func reuse(_ colour: RGB, _ current: RGB?) -> RGB {
            if let current, Int(current.maxChannelDistance(to: colour)) <= near { return current }
            return colour
        }
        @inline(__always) func reuse(_ colour: RGB, _ current: RGB, _ present: Bool) -> RGB {
            present && Int(current.maxChannelDistance(to: colour)) <= near ? current : colour
        }
        guard let mask = BlockGlyph.lookMask(cell.symbol) else {
            var plain = cell
            if plain.showsForeground { plain.fg = reuse(plain.fg, pen.fg) }
            plain.bg = reuse(plain.bg, pen.bg)
            if !plain.showsForeground { plain.fg = plain.bg }
            return plain
        }
        if let blank = blankForm(of: cell, mask: mask) {
            let allowed = max((allowances.blankSpread + 1) / 2, near)
            // In the pen's background, or else in its foreground as a full block, when that is
            // near the blank's colour and within the tolerance of every colour the block shows.
            guard let penBg = pen.bg else { return blank }
            // Both block glyphs in no style whose samples show colours within `allowed` of each
            // other (a blank's look is 0, a full block's every sample).
            if Int(penBg.maxChannelDistance(to: blank.bg)) <= near, let d = lookDistance(.blank(penBg), 0, cell, mask),
               d <= allowed {
                return .blank(penBg)
            }
            if let penFg = pen.fg, Int(penFg.maxChannelDistance(to: blank.bg)) <= near {
                let block = Cell(symbol: .fullBlock, fg: penFg, bg: penBg)
                if let d = lookDistance(block, BlockGlyph.full, cell, mask), d <= allowed { return block }
            }
            return blank
        }
        // The pen's colours unwrapped once (a missing one matches nothing).
        let hasFg = pen.fg != nil, hasBg = pen.bg != nil
        let penFg = pen.fg ?? .black, penBg = pen.bg ?? .black
        let best = Cell(symbol: cell.symbol, fg: reuse(cell.fg, penFg, hasFg), bg: reuse(cell.bg, penBg, hasBg))
        guard let complement = BlockGlyph.complement(of: cell.symbol) else { return best }
        let swapped = Cell(symbol: complement, fg: reuse(cell.bg, penFg, hasFg), bg: reuse(cell.fg, penBg, hasBg))
        // Each form writes a colour it does not take from the pen as the cell's own (the
        // foreground of the swapped form is the cell's background): each colour costed once.
        let fgCost = CellJudge.colourCost(cell.fg), bgCost = CellJudge.colourCost(cell.bg)
        let swappedCost = penCost(needFg: !hasFg || swapped.fg != penFg, bgCost, needBg: !hasBg || swapped.bg != penBg, fgCost)
        let bestCost = penCost(needFg: !hasFg || best.fg != penFg, fgCost, needBg: !hasBg || best.bg != penBg, bgCost)
        return swappedCost < bestCost ? swapped : best
    }

    /// The bytes of the SGR sequence that moves the pen (in no style) to two colours whose
    /// ``colourCost(_:)`` are `fgCost` and `bgCost`, of which it writes those it needs.
    @inline(__always)
    func penCost(needFg: Bool, _ fgCost: Int, needBg: Bool, _ bgCost: Int) -> Int {
        guard needFg || needBg else { return 0 }
        return 3 + (needFg ? fgCost : 0) + (needBg ? bgCost : 0) + (needFg && needBg ? 1 : 0)
    }

    /// The bytes of one colour's SGR parameters: `38;2;` then r;g;b, the digits' counts from
    /// ByteWriter's table.
    @inline(__always)
    static func colourCost(_ c: RGB) -> Int {
        7 + Int(ByteWriter.digits(of: c.r) & 0xFF) + Int(ByteWriter.digits(of: c.g) & 0xFF)
            + Int(ByteWriter.digits(of: c.b) & 0xFF)
    }
}
