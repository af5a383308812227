import Drawing
import System
import Terminal

/// kitty images behind Unicode placeholders (``KittyPlacement/placeholders``).
///
/// Each image is transmitted with a virtual placement over its rectangle (`a=T,U=1`), and its
/// see-through cells become placeholder cells, written by the ``ScreenRenderer`` like any text:
/// U+10EEEE in the image id's colour, with the marks of its row and column on the first cell of
/// each run and none on the cells that follow from their left neighbour (a third of the bytes).
/// Text on the picture is drawn on the colour under it (as for sixel), and the controls' cells
/// simply replace placeholders there: the picture is never cut.
///
/// **Ids, and what a new frame costs.** An image id is `tag << 8 | slot`: the tag from the
/// process id (two reels behind one tmux talk to one kitty, whose ids are global), the slot one
/// of ``placeholderSlots``; all within 24 bits, so a `38;2` foreground names it and no third mark
/// is needed. A new frame of a playing picture, at the same place:
/// - through shared memory, is sent again *under the same id*: kitty replaces the image and
///   its virtual placement in that one command, so no moment passes without either, and the
///   placeholder cells do not change at all. A frame costs only its transmit command (about
///   90 bytes), and tmux redraws nothing.
/// - with direct data, takes the next slot's id, and the old image goes a frame later: a
///   transmit in many chunks leaves kitty without the image between them (it frees the old data
///   on the first chunk), which would blank the picture while a frame loads. The cells then
///   change colour every frame (one `38;2` per run, the bare character in between), which tmux
///   must redraw; deleting the old image only on the next frame leaves tmux time to have drawn
///   the new cells first.
extension GraphicsRenderer {
    /// How many ids a process's placeholder images cycle through (more than the images a screen
    /// shows at once, a frame in flight included).
    static let placeholderSlots: UInt32 = 64

    /// This process's tag: 1…65535 from the process id.
    static var processPlaceholderTag: UInt32 {
        placeholderTag(processID: CurrentProcess.id)
    }

    /// The tag for process `processID`: never 0, so that no id is.
    static func placeholderTag(processID: Int32) -> UInt32 {
        UInt32(truncatingIfNeeded: processID) % 0xFFFF + 1
    }

    /// The id of placeholder slot `slot`.
    func placeholderID(slot: UInt32) -> UInt32 {
        (placeholderTag & 0xFFFF) << 8 | slot
    }

    /// Every id this renderer's placeholder images can take (deleted one by one on the way out:
    /// deleting "all" leaves virtually placed images, and a range needs kitty 0.33).
    var placeholderIDs: [UInt32] {
        (0..<GraphicsRenderer.placeholderSlots).map(placeholderID)
    }

    /// Whether a changed picture at the same place keeps its id (see the extension's notes).
    var reusesPlaceholderIDs: Bool {
        if case .kitty(.sharedMemory, _, _) = mode { true } else { false }
    }

    /// The id each of `images` takes in the next frame (0 when no slot is free), and the slot to
    /// look from afterwards: the id it is shown under when it is at the same place and (unless
    /// ids are reused) unchanged, else the next slot that nothing shown, going or taken holds.
    func placeholderPlan(for images: [CanvasImage]) -> (ids: [UInt32], nextSlot: UInt32) {
        var taken = Set(stale)
        taken.formUnion(shown.map(\.id))
        var claimed = Set<UInt32>()
        var slot = nextSlot
        let ids = images.map { image -> UInt32 in
            if let old = shown.first(where: {
                $0.rect == image.rect && !claimed.contains($0.id) && (reusesPlaceholderIDs || $0.pixels == image.pixels)
            }) {
                claimed.insert(old.id)
                return old.id
            }
            for _ in 0..<GraphicsRenderer.placeholderSlots {
                let id = placeholderID(slot: slot)
                slot = (slot + 1) % GraphicsRenderer.placeholderSlots
                if !taken.contains(id) && !claimed.contains(id) {
                    claimed.insert(id)
                    return id
                }
            }
            return 0
        }
        return (ids, slot)
    }

