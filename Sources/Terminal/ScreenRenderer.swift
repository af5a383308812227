import CBlitter
import Drawing

/// Turns successive canvases into the fewest terminal bytes: a diff against what was actually
/// written last.
///
/// Each frame:
/// - is wrapped in synchronized-update mode (`ESC[?2026h` … `ESC[?2026l`); an unchanged frame
///   writes nothing else;
/// - writes only the cells that changed, moving the cursor by the shortest sequence when the next
///   changed cell is not adjacent;
/// - sends SGR only when the pen changes, foreground and background in one sequence, and never a
///   foreground for a plain space (its foreground cannot be seen); a ``CellStyle/seeThrough`` cell
///   gets the terminal's default background, so that an image under it shows;
/// - with a colour ``tolerance`` (truecolor only), leaves colours close to the canvas's on screen
///   and writes the cheapest form of each changed cell within its allowance (see
///   ``ScreenRenderer`` `+Tolerance` and ``LossyPolicy``); the error never accumulates past it;
/// - with a ``budget``, raises each frame's tolerance as far as the bytes it may write require
///   (see ``ByteBudget``).
///
/// It keeps the frame (the model of what the terminal shows, the size, the tolerance and budget,
/// the clusters' text) and hands each row to CBlitter's `reel_render_row`, the one place that
/// judges a cell and writes its bytes (see `+Rows`).
///
/// The renderer is a pure value: it never touches the terminal, it only produces bytes.
public struct ScreenRenderer: Sendable {
    /// How colours are written.
    public var colorMode: ColorMode {
        didSet { if colorMode != oldValue { rewriteAll() } }
    }
    /// The colour tolerance: the least a frame is rendered with (0, the default, writes every
    /// change exactly, unless a ``budget`` raises it). Ignored in 256-colour mode, where colours
    /// are compared by palette index.
    public var tolerance: UInt8
    /// How the tolerance is spent.
    public var policy = LossyPolicy()
    /// Whether a ``CellStyle/seeThrough`` cell is written on its own colour (the mean of the
    /// picture under it) instead of the terminal's default background. Still compared as one
    /// form whatever its colour, so a new picture rewrites nothing. For sixel: a cell written over
    /// the picture shows its background until the image sent after the cells covers it again,
    /// and xterm's default background is white, which flashed where text had just gone.
    public var seeThroughOnOwnColour = false
    /// A byte budget that raises each frame's tolerance above ``tolerance`` when the picture
    /// changes more than it can pay for; nil for a fixed tolerance.
    public var budget: ByteBudget?
    /// The cells of the last frame rendered with a budget: a frame with the same cells is the
    /// same picture drawn again, not a frame of it, and the budget leaves it out.
    var budgetedCells: [Cell] = []
    /// The most bytes a frame may write (the link's, ``FrameRenderer/frameCap``); nil for no cap.
    public var frameCap: Int?
    /// The highest tolerance a frame is raised to to keep within ``frameCap``.
    public static let cappedCeiling: UInt8 = 64
    /// The tolerance a frame over the cap is rendered again with.
    private var forcedTolerance: UInt8?
    /// Whether the last frame was over ``frameCap`` at the tolerance it was first rendered with
    /// (the floor, or the budget's): it had to be made coarser, or cut short, to fit.
    public internal(set) var lastFrameOverCap = false
    /// Whether the last frame was cut short at ``frameCap``: rows it did not reach still show
    /// an older picture, and the next frame starts with them.
    public internal(set) var lastFrameCut = false
    /// The row the next frame starts from after a cut, so that every row has its turn.
    var resumeRow = 0
    /// Whether the screen is being written whole (a redraw, a new colour mode) and the frames
    /// so far were cut short before it was done.
    public internal(set) var isRewriting = false
    /// The tolerance the last frame was rendered with.
    public internal(set) var lastFrameTolerance: UInt8 = 0
    /// All bytes produced so far, over every frame.
    public private(set) var totalBytes: Int = 0
    /// Whether the last frame rendered changed anything on the screen (when it did not, its bytes
    /// are only the synchronized-update markers, and need not be sent).
    public internal(set) var lastFrameChanged = true
    /// How many cells the last frame wrote (for scripts/bench's figures).
    public internal(set) var lastFrameCellsWritten = 0

