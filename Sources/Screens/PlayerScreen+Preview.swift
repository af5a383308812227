import Controls
import Drawing
import ScreenParts
import Terminal

/// The scrub preview card: while the pointer hovers over the scrubber, or drags it, a card above
/// the scrubber at the pointer shows the frame there (from the app's preview decoder), its time
/// and its chapter. It follows the pointer, never covers the scrubber, and goes when the pointer
/// leaves, at the release, or with the controls. Reduce motion changes nothing here: the card
/// has no animation.
struct PreviewCard: Sendable, Equatable {
    /// The pointer's column, which the card is centred on.
    var column: Int
    /// The time under the pointer.
    var time: Seconds
    /// The frame there, once the decoder has sent one.
    var frame: PixelBuffer?
    /// The card of the chapter selected in the `t` menu, beside the menu, rather than the pointer's.
    var isMenuChapter = false
}

extension PlayerScreen {
    /// The card's picture in cells, at most: 24 × 7 is 16:9 in the usual 1:2 cells.
    public static let previewColumns = 24
    public static let previewRows = 7

    /// The card's picture size in cells on this layout, smaller on a small screen; nil when there
    /// is no room for a picture (the card shows the time alone).
    var previewPictureCells: (columns: Int, rows: Int)? {
        let room = layout.scrubberHitArea.y - layout.title.maxY - 3
        let rows = min(Self.previewRows, room)
        let columns = min(Self.previewColumns, layout.columns - 4, Int((Double(rows) * 16 / 9 / max(configuration.cellAspect, 0.1)).rounded()))
        return rows >= 3 && columns >= 8 ? (columns, rows) : nil
    }

    /// The pixel size the preview decoder should render at for `encoder`; nil when the card has
    /// no picture on this layout.
    public func previewPixelSize(encoder: FrameEncoder) -> (width: Int, height: Int)? {
        previewPictureCells.map { encoder.pixelSize(columns: $0.columns, rows: $0.rows) }
    }

    /// Whether the terminal should report every pointer move: while the controls show (and the
    /// preview is on), so that hovering over the scrubber can show the card.
    public func wantsPointerMotion(at now: Seconds) -> Bool {
        configuration.scrubPreview && !layout.isCompact && status.isLoaded && chrome.isShown(at: now) && scrubber.isEnabled
    }

    /// The time the card shows, while it shows.
    public var previewTime: Seconds? { previewCard?.time }

    /// Takes the decoder's frame for the card (nil while none has come for this item).
    public mutating func setPreviewFrame(_ frame: PixelBuffer?) {
        guard previewCard != nil else { return }
        previewCard?.frame = frame
        needsRedraw = true
    }

    /// Follows the pointer over the scrubber: a move over it or a drag of it places the card
    /// (and asks for the frame there); a release, or a move or press elsewhere, takes it away.
    mutating func previewPointer(_ event: MouseEvent, now: Seconds) -> [PlayerAction] {
        // While the `t` menu is open, its selected chapter has the card.
        if menu != nil { return [] }
        guard configuration.scrubPreview, wantsPointerMotion(at: now), menu == nil, !help.isShown, !status.isImage else {
            return hidePreview()
        }
        let over: Bool
        switch event.action {
        case .move: over = layout.scrubberHitArea.contains(x: event.column, y: event.row)
        case .drag(.left), .press(.left): over = scrubber.isDragging
        default: over = false
        }
        guard over else { return hidePreview() }
        chrome.keepAlive(now: now)
        let time = scrubber.time(forFraction: layout.scrubberFraction(atColumn: event.column))
        let old = previewCard
        previewCard = PreviewCard(column: event.column, time: time, frame: old?.frame)
        needsRedraw = true
        if old.map({ clockText($0.time) }) != clockText(time) { speak(previewSpoken(time)) }
        return old?.time == time ? [] : [.preview(time)]
    }

    /// The card goes (the pointer left, the button came up, the controls went).
    mutating func hidePreview() -> [PlayerAction] {
        guard previewCard != nil else { return [] }
        previewCard = nil
        needsRedraw = true
        return [.preview(nil)]
    }

