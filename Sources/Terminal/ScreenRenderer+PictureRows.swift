import CBlitter
import Drawing

extension ScreenRenderer {
    /// The frame as CBlitter's `reel_render_row` takes it, or nil when its rows must all go
    /// through the Swift loop: in 256-colour mode, with ``usesPictureRows`` off, or should a
    /// cell not be laid out as CBlitter's records (``Cell/hasCLayout``).
    func pictureFrame(
        next: UnsafeBufferPointer<Cell>, model: UnsafeMutableBufferPointer<Cell>,
        held: UnsafeMutableBufferPointer<UInt8>, full: Bool
    ) -> reel_render_frame? {
        guard usesPictureRows, colorMode == .truecolor, Cell.hasCLayout, let cells = next.baseAddress,
              let written = model.baseAddress, let holds = held.baseAddress else { return nil }
        let a = allowances
        let limits = reel_allowances(
            skip: Int64(a.skip), pen: Int64(a.pen), skip_most: Int64(a.skipMost), pen_most: Int64(a.penMost),
            blank_spread: Int64(a.blankSpread), smooth_cap: Int64(a.smoothCap), detail_gain16: Int64(a.detailGain16),
            detail_floor: Int64(a.detailFloor), hysteresis16: Int64(a.hysteresis16), masks: a.masks ? 1 : 0)
        return reel_render_frame(
            next: UnsafeRawPointer(cells), model: UnsafeMutableRawPointer(written), held: holds, count: next.count,
            width: width, allowances: limits, lossy: isLossy ? 1 : 0, full: full ? 1 : 0)
    }

    /// Renders row `y` with CBlitter's `reel_render_row` (the same bytes as ``renderRow``), when
    /// the pen is in no attributes and the row is a picture's: no clusters, wide symbols or
    /// attributes. Returns the number of cells written, or nil, with nothing written, when the
    /// Swift loop must render the row.
    mutating func renderPictureRow(_ y: Int, frame: reel_render_frame, out: inout ByteWriter) -> Int? {
        guard let current = pen, current.style.isEmpty else { return nil }
        @inline(__always) func bytes(_ c: RGB?) -> (UInt8, UInt8, UInt8) { c.map { ($0.r, $0.g, $0.b) } ?? (0, 0, 0) }
        var state = reel_render_state(
            pen: reel_pen(fg: bytes(current.fg), bg: bytes(current.bg), has_fg: current.fg == nil ? 0 : 1,
                          has_bg: current.bg == nil ? 0 : 1),
            cursor_row: cursorRow ?? -1, cursor_column: cursorColumn ?? -1, length: out.count)
        let written = withUnsafePointer(to: frame) { reel_render_row($0, y, &state, out.base) }
        guard written >= 0 else { return nil }
        let p = state.pen
        pen = Pen(fg: p.has_fg != 0 ? RGB(p.fg.0, p.fg.1, p.fg.2) : nil,
                  bg: p.has_bg != 0 ? RGB(p.bg.0, p.bg.1, p.bg.2) : nil, style: [])
        cursorRow = state.cursor_row < 0 ? nil : state.cursor_row
        cursorColumn = state.cursor_column < 0 ? nil : state.cursor_column
        out.count = state.length
        return written
    }
}
