import Drawing
import Terminal

/// Turns the images of successive canvases (``Canvas/images``) into kitty graphics commands or
/// sixel sequences, sending only images that changed, with one frame of images in flight.
///
/// It works beside the ``ScreenRenderer``, which writes the cells (``FrameRenderer`` holds
/// both): the image-owned cells are ``CellStyle/seeThrough`` blanks, written once in the
/// terminal's default background, and the cells with text or a colour of their own are cut out
/// of the picture (a ``CellMask``), so the controls stay cells on top of the video.
///
/// - **kitty**: each changed image is transmitted and placed under a new id, then the image it
///   replaces is deleted (transmit B, place B, delete A: no frame without a picture, and never
///   new data under a placed id, which would blank it). Pixels go through shared memory or as
///   zlib-compressed chunks. kitty's `OK` for the last image sent is the frame's acknowledgement.
///   With ``KittyPlacement/placeholders`` the images are placed virtually instead, and their
///   cells become Unicode placeholders (see `+Placeholders`).
/// - **sixel**: each changed image is sent whole, drawn from its top-left cell, after the cells
///   (writing a cell clears the sixel pixels under it in xterm, and an image sent after the
///   cells leaves their holes transparent). A DA1 query after the images is the
///   acknowledgement: the terminal answers it once it has read them.
///
/// Until the acknowledgement comes (or ``acknowledgementTimeout`` passes) the terminal is
/// behind: the caller draws nothing new and lets video frames go before rendering them.
public struct GraphicsRenderer {
    /// How long an acknowledgement is waited for before the terminal is taken to have lost it.
    public static let acknowledgementTimeout = 1.0

    /// The protocol and its parameters.
    public let mode: GraphicsMode
    /// Where kitty images go: at the cursor, or virtually behind placeholder cells.
    public let placement: KittyPlacement
    /// The high bits of this process's placeholder image ids (see `+Placeholders`).
    let placeholderTag: UInt32
    /// The slot the next placeholder image id is looked for from.
    var nextSlot: UInt32 = 0
    /// The images the terminal shows, as last sent.
    var shown: [ShownImage] = []
    /// kitty images to delete with the next frame (the screen was cleared under them, or, for
    /// placeholders, the cells that showed them were written over in this frame).
    var stale: [UInt32] = []
    /// The kitty ids deleted most recently (at most ``recentDeletesKept``), whose deletes may not
    /// have reached the terminal: tmux drops a passthrough from a pane no longer shown, so the
    /// delete that went with the last frame before a window switch never arrives, and the image
    /// it replaced stays. ``pictureIDs`` names them again.
    var recentlyDeleted: [UInt32] = []
    /// How many recent deletes are kept: a frame's delete is surely taken once the frames after
    /// it are acknowledged, and only one is in flight at a time.
    static let recentDeletesKept = 4
    /// What the last frame waits for, and when it was sent.
    var awaiting: (kind: Acknowledgement, sentAt: Double)?
    private var nextID: UInt32 = 1
    var sixel: SixelEncoder?
    private let sharedMemory: SharedMemoryImages?
    /// Whether the last frame sent any image bytes.
    public private(set) var lastFrameChanged = false
    /// The canvas indices of the cells in the holes of the images the last frame sent, for the
    /// cell renderer to write again after them (see ``FrameRenderer``); none for kitty, whose
    /// images lie under the text.
    var cellsToRewrite: [Int] = []
    /// Whether a sixel picture goes in pieces around its holes (``placeSixelPieces(_:holes:at:into:)``), not as one image.
    var sixelInPieces = false
    /// Images sent so far.
    public internal(set) var imagesSent = 0
    /// The pane's top-left cell in the client's terminal, for images that go through tmux's
    /// passthrough (``GraphicsMode/Route/tmuxPassthrough``), which place themselves from the
    /// client's top-left cell; unused on other routes. A new origin (the pane moved) sends every
    /// image again with the next frame, at its new place.
    public var origin: CellOrigin = .zero {
        didSet { if origin != oldValue { invalidate() } }
    }
    /// The most bytes one passthrough carries (``TmuxPassthrough/limit``; smaller in tests).
    var passthroughLimit = TmuxPassthrough.limit
    /// Whether each screen is followed by a status question that the loop's ``LinkPacer`` waits
    /// for: sixel images then ask nothing of their own, and kitty's answers hold back no screen
    /// (the pacer lets a screen of the controls go behind a picture in flight).
    public var pacedByStatus = false
    /// The link's rate in bytes a second, as the pacer measured it: kitty images sent in the
    /// escape codes are sized to it (``KittyImageFit``); nil: not measured, full size.
    public var linkRate: Double?
    /// What sizes kitty's images to the link.
    var fit = KittyImageFit()
    /// Whether the next frame sends again, larger, each kitty image that went smaller than its
    /// cells for the link and has not changed since (``refinesStill``): set by the loop once the
    /// picture has stood still, cleared after that frame.
    public var refiningStill = false