    /// The card goes with the controls.
    mutating func previewTick(now: Seconds) -> [PlayerAction] {
        previewCard.map { !$0.isMenuChapter } == true && !wantsPointerMotion(at: now) ? hidePreview() : []
    }

    /// The start of the chapter selected in the `t` menu, when a chapter row is selected.
    var menuChapterTime: Seconds? {
        guard configuration.scrubPreview, case .chapter(_, let time)? = menu?.selectedRow?.kind else { return nil }
        return time
    }

    /// After a key or a click: the menu's selected chapter shows its card (asking for its frame),
    /// and the card goes when the selection leaves the chapters or the menu closes.
    mutating func menuPreview(from shown: Seconds?) -> [PlayerAction] {
        let time = menuChapterTime
        guard time != shown || (time != nil && previewCard?.isMenuChapter != true) else { return [] }
        guard let time else { return previewCard?.isMenuChapter == true ? hidePreview() : [] }
        previewCard = PreviewCard(column: 0, time: time, frame: nil, isMenuChapter: true)
        speak(previewSpoken(time))
        return [.preview(time)]
    }

    /// The chapter at `time`: its number (from 1) and its title.
    func chapter(at time: Seconds) -> (number: Int, title: String?)? {
        guard let index = status.chapters.lastIndex(where: { $0.time <= time + 0.001 }) else { return nil }
        return (index + 1, status.chapters[index].title.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// "Preview 12:34, chapter 3: The cat".
    func previewSpoken(_ time: Seconds) -> String {
        var line = "Preview \(clockText(time))"
        if let chapter = chapter(at: time) {
            line += ", chapter \(chapter.number)" + (chapter.title.map { ": \($0)" } ?? "")
        }
        return line
    }

    /// The card's text: "12:34 · The cat".
    func previewLabel(_ time: Seconds) -> String {
        let title = chapter(at: time).map { $0.title ?? "Chapter \($0.number)" }
        return clockText(time) + (title.map { " · \($0)" } ?? "")
    }

    /// Draws the card above the scrubber at the pointer: the picture (with the active blitter,
    /// or the terminal's pixels), then the time and the chapter. Without room or a frame source
    /// for a picture, the time alone.
    func drawPreviewCard(into canvas: inout Canvas, encoder: FrameEncoder) {
        guard let card = previewCard else { return }
        let bottom = layout.scrubberHitArea.y
        let label = previewLabel(card.time)
        let picture = previewAvailable ? previewPictureCells : nil
        let labelWidth = Sanitizer.displayWidth(of: label)
        let width = min(max((picture?.columns ?? 0) + 2, labelWidth + 2), layout.columns)
        let height = (picture?.rows ?? 0) + (picture == nil ? 1 : 2)
        var x = min(max(card.column - width / 2, 0), max(layout.columns - width, 0))
        var y = bottom - height
        if card.isMenuChapter, let menu {
            // Beside the menu, level with the selected row: on the right where it fits, else the left.
            let panel = menuPanel(menu)
            x = panel.maxX + 1 + width <= layout.columns ? panel.maxX + 1 : max(panel.x - width - 1, 0)
            y = min(max(panel.y + 3 + menu.selection - height / 2, 0), max(bottom - height, 0))
        }
        let rect = Rect(x: x, y: y, width: width, height: height)
        guard rect.y >= 0 else { return }
        canvas.fill(rect, bg: Theme.panel)
        if let picture {
            let area = Rect(x: x + (width - picture.columns) / 2, y: rect.y + 1, width: picture.columns, height: picture.rows)
            let size = encoder.pixelSize(columns: area.width, rows: area.height)
            var image = card.frame ?? PixelBuffer(width: size.width, height: size.height, fill: Theme.placeholder)
            if image.width != size.width || image.height != size.height { image = image.scaled(toWidth: size.width, height: size.height) }
            encoder.encode(image, into: &canvas, at: area)
        }
        canvas.drawCentered(label, row: rect.maxY - 1, in: rect, fg: Theme.text, bg: Theme.panel, style: .bold)
    }
}
