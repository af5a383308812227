import Drawing
import Terminal

/// Turns successive canvases into terminal bytes: the cells through a ``ScreenRenderer`` and,
/// in pixel mode, the images through a ``GraphicsRenderer``, in one synchronized update.
///
/// The cells come first and the images after them, so that on a terminal without synchronized
/// output (xterm) a sixel image lands on cells already written; the cursor is then wherever the
/// images left it, so the cell renderer forgets it. The cells in the holes of each image sent
/// (``GraphicsRenderer/cellsToRewrite``) are then written again: mlterm paints a sixel's
/// transparent pixels in the background colour, over the text written before it, and in xterm a
/// cell written over a sixel replaces the picture there, as the hole did. A frame that clears
/// the screen (the first, after a resize or a suspend) sends every image again.
public struct FrameRenderer {
    /// The cells.
    public internal(set) var cells: ScreenRenderer
    /// The images, in pixel mode.
    public internal(set) var graphics: GraphicsRenderer?
    /// Whether the terminal reports every pointer move (mode 1003) as last written: off at the
    /// start (the session never turns it on), unknown (nil) after ``invalidate()``, when the next
    /// frame says it again.
    public private(set) var reportsPointerMotion: Bool? = false
    /// Whether the last frame switched mode 1003.
    private var motionChanged = false
    /// Whether images are held back (reel's tmux pane is not shown: ``hidePictures()``).
    public internal(set) var picturesHidden = false
    /// Whether the questions after each screen (``question(status:)``) go to tmux's client
    /// through passthrough.
    public var questionsThroughTmux = false

    /// Whether each screen is followed by a status question that the loop waits for: sixel
    /// images then ask nothing of their own (``GraphicsRenderer/pacedByStatus``).
    public var pacedByStatus: Bool {
        get { graphics?.pacedByStatus ?? false }
        set { graphics?.pacedByStatus = newValue }
    }

    /// Whether a sixel picture goes in pieces around the controls' cells, each a whole number of
    /// six-pixel bands tall where nothing is drawn below it (Konsole:
    /// ``GraphicsMode/sixelInPieces(answer:)``; ``GraphicsRenderer/placeSixelPieces(_:holes:at:into:)``).
    /// Only sixel written straight to the terminal.
    public var sixelInPieces: Bool {
        get { graphics?.sixelInPieces ?? false }
        set {
            guard case .sixel(_, _, _, .direct) = graphics?.mode else { return }
            graphics?.sixelInPieces = newValue
        }
    }

    /// Mode 1003 on: any-motion reports (the session's SGR encoding, 1006, stays).
    ///
    /// A terminal keeps one mouse-tracking mode, not a stack (xterm, kitty, tmux, VTE): `?1003h`
    /// replaces the session's button tracking (1002), and `?1003l` turns all reporting off.
    public static let motionOn: [UInt8] = Array("\u{1B}[?1003h".utf8)
    /// Mode 1003 off, and button tracking (1002: presses, releases, drags, the wheel) on again in
    /// the same write, so that clicks still come once the pointer's moves are no longer wanted.
    public static let motionOff: [UInt8] = Array("\u{1B}[?1003l\u{1B}[?1002h".utf8)

    /// A renderer of cells in `colorMode` within `tolerance`, and of images in `graphics`' mode
    /// (nothing for ``GraphicsMode/blocks``), kitty's placed by `kittyPlacement`.
    ///
    /// Placeholders name their image in a 24-bit foreground, so with them the cells are written
    /// in truecolor whatever `colorMode` says (the palette would move the colour, and with it the
    /// id; a kitty that draws placeholders has truecolor).
    public init(colorMode: ColorMode = .truecolor, tolerance: UInt8 = 0, graphics mode: GraphicsMode = .blocks,
                kittyPlacement: KittyPlacement = .cursor) {
        let placeholders: Bool
        if case .kitty = mode { placeholders = kittyPlacement == .placeholders } else { placeholders = false }
        cells = ScreenRenderer(colorMode: placeholders ? .truecolor : colorMode, tolerance: tolerance)
        if mode.drawsOverCells { cells.seeThroughOnOwnColour = true }
        graphics = mode == .blocks ? nil : GraphicsRenderer(mode: mode, placement: kittyPlacement)
    }