    /// What acknowledges a frame.
    enum Acknowledgement: Equatable {
        case kitty(UInt32)
        case deviceAttributes
    }

    /// One image as the terminal shows it.
    struct ShownImage {
        var rect: Rect
        var pixels: PixelBuffer
        var holes: CellMask
        var id: UInt32
        /// It went with fewer pixels than its cells have, for the link (``KittyImageFit``).
        var reduced = false
    }

    /// A renderer for a pixel `mode` (``GraphicsMode/blocks`` sends nothing), placing kitty
    /// images by `placement`; placeholder ids carry `placeholderTag` (by default one from the
    /// process id, so that two reels behind one tmux do not share ids).
    public init(mode: GraphicsMode, placement: KittyPlacement = .cursor, placeholderTag: UInt32? = nil) {
        self.mode = mode
        self.placement = placement
        self.placeholderTag = placeholderTag ?? GraphicsRenderer.processPlaceholderTag
        switch mode {
        case .kitty(.sharedMemory, _, _): sharedMemory = SharedMemoryImages()
        case .sixel(let colors, _, _, _):
            sharedMemory = nil
            sixel = SixelEncoder(maxColors: colors)
        default: sharedMemory = nil
        }
    }

    /// What turns graphics on after the session's modes: nothing so far.
    public var enterSequence: [UInt8] { [] }

    /// What cleans up before the session's modes go: end any image sequence cut short (CAN,
    /// then ST), and delete kitty's images: those placed virtually by their ids, which a
    /// deletion of all placements leaves (through tmux's passthrough on that route).
    public var restoreSequence: [UInt8] {
        switch mode {
        case .blocks: return []
        case .kitty where placement == .placeholders:
            return [0x18, 0x1B, 0x5C] + placeholderIDs.flatMap { command(KittyGraphics.delete(id: $0)) }
        case .kitty: return [0x18, 0x1B, 0x5C] + command(KittyGraphics.deleteAll)
        case .sixel, .iterm2: return [0x18, 0x1B, 0x5C]
        }
    }

    /// Whether the last frame's images are not yet acknowledged (the terminal is behind).
    public func isAwaitingTerminal(now: Double) -> Bool {
        guard let awaiting else { return false }
        return now - awaiting.sentAt < GraphicsRenderer.acknowledgementTimeout
    }

    /// Whether the next screen waits for the last frame's acknowledgement: not a kitty image's
    /// when each screen is paced by its status question (``pacedByStatus``), so that a screen of
    /// the controls goes behind the picture in flight, as the pacer allows.
    public func holdsScreens(now: Double) -> Bool {
        isAwaitingTerminal(now: now) && !(pacedByStatus && awaiting?.kind != .deviceAttributes)
    }

    /// When the wait for an acknowledgement gives up, while one is awaited.
    public var acknowledgementDeadline: Double? {
        awaiting.map { $0.sentAt + GraphicsRenderer.acknowledgementTimeout }
    }

    /// Takes the terminal's reply into account: an acknowledgement, or kitty's answer for an
    /// image it read (or could not) from shared memory.
    public mutating func receive(_ reply: TerminalReply) {
        switch reply {
        case .kittyGraphics(let image?, _, _):
            let id = UInt32(truncatingIfNeeded: image)
            sharedMemory?.answered(id: id, ok: reply.isKittyOK)
            if awaiting?.kind == .kitty(id) { awaiting = nil }
        case .deviceAttributes:
            if awaiting?.kind == .deviceAttributes { awaiting = nil }
        default:
            break
        }
    }

    /// Forgets what the terminal shows (it cleared the screen, or was suspended): the next frame
    /// sends every image again.
    public mutating func invalidate() {
        if case .kitty = mode { stale += shown.map(\.id) }
        shown.removeAll()
        awaiting = nil
    }

    /// Forgets every image as ``invalidate()`` does, and returns the kitty ids placed or still to
    /// be deleted, for the caller to delete at once itself. They are deleted again with the next
    /// frame drawn, since an image still on its way through tmux may land after that delete.
    mutating func forgetShown() -> [UInt32] {
        invalidate()
        return pictureIDs
    }

    /// The kitty ids placed on the terminal, still to be deleted, or deleted lately (their
    /// deletes may have been dropped on the way; see ``recentlyDeleted``); none for sixel.
    var pictureIDs: [UInt32] {
        guard case .kitty = mode else { return [] }
        var ids: [UInt32] = []
        for id in recentlyDeleted + stale + shown.map(\.id) where !ids.contains(id) { ids.append(id) }
        return ids
    }

