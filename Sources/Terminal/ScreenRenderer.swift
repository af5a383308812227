import Drawing

/// Turns successive canvases into the fewest terminal bytes: a diff against what was actually
/// written last.
///
/// Each frame:
/// - is wrapped in synchronized-update mode (`ESC[?2026h` … `ESC[?2026l`); an unchanged frame
///   writes nothing else;
/// - writes only the cells that changed, moving the cursor by the shortest sequence when the next
///   changed cell is not adjacent (see ``ScreenRenderer`` `+Cursor`);
/// - sends SGR only when the pen changes, foreground and background in one sequence, and never a
///   foreground for a plain space (its foreground cannot be seen); a ``CellStyle/seeThrough`` cell
///   gets the terminal's default background, so that an image under it shows;
/// - with a colour ``tolerance`` (truecolor only), leaves colours close to the canvas's on screen
///   and writes the cheapest form of each changed cell within its allowance (see
///   ``ScreenRenderer`` `+Tolerance` and ``LossyPolicy``); the error never accumulates past it;
/// - with a ``budget``, raises each frame's tolerance as far as the bytes it may write require
///   (see ``ByteBudget``).
///
/// The renderer is a pure value: it never touches the terminal, it only produces bytes.
public struct ScreenRenderer: Sendable {
    /// How colours are written.
    public var colorMode: ColorMode {
        didSet { if colorMode != oldValue { invalidate() } }
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
    /// The tolerance the last frame was rendered with.
    public private(set) var lastFrameTolerance: UInt8 = 0
    /// All bytes produced so far, over every frame.
    public private(set) var totalBytes: Int = 0
    /// Whether the last frame rendered changed anything on the screen (when it did not, its bytes
    /// are only the synchronized-update markers, and need not be sent).
    public private(set) var lastFrameChanged = true
    /// How many cells the last frame wrote (for scripts/bench's figures).
    public private(set) var lastFrameCellsWritten = 0

    /// The size of the last canvas rendered.
    var width = 0
    var height = 0
    /// What the terminal shows, as far as this renderer wrote it (row-major, like ``Canvas/cells``).
    var written: [Cell] = []
    /// The text of cluster cells in ``written``, by cell index.
    var writtenClusters: [Int: String] = [:]
    /// Whether the next frame must clear the screen and write every cell.
    var needsFullRedraw = true
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
    /// Whether a picture's rows are rendered by CBlitter's `reel_render_row` (see
    /// `+PictureRows`), which writes the same bytes as the Swift loop in less time; off
    /// in the tests that compare the two.
    var usesPictureRows = true

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
        cursorRow = nil
        cursorColumn = nil
        pen = nil
    }

