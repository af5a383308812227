import CBlitter
import Drawing

extension ScreenRenderer {
    /// The pen as CBlitter's `reel_render_row` keeps it.
    static func record(of pen: Pen?) -> reel_pen {
        guard let pen else { return reel_pen() }
        @inline(__always) func bytes(_ c: RGB?) -> (UInt8, UInt8, UInt8) { c.map { ($0.r, $0.g, $0.b) } ?? (0, 0, 0) }
        return reel_pen(fg: bytes(pen.fg), bg: bytes(pen.bg), has_fg: pen.fg == nil ? 0 : 1, has_bg: pen.bg == nil ? 0 : 1,
                        style: pen.style.rawValue, known: 1)
    }

    /// The pen a `reel_pen` record holds.
    static func pen(of record: reel_pen) -> Pen? {
        guard record.known != 0 else { return nil }
        return Pen(fg: record.has_fg != 0 ? RGB(record.fg.0, record.fg.1, record.fg.2) : nil,
                   bg: record.has_bg != 0 ? RGB(record.bg.0, record.bg.1, record.bg.2) : nil,
                   style: CellStyle(rawValue: record.style))
    }

    /// The frame's allowances as `reel_render_row` takes them.
    var allowanceRecord: reel_allowances {
        let a = allowances
        return reel_allowances(
            skip: Int64(a.skip), pen: Int64(a.pen), skip_most: Int64(a.skipMost), pen_most: Int64(a.penMost),
            blank_spread: Int64(a.blankSpread), smooth_cap: Int64(a.smoothCap), detail_gain16: Int64(a.detailGain16),
            detail_floor: Int64(a.detailFloor), hysteresis16: Int64(a.hysteresis16), masks: a.masks ? 1 : 0)
    }

    /// A canvas's cells as the renderer compares them in 256-colour mode: each colour moved to the
    /// palette's (a see-through cell's background left as it is, as it is written on its own
    /// colour or not at all), and each cell's two palette indices.
    static func paletteCells(_ canvas: Canvas) -> (cells: [Cell], indices: [UInt8]) {
        var cells = canvas.cells
        var indices = [UInt8](repeating: 0, count: 2 * cells.count)
        for i in cells.indices {
            var cell = cells[i]
            cell.fg = Palette256.quantized(cell.fg)
            if !cell.style.contains(.seeThrough) { cell.bg = Palette256.quantized(cell.bg) }
            indices[2 * i] = Palette256.index(of: cell.fg)
            indices[2 * i + 1] = Palette256.index(of: cell.bg)
            cells[i] = cell
        }
        return (cells, indices)
    }

    /// The clusters of one row as `reel_render_row` takes them (see `reel_row_clusters`).
    struct RowClusters {
        var text: [UInt8] = []
        var start: [UInt32]
        var same: [UInt8]
        var written: [UInt8]
    }

    /// The cluster cells of row `y` of `canvas`: their text, and whether `model` holds each as it
    /// is with the same text.
    @inline(never)
    func rowClusters(_ canvas: Canvas, row y: Int, model: UnsafeMutableBufferPointer<Cell>) -> RowClusters {
        var row = RowClusters(start: [UInt32](repeating: 0, count: width + 1), same: [UInt8](repeating: 0, count: width),
                              written: [UInt8](repeating: 0, count: width))
        for x in 0..<width {
            let i = y * width + x, cell = canvas.cells[i]
            row.start[x] = UInt32(row.text.count)
            guard cell.symbol.isCluster else { continue }
            let text = canvas.text(of: cell)
            row.text.append(contentsOf: text.utf8)
            let old = model[i]
            if old.symbol.isCluster && old.symbol.isWide == cell.symbol.isWide && writtenClusters[i] == text { row.same[x] = 1 }
        }
        row.start[width] = UInt32(row.text.count)
        return row
    }

    /// Records the text of the clusters row `y` wrote, and forgets those it wrote over.
    @inline(never)
    mutating func recordClusters(_ row: RowClusters, _ canvas: Canvas, row y: Int, model: UnsafeMutableBufferPointer<Cell>) {
        for x in 0..<width where row.written[x] != 0 {
            let i = y * width + x
            writtenClusters[i] = model[i].symbol.isCluster ? canvas.text(of: model[i]) : nil
            if model[i].symbol.isWide { writtenClusters[i + 1] = nil }
        }
    }
}

extension ScreenRenderer {
    /// The order a frame with a byte limit writes its rows in: the rows that hold text (the
    /// controls, their times, subtitles: ``Drawing/CellSymbol/isText``) first, then the picture's,
    /// each from `first` round, where the last frame cut short stopped: a screen with text on every
    /// row (a list) still goes round, rather than starting at the top each time and never reaching
    /// its last rows while it keeps changing.
    ///
    /// On a slow link a key's screen is cut at the cap like any other: written from where the last
    /// cut stopped, the pause's ▶ came with the second or third piece of the screen (Space → the
    /// pause 270–510 ms at 800 kbit/s over SSH, run to run), behind rows of the picture's shading.
    static func rowOrder(_ cells: UnsafeBufferPointer<Cell>, width: Int, height: Int, from first: Int) -> [Int] {
        var text: [Int] = [], rest: [Int] = []
        text.reserveCapacity(8)
        rest.reserveCapacity(height)
        for k in 0..<height {
            let y = (first + k) % height
            if (y * width..<(y + 1) * width).contains(where: { cells[$0].symbol.isText }) { text.append(y) } else { rest.append(y) }
        }
        return text + rest
    }
}