    /// The size of the last canvas rendered.
    var width = 0
    var height = 0
    /// What the terminal shows, as far as this renderer wrote it (row-major, like ``Canvas/cells``).
    var written: [Cell] = []
    /// The text of cluster cells in ``written``, by cell index.
    var writtenClusters: [Int: String] = [:]
    /// Whether the next frame must clear the screen and write every cell.
    public internal(set) var needsFullRedraw = true
    /// The cursor row, or nil when unknown.
    var cursorRow: Int?
    /// The cursor column, or nil when unknown (also after writing the last column, where the
    /// terminal holds a pending wrap, and after a wide symbol, whose width terminals may disagree on).
    var cursorColumn: Int?
    /// The current SGR state, or nil when unknown.
    var pen: Pen?
    /// The frame's tolerance as integer allowances.
    var allowances = Allowances()
    /// Per cell, 1 while a change is held back for a frame by the policy's hysteresis.
    var held: [UInt8] = []
    /// The policy ``allowances`` were made with.
    var allowancesPolicy = LossyPolicy()

    /// The SGR state of the terminal: colours (nil = the terminal's default) and attributes.
    struct Pen: Sendable, Equatable {
        var fg: RGB?
        var bg: RGB?
        var style: CellStyle
    }

    /// Creates a renderer; its first frame is a full redraw.
    public init(colorMode: ColorMode = .truecolor, tolerance: UInt8 = 0) {
        self.colorMode = colorMode
        self.tolerance = tolerance
    }

    /// Forgets what the terminal shows, so the next frame clears the screen and writes every cell
    /// (after a resize, SIGCONT, or anything else that may have drawn over the screen).
    public mutating func invalidate() {
        needsFullRedraw = true
        isRewriting = true
        cursorRow = nil
        cursorColumn = nil
        pen = nil
    }