    /// Appends the delete of kitty image `id` as the route carries it, and remembers it among
    /// ``recentlyDeleted``.
    mutating func delete(_ id: UInt32, into out: inout [UInt8]) {
        out += command(KittyGraphics.delete(id: id))
        recentlyDeleted.append(id)
        if recentlyDeleted.count > GraphicsRenderer.recentDeletesKept { recentlyDeleted.removeFirst() }
    }

    /// Deletes every shared-memory image the terminal has not taken (on the way out; also done
    /// when the renderer goes).
    public func releaseSharedMemory() {
        sharedMemory?.removeAll()
    }

    /// The canvas the cell renderer should draw for `canvas`. For sixel, whose images cannot lie
    /// under text, text on the picture is cut out of it and drawn on the colour under it; and
    /// since a sixel image that reaches the bottom row scrolls the screen (xterm does, whatever
    /// its modes), that row of a picture is drawn in half blocks instead. For kitty's
    /// placeholders, the picture's cells become placeholder cells (``placeholderCells(for:)``).
    public func cellCanvas(for canvas: Canvas) -> Canvas {
        if case .kitty = mode, placement == .placeholders { return placeholderCells(for: canvas) }
        guard mode.drawsOverCells, !canvas.images.isEmpty else { return canvas }
        var copy = canvas
        for image in canvas.images {
            for y in image.rect.y..<image.rect.maxY {
                for x in image.rect.x..<image.rect.maxX {
                    let i = y * canvas.width + x
                    let cell = copy.cells[i]
                    guard cell.style.contains(.seeThrough) else { continue }
                    if cell.symbol != .space || cell.style.showsForegroundOnBlank {
                        copy.cells[i].style.remove(.seeThrough)
                    } else if y == canvas.height - 1 {
                        copy.cells[i] = GraphicsRenderer.halfBlock(image, column: x - image.rect.x, row: y - image.rect.y)
                    }
                }
            }
        }
        return copy
    }

    /// Appends the bytes that bring the terminal's images to `canvas`'s (as ``cellCanvas(for:)``
    /// made it, after its cells were written), at time `now`.
    ///
    /// The cursor is left wherever the last image put it: the caller's cell renderer must forget
    /// where it was (``ScreenRenderer`` does, through ``FrameRenderer``).
    public mutating func render(_ canvas: Canvas, now: Double, into out: inout [UInt8]) {
        let before = out.count
        cellsToRewrite.removeAll(keepingCapacity: true)
        switch mode {
        case .blocks: break
        case .kitty(let transport, _, _) where placement == .placeholders:
            renderPlaceholders(canvas, transport: transport, now: now, into: &out)
        case .kitty(let transport, _, _): renderKitty(canvas, transport: transport, now: now, into: &out)
        case .sixel, .iterm2: renderOverCells(canvas, now: now, into: &out)
        }
        lastFrameChanged = out.count > before
    }

    // MARK: kitty

    private mutating func renderKitty(_ canvas: Canvas, transport: GraphicsMode.KittyTransport, now: Double, into out: inout [UInt8]) {
        for id in stale { delete(id, into: &out) }
        stale.removeAll()
        var next: [ShownImage] = []
        var kept = Set<UInt32>()
        var lastSent: UInt32?
        for (index, image) in canvas.images.enumerated() {
            let holes = CellMask(image: image, canvas: canvas, above: canvas.images[(index + 1)...])
            if let old = shown.first(where: { $0.rect == image.rect && $0.holes == holes && $0.pixels == image.pixels }),
               !(refiningStill && old.reduced) {
                next.append(old)
                kept.insert(old.id)
                continue
            }
            let id = takeID()
            var sequences: [UInt8] = []
            guard let reduced = sendKitty(image, holes: holes, id: id, transport: transport, into: &sequences) else { continue }
            place(sequences, at: image.rect, into: &out)
            next.append(ShownImage(rect: image.rect, pixels: image.pixels, holes: holes, id: id, reduced: reduced))
            lastSent = id
            imagesSent += 1
        }
        for old in shown where !kept.contains(old.id) { delete(old.id, into: &out) }
        shown = next
        if let lastSent { awaiting = (.kitty(lastSent), now) }
    }