    /// `canvas` with its pictures' see-through cells as placeholder cells of the images' next
    /// ids (the last image placed over a cell owns it). Text on a picture loses its
    /// see-through background for the colour under it; a cell whose marks are beyond kitty's
    /// list (row or column 297 or more, where its left neighbour cannot lend them) stays blank.
    func placeholderCells(for canvas: Canvas) -> Canvas {
        guard !canvas.images.isEmpty else { return canvas }
        let ids = placeholderPlan(for: canvas.images).ids
        var owner = [Int](repeating: -1, count: canvas.cells.count)
        for (index, image) in canvas.images.enumerated() where ids[index] != 0 {
            for y in image.rect.y..<image.rect.maxY {
                for x in image.rect.x..<image.rect.maxX where image.covers(x: x, y: y) { owner[y * canvas.width + x] = index }
            }
        }
        var copy = canvas
        // Every terminal gives them one column (kitty, tmux): the renderer need not move the cursor after each.
        let bare = copy.clusterSymbol(String(Character(KittyPlaceholders.character)), wide: false, certainWidth: true)
        // Whether each cell became a placeholder, so that the next one may leave its marks to it.
        var placed = [Bool](repeating: false, count: canvas.cells.count)
        for i in owner.indices where owner[i] >= 0 {
            let cell = canvas.cells[i]
            guard cell.style.contains(.seeThrough) else { continue }
            if cell.showsForeground {
                copy.cells[i].style.remove(.seeThrough)
                continue
            }
            let image = canvas.images[owner[i]], id = ids[owner[i]]
            let x = i % canvas.width, y = i / canvas.width
            let follows = x > image.rect.x && placed[i - 1] && owner[i - 1] == owner[i]
            let symbol: CellSymbol
            if follows {
                symbol = bare
            } else if let text = KittyPlaceholders.text(row: y - image.rect.y, column: x - image.rect.x, id: id) {
                symbol = copy.clusterSymbol(text, wide: false, certainWidth: true)
            } else {
                continue
            }
            copy.cells[i] = Cell(symbol: symbol, fg: KittyPlaceholders.colour(id: id), bg: cell.bg, style: .seeThrough)
            placed[i] = true
        }
        return copy
    }

    /// Sends the images of `canvas` (as ``placeholderCells(for:)`` made it) that the terminal
    /// does not have under their planned ids, each with its virtual placement; deletes the
    /// images left a frame ago.
    mutating func renderPlaceholders(_ canvas: Canvas, transport: GraphicsMode.KittyTransport, now: Double,
                                     into out: inout [UInt8]) {
        // The plan first, as the cells were made by it: the ids going are still taken there.
        let plan = placeholderPlan(for: canvas.images)
        nextSlot = plan.nextSlot
        for id in stale { delete(id, into: &out) }
        stale.removeAll()
        var next: [ShownImage] = []
        var lastSent: UInt32?
        for (image, id) in zip(canvas.images, plan.ids) where id != 0 {
            let holes = CellMask(columns: image.rect.width, rows: image.rect.height,
                                 cellWidth: image.cellWidth, cellHeight: image.cellHeight)
            if let old = shown.first(where: { $0.id == id && $0.rect == image.rect && $0.pixels == image.pixels }),
               !(refiningStill && old.reduced) {
                next.append(old)
                continue
            }
            var sequences: [UInt8] = []
            guard let reduced = sendKitty(image, holes: holes, id: id, transport: transport, virtual: true, into: &sequences) else { continue }
            sendUnplaced(sequences, into: &out)
            next.append(ShownImage(rect: image.rect, pixels: image.pixels, holes: holes, id: id, reduced: reduced))
            lastSent = id
            imagesSent += 1
        }
        let kept = Set(next.map(\.id))
        stale = shown.map(\.id).filter { !kept.contains($0) }
        shown = next
        if let lastSent { awaiting = (.kitty(lastSent), now) }
    }
}