    static let beginSync: [UInt8] = Array("\u{1B}[?2026h".utf8)
    static let endSync: [UInt8] = Array("\u{1B}[?2026l".utf8)
    static let clearScreen: [UInt8] = Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)

    /// The most bytes one cell can take: a cursor move (at most 14), a full SGR (at most 48) and
    /// a scalar (at most 4). Cluster text is budgeted separately.
    static let maxBytesPerCell = 80

    /// Writes into `out` (emptied first, capacity kept) the bytes that turn the last frame into `canvas`.
    ///
    /// A canvas of a different size from the last one forces a cleared, full redraw.
    public mutating func render(_ canvas: Canvas, into out: inout [UInt8]) {
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
        let frameTolerance = budget?.tolerance(floor: tolerance) ?? tolerance
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
        canvas.cells.withUnsafeBufferPointer { next in
            model.withUnsafeMutableBufferPointer { model in
                holds.withUnsafeMutableBufferPointer { holds in
                    let frame = pictureFrame(next: next, model: model, held: holds, full: full)
                    for y in 0..<height {
                        let room = width * ScreenRenderer.maxBytesPerCell + clusterBytes(canvas, row: y)
                        if out.count - length < room { out.append(contentsOf: repeatElement(0, count: room - (out.count - length))) }
                        out.withUnsafeMutableBufferPointer { buffer in
                            guard let base = buffer.baseAddress else { return }
                            var writer = ByteWriter(base: base, count: length)
                            if let frame, let cells = renderPictureRow(y, frame: frame, out: &writer) {
                                lastFrameCellsWritten &+= cells
                            } else {
                                renderRow(y, next: next, model: model, held: holds, canvas: canvas, full: full, out: &writer)
                            }
                            length = writer.count
                        }
                    }
                }
            }
        }
        swap(&model, &written)
        swap(&holds, &held)
        out.removeLast(out.count - length)
        lastFrameChanged = out.count > ScreenRenderer.beginSync.count
        out.append(contentsOf: ScreenRenderer.endSync)
        totalBytes += out.count
        if !full, budget != nil { budget?.spend(out.count, cost: ScreenRenderer.redrawCost(of: canvas), floor: tolerance) }
    }

    /// Writes `bytes` into `out` at `length`, growing it as needed, and moves `length` past them.
    private static func put(_ bytes: [UInt8], into out: inout [UInt8], at length: inout Int) {
        if out.count < length + bytes.count { out.append(contentsOf: repeatElement(0, count: length + bytes.count - out.count)) }
        out.replaceSubrange(length..<(length + bytes.count), with: bytes)
        length += bytes.count
    }

    // The clusters' bookkeeping, out of line: rare, and its string and dictionary code would
    // otherwise crowd the per-cell loop, whose small helpers the compiler then stops inlining.

    /// Whether the canvas's `cell` at index `i` is the cluster `old` exactly as written: the
    /// same text, width and colours (either may be a cluster).
    @inline(never)
    private func clusterIsWritten(_ cell: Cell, _ old: Cell, at i: Int, canvas: Canvas) -> Bool {
        cell.symbol.isCluster && old.symbol.isCluster && cell.symbol.isWide == old.symbol.isWide
            && canvas.text(of: cell) == writtenClusters[i] && cell == old
    }

    /// Writes the cluster `cell` at index `i`, and records its text.
    @inline(never)
    private mutating func writeCluster(_ cell: Cell, at i: Int, canvas: Canvas, out: inout ByteWriter) {
        let text = canvas.text(of: cell)
        out.append(contentsOf: text.utf8)
        writtenClusters[i] = text
    }

    /// Forgets the text of the cluster written at index `i`.
    @inline(never)
    private mutating func forgetCluster(at i: Int) {
        writtenClusters[i] = nil
    }

    /// The UTF-8 length of the cluster cells of row `y` (0 without a lookup when there are none).
    @inline(never)
    private func clusterBytes(_ canvas: Canvas, row y: Int) -> Int {
        guard !canvas.clusters.isEmpty else { return 0 }
        var total = 0
        for x in 0..<width where canvas.cells[y * width + x].symbol.isCluster {
            total += canvas.text(of: canvas.cells[y * width + x]).utf8.count
        }
        return total
    }

    /// Writes the changed cells of row `y`.
    @inline(__always)
    private mutating func renderRow(
        _ y: Int, next: UnsafeBufferPointer<Cell>, model: UnsafeMutableBufferPointer<Cell>,
        held: UnsafeMutableBufferPointer<UInt8>, canvas: Canvas, full: Bool, out: inout ByteWriter
    ) {
        let base = y * width
        let palette = colorMode == .palette256
        let lossy = isLossy
        let judge = CellJudge(allowances: allowances, width: width)
        var x = 0
        var forced = false
        while x < width {
            let i = base + x
            var cell = next[i]
            var span = 1
            if cell.symbol.isWide {
                if x + 1 < width && next[i + 1].symbol.isContinuation {
                    span = 2
                } else {
                    cell.symbol = .space  // a wide symbol with no room: never half-drawn
                }
            } else if cell.symbol.isContinuation {
                cell.symbol = .space  // a continuation with no wide symbol before it
            }
            // A see-through cell shows the picture, whatever colour its `bg` holds: one form of it.
            let ownColour = cell.bg
            if cell.style.contains(.seeThrough) { cell.bg = .black }
            if !cell.showsForeground { cell.fg = cell.bg }
            if palette {
                cell.fg = Palette256.quantized(cell.fg)
                cell.bg = Palette256.quantized(cell.bg)
            }
            let old = model[i]
            var dirty = full || forced
            var detail = -1
            if !dirty {
                // The same, or in lossy mode close enough; a cluster only when exactly the same, text
                // and colours.
                let same: Bool
                if (cell.symbol.rawValue | old.symbol.rawValue) & CellSymbol.clusterFlag != 0 {
                    same = clusterIsWritten(cell, old, at: i, canvas: canvas)
                } else if lossy {
                    same = judge.canKeep(old, for: cell, at: i, x: x, next: next, held: held, detail: &detail)
                } else {
                    same = cell == old
                }
                dirty = !same || (span == 2 && !model[i + 1].symbol.isContinuation)
            }
            forced = false
            if !dirty {
                x += span
                continue
            }
            // Writing one column over a wide symbol erases its right half too: rewrite that next.
            if span == 1 && old.symbol.isWide { forced = true }
            if span == 1 && lossy {
                var near = allowances.pen
                if allowances.masks {
                    if detail < 0 { detail = judge.localContrast(at: i, x: x, next: next) }
                    near = allowances.pen(detail: detail)
                }
                cell = judge.cheapestForm(of: cell, pen: pen, near: near)
            }
            if cursorColumn != x || cursorRow != y { moveCursor(toColumn: x, row: y, model: model, out: &out) }
            setPen(for: cell, seeThroughColour: seeThroughOnOwnColour ? ownColour : nil, out: &out)
            if cell.symbol.isCluster {
                writeCluster(cell, at: i, canvas: canvas, out: &out)
            } else {
                out.appendUTF8(cell.symbol.scalar ?? " ")
                if old.symbol.isCluster { forgetCluster(at: i) }
            }
            model[i] = cell
            lastFrameCellsWritten &+= 1
            if span == 2 {
                if model[i + 1].symbol.isCluster { forgetCluster(at: i + 1) }
                model[i + 1] = Cell(symbol: .continuation, fg: cell.fg, bg: cell.bg, style: cell.style)
            }
            x += span
            // After a wide symbol or in the last column, only absolute column moves are trusted.
            cursorColumn = (span == 2 || cell.symbol.isCluster || x >= width) ? nil : x
        }
    }
}