    /// Transmits and places one image, at the cursor or (`virtual`) behind placeholders: whether
    /// it went with fewer pixels than its cells have (sized to the link), or nil when its data
    /// could not be prepared.
    mutating func sendKitty(_ image: CanvasImage, holes: CellMask, id: UInt32, transport: GraphicsMode.KittyTransport,
                            virtual: Bool = false, into out: inout [UInt8]) -> Bool? {
        let format: KittyGraphics.Format = holes.hasHoles ? .rgba : .rgb
        var (pixels, holes, level) = (image.pixels, holes, KittyImageFit.fastLevel)
        var reduced = false
        if transport == .direct {
            // Sized to the link: smaller, for kitty to scale up (KittyImageFit).
            let cell = PixelSize(width: image.cellWidth, height: image.cellHeight)
            let choice = fit.choose(columns: image.rect.width, rows: image.rect.height, cell: cell, rate: linkRate, still: refiningStill)
            reduced = choice.cell != cell
            if reduced {
                pixels = pixels.shrunk(cells: cell, to: choice.cell, coarse: choice.coarse)
                holes = holes.withCell(choice.cell)
            }
            level = choice.level
        }
        let (width, height) = (pixels.width, pixels.height)
        let keys = virtual
            ? KittyPlaceholders.transmitKeys(id: id, format: format, width: width, height: height,
                                             columns: image.rect.width, rows: image.rect.height)
            : KittyGraphics.placementKeys(id: id, format: format, width: width, height: height,
                                          columns: image.rect.width, rows: image.rect.height)
        let sent = GraphicsRenderer.withPixelBytes(pixels, holes: holes, format: format) { bytes in
            switch transport {
            case .sharedMemory:
                guard let store = sharedMemory, let handle = try? store.store(id: id, bytes: bytes) else { return false }
                switch handle {
                case .file(let path): KittyGraphics.transmitFile(keys: keys, path: path, byteCount: bytes.count, into: &out)
                case .object(let name): KittyGraphics.transmitShared(keys: keys, name: name, byteCount: bytes.count, into: &out)
                }
            case .direct:
                guard let compressed = Deflate.compress(bytes, level: level) else { return false }
                fit.sent(pixels: width * height, compressed: compressed.count, whole: !reduced)
                KittyGraphics.transmitDirect(keys: keys, compressed: compressed, into: &out)
            }
            return true
        }
        return sent ? reduced : nil
    }

    /// Calls `body` with the image's bytes in `format`: its own RGB storage, or RGBA with the
    /// holes' pixels transparent.
    static func withPixelBytes<T>(_ pixels: PixelBuffer, holes: CellMask, format: KittyGraphics.Format,
                                  _ body: (UnsafeRawBufferPointer) -> T) -> T {
        if format == .rgb { return pixels.pixels.withUnsafeBytes(body) }
        var rgba = [UInt8](repeating: 255, count: pixels.width * pixels.height * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            pixels.pixels.withUnsafeBytes { raw in
                let source = raw.bindMemory(to: UInt8.self)
                for p in 0..<(pixels.width * pixels.height) {
                    out[4 * p] = source[3 * p]
                    out[4 * p + 1] = source[3 * p + 1]
                    out[4 * p + 2] = source[3 * p + 2]
                }
            }
            holes.forEachHolePixelRun(imageWidth: pixels.width) { start, end in
                for p in start..<end { out[4 * p + 3] = 0 }
            }
        }
        return rgba.withUnsafeBytes(body)
    }

    private mutating func takeID() -> UInt32 {
        let id = nextID
        nextID = nextID >= 0x00FF_FFFF ? 1 : nextID + 1
        return id
    }

    // MARK: sixel and iTerm2's images

    /// Sends the images that changed whole, as sixel or iTerm2's images, each followed by the
    /// cells in its holes (``cellsToRewrite``), and DA1 when any was sent.
    private mutating func renderOverCells(_ canvas: Canvas, now: Double, into out: inout [UInt8]) {
        var next: [ShownImage] = []
        var sent = false
        for (index, placed) in canvas.images.enumerated() {
            var image = placed
            if image.rect.maxY >= canvas.height {
                // The bottom row is in half blocks (see cellCanvas(for:)).
                image.rect.height -= 1
                guard image.rect.height > 0 else { continue }
                image.pixels = image.pixels.cropped(to: Rect(x: 0, y: 0, width: image.pixels.width,
                                                             height: image.rect.height * image.cellHeight))
            }
            let holes = CellMask(image: image, canvas: canvas, above: canvas.images[(index + 1)...])
            if let old = shown.first(where: { $0.rect == image.rect && $0.holes == holes && $0.pixels == image.pixels }) {
                next.append(old)
                continue
            }
            if case .iterm2 = mode {
                placeITerm2(image.pixels, holes: holes, at: image.rect, into: &out)
            } else {
                placeSixel(image.pixels, holes: holes, at: image.rect, into: &out)
            }
            noteHoles(holes, at: image.rect, canvasWidth: canvas.width)
            next.append(ShownImage(rect: image.rect, pixels: image.pixels, holes: holes, id: 0))
            sent = true
            imagesSent += 1
        }
        shown = next
        // A paced screen ends with a status question (``FrameRenderer/question(_:)``) whose
        // answer is the acknowledgement: a DA1 here too would be taken for a question asked again.
        if sent, !pacedByStatus {
            out += command(Array("\u{1B}[c".utf8))
            awaiting = (.deviceAttributes, now)
        }
    }
}