    static let beginSync: [UInt8] = Array("\u{1B}[?2026h".utf8)
    public static let endSync: [UInt8] = Array("\u{1B}[?2026l".utf8)
    static let clearScreen: [UInt8] = Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)

    /// The most bytes one cell can take: a cursor move (at most 14), a full SGR (at most 48) and
    /// a scalar (at most 4). Cluster text is budgeted separately.
    static let maxBytesPerCell = 80

    /// Writes into `out` (emptied first, capacity kept) the bytes that turn the last frame into `canvas`.
    ///
    /// A canvas of a different size from the last one forces a cleared, full redraw. With a
    /// ``frameCap``, a frame that would write more is rendered again from the same start at a
    /// tolerance twice as high, up to ``cappedCeiling``: the cap holds whatever the budget's
    /// controller has learnt so far, as far as colour can buy it. A frame still over the cap
    /// (a redraw, a palette's colours) is cut short: the rows it does not reach keep what the
    /// terminal shows, and the next frame starts with them (``lastFrameCut``). So the cap holds
    /// on every frame, redraws included.
    public mutating func render(_ canvas: Canvas, into out: inout [UInt8]) {
        guard let cap = frameCap else {
            lastFrameOverCap = false
            return renderFrame(canvas, into: &out, limit: nil)
        }
        let start = self
        renderFrame(canvas, into: &out, limit: nil)
        lastFrameOverCap = out.count > cap
        guard lastFrameOverCap else { return }
        var forced = max(lastFrameTolerance, 1)
        while out.count > cap, forced < ScreenRenderer.cappedCeiling, colorMode != .palette256 {
            forced = min(forced * 2, ScreenRenderer.cappedCeiling)
            self = start
            forcedTolerance = forced
            renderFrame(canvas, into: &out, limit: nil)
        }
        if out.count > cap {
            self = start
            forcedTolerance = colorMode == .palette256 ? nil : forced
            renderFrame(canvas, into: &out, limit: cap - ScreenRenderer.endSync.count)
        }
        forcedTolerance = nil
        lastFrameOverCap = true
    }

    /// Keeps what the terminal shows but writes every cell again over the next frames (a new
    /// colour mode): no cleared screen, so a frame cut short at the cap leaves the old picture
    /// where it did not reach, not a blank.
    public mutating func rewriteAll() {
        guard !needsFullRedraw, !written.isEmpty else { return invalidate() }
        for i in written.indices { written[i] = ScreenRenderer.unknownCell }
        pen = nil
        isRewriting = true
    }

    /// Renders `canvas`; with a `limit`, stops at the row that would take the frame past it (all
    /// but the first row it writes), undone, and starts from ``resumeRow`` round.
    private mutating func renderFrame(_ canvas: Canvas, into out: inout [UInt8], limit: Int?) {
        // `out` is written over from its start rather than emptied, so that the room each row
        // is given is zeroed only beyond what the last frame left in it; cut to length at the end.
        var length = 0
        ScreenRenderer.put(ScreenRenderer.beginSync, into: &out, at: &length)
        if canvas.width != width || canvas.height != height {
            width = canvas.width
            height = canvas.height
            written = Array(repeating: .blank(.black), count: width * height)
            held = Array(repeating: 0, count: width * height)
            writtenClusters.removeAll()
            invalidate()
        }
        if needsFullRedraw {
            ScreenRenderer.put(ScreenRenderer.clearScreen, into: &out, at: &length)
            pen = Pen(fg: nil, bg: nil, style: [])
            cursorRow = 0
            cursorColumn = 0
        }
        let full = needsFullRedraw
        needsFullRedraw = false
        lastFrameCellsWritten = 0
        let frameTolerance = max(budget?.tolerance(floor: tolerance) ?? tolerance, forcedTolerance ?? 0)
        if frameTolerance != allowances.tolerance || policy != allowancesPolicy {
            allowances = Allowances(tolerance: frameTolerance, policy: policy)
            allowancesPolicy = policy
        }
        lastFrameTolerance = frameTolerance
        // The model is moved out of `self` for the frame so it can be used through a pointer while
        // the cursor and pen in `self` change.
        var model: [Cell] = []
        swap(&model, &written)
        var holds: [UInt8] = []
        swap(&holds, &held)
        let palette = colorMode == .palette256 ? ScreenRenderer.paletteCells(canvas) : nil
        let clustered = !canvas.clusters.isEmpty || !writtenClusters.isEmpty
        var state = reel_render_state(pen: ScreenRenderer.record(of: pen), cursor_row: cursorRow ?? -1,
                                      cursor_column: cursorColumn ?? -1, length: length)
        (palette?.cells ?? canvas.cells).withUnsafeBufferPointer { next in
            model.withUnsafeMutableBufferPointer { model in
                holds.withUnsafeMutableBufferPointer { holds in
                    (palette?.indices ?? []).withUnsafeBufferPointer { indices in
                        var frame = reel_render_frame(
                            next: UnsafeRawPointer(next.baseAddress)?.assumingMemoryBound(to: reel_cell.self),
                            model: UnsafeMutableRawPointer(model.baseAddress)?.assumingMemoryBound(to: reel_cell.self),
                            held: holds.baseAddress, palette: palette == nil ? nil : indices.baseAddress,
                            count: next.count, width: width, allowances: allowanceRecord, lossy: isLossy ? 1 : 0,
                            full: full ? 1 : 0, see_through_on_own_colour: seeThroughOnOwnColour ? 1 : 0)
                        let first = limit == nil || resumeRow >= height ? 0 : resumeRow
                        let order = limit == nil ? nil : ScreenRenderer.rowOrder(next, width: width, height: height, from: first)
                        lastFrameCut = false
                        for k in 0..<height {
                            let y = order?[k] ?? k, cellRange = (y * width)..<((y + 1) * width)
                            // With a limit, a row that takes the frame past it (but the first) is undone.
                            let undo = limit != nil && k > 0 ? (state, Array(model[cellRange]), Array(holds[cellRange])) : nil
                            var clusters = clustered ? rowClusters(canvas, row: y, model: model) : nil
                            let room = width * ScreenRenderer.maxBytesPerCell + (clusters?.text.count ?? 0)
                            if out.count - state.length < room { out.append(contentsOf: repeatElement(0, count: room - (out.count - state.length))) }
                            let cells = out.withUnsafeMutableBufferPointer { buffer in
                                guard let base = buffer.baseAddress else { return 0 }
                                return renderRow(y, frame: &frame, clusters: &clusters, state: &state, out: base)
                            }
                            if let limit, let undo, state.length > limit {
                                state = undo.0
                                _ = UnsafeMutableBufferPointer(rebasing: model[cellRange]).update(fromContentsOf: undo.1)
                                _ = UnsafeMutableBufferPointer(rebasing: holds[cellRange]).update(fromContentsOf: undo.2)
                                // Cut: the rows not reached are written by the next frames; after a
                                // cleared screen, whatever they hold.
                                if full, let order { for row in order[k...] { ScreenRenderer.markUnknown(row: row, width: width, model) } }
                                lastFrameCut = true
                                resumeRow = y
                                break
                            }
                            lastFrameCellsWritten &+= cells
                            if let clusters { recordClusters(clusters, canvas, row: y, model: model) }
                        }
                        if !lastFrameCut {
                            resumeRow = 0
                            isRewriting = false
                        }
                    }
                }
            }
        }
        length = state.length
        pen = ScreenRenderer.pen(of: state.pen)
        cursorRow = state.cursor_row < 0 ? nil : state.cursor_row
        cursorColumn = state.cursor_column < 0 ? nil : state.cursor_column
        swap(&model, &written)
        swap(&holds, &held)
        out.removeLast(out.count - length)
        lastFrameChanged = out.count > ScreenRenderer.beginSync.count
        out.append(contentsOf: ScreenRenderer.endSync)
        totalBytes += out.count
        // The loop draws again between the video's frames (for the chrome, a clock, the mouse):
        // counted, each of those near-empty screens was a frame far under budget that took a
        // level off the tolerance, so the next picture was written finer than its budget (in
        // tmux, sextants on photo-pan wrote 0.36-0.37 × tct's bytes, 0.34 offline).
        if budget != nil, !noteBudgetedCells(canvas.cells), !full {
            budget?.spend(out.count, cost: ScreenRenderer.redrawCost(of: canvas), floor: tolerance, cap: frameCap)
        }
    }

    /// Whether `cells` are the last frame's, byte for byte; keeps them (in memory of its own, so
    /// that the canvas is not copied when it is next drawn on) for the next frame when not.
    private mutating func noteBudgetedCells(_ cells: [Cell]) -> Bool {
        let same = budgetedCells.count == cells.count && budgetedCells.withUnsafeBytes { kept in
            cells.withUnsafeBytes { next in
                guard let a = kept.baseAddress, let b = next.baseAddress else { return next.isEmpty }
                return reel_same_bytes(a, b, next.count)
            }
        }
        if same { return true }
        if budgetedCells.count != cells.count { budgetedCells = Array(repeating: .blank(.black), count: cells.count) }
        budgetedCells.withUnsafeMutableBufferPointer { target in
            cells.withUnsafeBufferPointer { _ = target.update(fromContentsOf: $0) }
        }
        return false
    }

    /// Puts ``unknownCell`` in `model` all along `row`: the next frame writes it whatever it holds.
    private static func markUnknown(row: Int, width: Int, _ model: UnsafeMutableBufferPointer<Cell>) {
        for i in (row * width)..<((row + 1) * width) { model[i] = ScreenRenderer.unknownCell }
    }

    /// Writes `bytes` into `out` at `length`, growing it as needed, and moves `length` past them.
    private static func put(_ bytes: [UInt8], into out: inout [UInt8], at length: inout Int) {
        if out.count < length + bytes.count { out.append(contentsOf: repeatElement(0, count: length + bytes.count - out.count)) }
        out.replaceSubrange(length..<(length + bytes.count), with: bytes)
        length += bytes.count
    }

    /// Row `y` through `reel_render_row`, with its clusters' text when there are any.
    private func renderRow(
        _ y: Int, frame: inout reel_render_frame, clusters: inout RowClusters?, state: inout reel_render_state,
        out: UnsafeMutablePointer<UInt8>
    ) -> Int {
        guard var row = clusters else { return reel_render_row(&frame, y, nil, &state, out) }
        defer { clusters = row }
        return row.text.withUnsafeBufferPointer { text in
            row.start.withUnsafeBufferPointer { start in
                row.same.withUnsafeBufferPointer { same in
                    row.written.withUnsafeMutableBufferPointer { written in
                        var record = reel_row_clusters(text: text.baseAddress, start: start.baseAddress,
                                                       same: same.baseAddress, written: written.baseAddress)
                        return reel_render_row(&frame, y, &record, &state, out)
                    }
                }
            }
        }
    }
}