    /// The pane's top-left cell in the client's terminal, where images through tmux's passthrough
    /// are placed from (``GraphicsRenderer/origin``): set it when the pane moves, and the next
    /// frame sends the images again at the new place. ``CellOrigin/zero`` without images.
    public var paneOrigin: CellOrigin {
        get { graphics?.origin ?? .zero }
        set { graphics?.origin = newValue }
    }

    /// The cell renderer's colour tolerance.
    public var tolerance: UInt8 {
        get { cells.tolerance }
        set { cells.tolerance = newValue }
    }

    /// The cell renderer's byte budget (see ``ScreenRenderer/ByteBudget``).
    public var budget: ScreenRenderer.ByteBudget? {
        get { cells.budget }
        set { cells.budget = newValue }
    }

    /// The most bytes a screen's cells may write: the picture sized to the link
    /// (``ScreenRenderer/frameCap``); nil for no cap.
    public var frameCap: Int? {
        get { cells.frameCap }
        set { cells.frameCap = newValue }
    }

    /// The tolerance the last frame's cells were rendered with: the floor, or the budget's.
    public var lastFrameTolerance: UInt8 { cells.lastFrameTolerance }

    /// Whether the last frame changed anything on the screen.
    public var lastFrameChanged: Bool { cells.lastFrameChanged || graphics?.lastFrameChanged == true || motionChanged }

    /// Forgets what the terminal shows: the next frame clears the screen and sends everything.
    public mutating func invalidate() {
        reportsPointerMotion = nil
        cells.invalidate()
        graphics?.invalidate()
    }

    /// Whether the terminal has not yet acknowledged the last frame's images: draw nothing new,
    /// and let video frames go before rendering them.
    public func isAwaitingTerminal(now: Double) -> Bool {
        graphics?.isAwaitingTerminal(now: now) ?? false
    }

    /// Whether the next screen waits for the last frame's images to be acknowledged
    /// (``GraphicsRenderer/holdsScreens(now:)``).
    public func holdsScreens(now: Double) -> Bool {
        graphics?.holdsScreens(now: now) ?? false
    }

    /// The link's rate in bytes a second, which kitty images in the escape codes are sized to
    /// (``GraphicsRenderer/linkRate``).
    public var linkRate: Double? {
        get { graphics?.linkRate }
        set { graphics?.linkRate = newValue }
    }

    /// When to stop waiting for the terminal's acknowledgement, while one is awaited.
    public var acknowledgementDeadline: Double? { graphics?.acknowledgementDeadline }

    /// Takes one of the terminal's replies into account (an image's acknowledgement).
    public mutating func receive(_ reply: TerminalReply) {
        graphics?.receive(reply)
    }

    /// Writes into `out` (emptied first) the bytes that turn the last frame into `canvas`.
    public mutating func render(_ canvas: Canvas, now: Double, into out: inout [UInt8]) {
        renderFrame(canvas, now: now, into: &out)
        graphics?.refiningStill = false
        // The mode goes after the frame, outside its synchronized update.
        motionChanged = reportsPointerMotion != canvas.reportsPointerMotion
        if motionChanged {
            out += canvas.reportsPointerMotion ? Self.motionOn : Self.motionOff
            reportsPointerMotion = canvas.reportsPointerMotion
        }
    }

    private mutating func renderFrame(_ canvas: Canvas, now: Double, into out: inout [UInt8]) {
        // (Mutated in place through the optional: the image renderer holds large buffers.)
        guard graphics != nil, !picturesHidden else {
            cells.render(canvas, into: &out)
            return
        }
        if cells.needsFullRedraw { graphics?.invalidate() }
        // The cells as the terminal will show them, which also says what is cut out of the images.
        let shown = graphics?.cellCanvas(for: canvas) ?? canvas
        cells.render(shown, into: &out)
        var images: [UInt8] = []
        graphics?.render(shown, now: now, into: &images)
        if !images.isEmpty {
            // Inside the synchronized update, after the cells.
            out.insert(contentsOf: images, at: out.count - ScreenRenderer.endSync.count)
            cells.forgetCursor()
            // mlterm keeps a 24-bit pen as an entry of a colour table that loading an image can
            // give to another colour: the text after an image sets its pen in full.
            cells.forgetPen()
            // The cells in the new images' holes, again: mlterm paints an image over them.
            let again = cells.rewrite(graphics?.cellsToRewrite ?? [], of: shown)
            out.insert(contentsOf: again, at: out.count - ScreenRenderer.endSync.count)
        }
    }
}
