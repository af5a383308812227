import Controls
import Drawing
import Formatting
import ScreenParts

extension LibraryScreen {
    /// Draws the screen: the list (thumbnails in half blocks, then text), the header and notes over
    /// it, and the hint bar at the bottom, slid or faded as far as it is at `now`.
    public mutating func draw(into canvas: inout Canvas, now: Seconds) {
        canvas.fill(canvas.bounds, bg: Theme.background)
        drawList(into: &canvas)
        drawHeader(into: &canvas)
        drawBar(into: &canvas, now: now)
        if let page = help.page {
            help.page = HelpOverlay.draw(configuration.commands.helpRows(for: .list), title: "Keys", page: page, into: &canvas)
        }
        didDraw()
    }

    // MARK: List

    private func drawList(into canvas: inout Canvas) {
        let list = layout.list
        guard !list.isEmpty else { return }
        if shown.isEmpty {
            if configuration.history, filter.isEmpty { return drawHowToStart(into: &canvas) }
            drawEmpty(into: &canvas)
            return
        }
        for position in viewport.visibleItems {
            let top = list.y + viewport.top(of: position) - viewport.offset
            drawItem(shown[position], selected: position == viewport.selection, top: top, clip: list, into: &canvas)
        }
    }

    private func drawItem(_ index: Int, selected: Bool, top: Int, clip: Rect, into canvas: inout Canvas) {
        let item = items[index]
        let area = layout.itemRect(top: top)
        if selected {
            // The highlight starts after the thumbnail: mpv letterboxes a still in black, which
            // would frame it on a coloured row.
            let highlight = Rect(x: layout.textX - 1, y: area.y, width: area.width - layout.textX + 1, height: area.height)
            canvas.fill(highlight.intersection(clip), bg: Theme.selection)
            for row in area.y..<area.maxY {
                canvas.drawText("▌", x: 0, y: row, clip: clip, fg: Theme.accent)
            }
        }
        let background = selected ? Theme.selection : Theme.background
        if let x = layout.thumbnailX {
            drawThumbnail(item, in: Rect(x: x, y: top, width: LibraryLayout.thumbnailColumns, height: LibraryLayout.thumbnailRows),
                          clip: clip, into: &canvas)
        }
        let textArea = Rect(x: layout.textX, y: top, width: max(layout.columns - layout.textX - 2, 0), height: area.height)
            .intersection(clip)
        let lines = Self.lines(for: item)
        let greyed = item.isUnplayable || item.greyedReason != nil
        // The duration sits on the right of the first line.
        let duration = lines.duration.map { " \($0)" } ?? ""
        let durationWidth = Sanitizer.displayWidth(of: duration)
        let titleWidth = max(textArea.width - durationWidth - 1, 0)
        // The item playing is marked ▶; one watched to the end, ✓.
        let mark = index == currentItem ? "▶ " : (item.isWatched ? "✓ " : "")
        let markWidth = canvas.drawText(mark, x: layout.textX, y: top, clip: textArea, fg: Theme.accent, bg: background, style: .bold)
        canvas.drawText(Sanitizer.truncated(lines.title, toWidth: max(titleWidth - markWidth, 0)), x: layout.textX + markWidth, y: top,
                        clip: textArea, fg: greyed ? Theme.unplayable : Theme.text, bg: background, style: greyed ? [] : .bold)
        if !duration.isEmpty {
            canvas.drawText(duration, x: textArea.maxX - durationWidth, y: top, clip: textArea, fg: Theme.dimText, bg: background)
        }
        var below = [lines.detail, lines.extra]
        if let history = item.history {
            drawHistoryLine(history, x: layout.textX, y: top + 1, clip: textArea, greyed: greyed, background: background, into: &canvas)
            below = [nil, item.greyedReason ?? item.note ?? lines.detail]
        }
        for (offset, line) in below.enumerated() {
            guard let line else { continue }
            canvas.drawText(Sanitizer.truncated(line, toWidth: textArea.width), x: layout.textX, y: top + 1 + offset,
                            clip: textArea, fg: greyed ? Theme.unplayable : Theme.dimText, bg: background)
        }
    }

    /// The text of an item's three lines, and its duration.
    static func lines(for item: LibraryItem) -> (title: String, duration: String?, detail: String?, extra: String?) {
        let size = ByteCountText.format(item.byteSize)
        switch item.state {
        case .pending:
            return (item.name, "…", size, nil)
        case .unplayable(let reason):
            return (item.name, nil, reason, size)
        case .playable(let media):
            if let note = item.note { return (item.displayTitle, nil, note, nil) }
            var details: [String] = []
            if let video = media.videoSize {
                details.append("\(video.width)×\(video.height)")
            } else {
                details.append(media.hasAudio ? "sound only" : "no picture")
            }
            details.append(size)
            let duration = media.duration.map { TimeText.format(MediaTime.safeDuration($0)) }
            let title = item.displayTitle
            return (title, duration, details.joined(separator: " · "), title == item.name ? nil : item.name)
        }
    }

    private func drawThumbnail(_ item: LibraryItem, in rect: Rect, clip: Rect, into canvas: inout Canvas) {
        let visible = rect.intersection(clip)
        guard !visible.isEmpty else { return }
        let encoder = configuration.encoder
        let size = encoder.pixelSize(columns: rect.width, rows: rect.height)
        var image: PixelBuffer
        var glyph: (String, RGB)?
        switch item.state {
        case .playable(let media):
            if let thumbnail = item.thumbnail, thumbnail.width > 0, thumbnail.height > 0 {
                // (A still from the cache may have been made for another terminal's pixels.)
                image = thumbnail.scaled(toWidth: size.width, height: size.height)
            } else {
                image = PixelBuffer(width: size.width, height: size.height)
                image.fillVerticalGradient(top: Theme.audioPanelTop, bottom: Theme.audioPanelBottom)
                glyph = (media.videoSize == nil && media.hasAudio ? "♪" : "▶", Theme.accent)
            }
        case .pending:
            image = PixelBuffer(width: size.width, height: size.height, fill: Theme.placeholder)
            glyph = ("···", Theme.dimText)
        case .unplayable:
            image = PixelBuffer(width: size.width, height: size.height, fill: Theme.placeholder)
            glyph = ("✕", Theme.unplayable)
        }
        // How far the viewer got: a thin bar along the thumbnail's bottom edge, as on video sites.
        if let progress = item.progress, progress > 0 {
            let filled = Int((Double(size.width) * min(progress, 1)).rounded(.up))
            image.fill(Rect(x: 0, y: size.height - 1, width: size.width, height: 1), color: Theme.track)
            image.fill(Rect(x: 0, y: size.height - 1, width: filled, height: 1), color: Theme.accent)
        }
        // A half-scrolled item shows the part of its picture inside the list.
        encoder.encode(image, into: &canvas, at: rect, clip: visible)
        if let (text, colour) = glyph {
            let row = rect.y + rect.height / 2
            if row >= visible.y, row < visible.maxY { canvas.drawCentered(text, row: row, in: rect, fg: colour) }
        }
    }

    private func drawEmpty(into canvas: inout Canvas) {
        let list = layout.list
        let middle = list.y + max((list.height - 2) / 2, 0)
        let (headline, detail): (String, String)
        if !filter.isEmpty {
            headline = "No names match “\(filter)”"
            detail = "Backspace edits the filter; Esc clears it"
        } else if counts.pending > 0 || isScanning {
            headline = "Looking for videos…"
            detail = ""
        } else {
            headline = "No videos here"
            switch items.count {
            case 0: detail = "The folders hold no files."
            case 1: detail = "The one file here cannot be played."
            default: detail = "None of the \(items.count) files can be played."
            }
        }
        canvas.drawCentered(headline, row: middle, in: list, fg: Theme.text, style: .bold)
        if middle + 1 < list.maxY, !detail.isEmpty { canvas.drawCentered(detail, row: middle + 1, in: list, fg: Theme.dimText) }
    }

    // MARK: Header

    private func drawHeader(into canvas: inout Canvas) {
        let header = layout.header
        guard !header.isEmpty else { return }
        canvas.fill(header, bg: Theme.panel)
        let summary = headerSummary
        let summaryWidth = min(Sanitizer.displayWidth(of: summary), max(header.width - 2, 0))
        let titleArea = Rect(x: 1, y: header.y, width: max(header.width - summaryWidth - 4, 0), height: 1)
        canvas.drawText(Sanitizer.truncated(configuration.title, toWidth: titleArea.width), x: titleArea.x, y: header.y,
                        clip: titleArea, fg: Theme.text, bg: Theme.panel, style: .bold)
        canvas.drawText(Sanitizer.truncated(summary, toWidth: summaryWidth), x: header.maxX - summaryWidth - 1, y: header.y,
                        fg: Theme.dimText, bg: Theme.panel)
        if let notes = layout.notes, let note = notesLine {
            canvas.fill(notes, bg: Theme.background)
            canvas.drawText(Sanitizer.truncated(note.text, toWidth: max(notes.width - 2, 0)), x: 1, y: notes.y,
                            fg: note.isWarning ? Theme.accent : Theme.dimText, bg: Theme.background)
        }
    }

    /// The header's right side: how many files, how many match, how the probing goes.
    var headerSummary: String {
        // The screen reader's latest line takes the summary's place.
        if configuration.screenReader, let statusLine { return statusLine }
        let counts = counts
        var parts: [String] = []
        if !filter.isEmpty {
            parts.append("\(shown.count) of \(items.count) match")
        } else {
            let count = configuration.history ? remainingCount : items.count
            let noun = configuration.history ? "item" : "file"
            parts.append(count == 1 ? "1 \(noun)" : "\(count) \(noun)s")
            if counts.unplayable > 0, !configuration.history { parts.append("\(counts.unplayable) unplayable") }
        }
        if isScanning {
            parts.append("scanning…")
        } else if counts.pending > 0, probesAll {
            parts.append("reading \(items.count - counts.pending)/\(items.count)")
        }
        return parts.joined(separator: " · ")
    }

    /// The notes row: nothing playable at all, else what the scan skipped.
    var notesLine: (text: String, isWarning: Bool)? {
        let counts = counts
        if !configuration.history, !isScanning, probesAll, counts.pending == 0, counts.playable == 0, !items.isEmpty, !shown.isEmpty {
            return ("No videos here: none of these files can be played.", true)
        }
        return skippedNote.map { ($0, false) }
    }

    // MARK: Bar

    private func drawBar(into canvas: inout Canvas, now: Seconds) {
        let area = layout.bar
        guard !area.isEmpty, layout.rows >= 3 else { return }
        if barIsHeld {
            drawBarContent(into: &canvas)
        } else if configuration.reduceMotion {
            canvas.drawFaded(in: area, opacity: bar.opacity(at: now)) { canvas in drawBarContent(into: &canvas) }
        } else {
            // Half-row steps: whole, sunk by half a row (its top half gone, and the text with it), gone.
            let visible = bar.visibleRows(at: now)
            if visible >= 0.75 {
                drawBarContent(into: &canvas)
            } else if visible >= 0.25 {
                for x in area.x..<area.maxX { canvas.setPixel(x: x, py: area.y * 2 + 1, color: Theme.panel) }
            }
        }
    }

    private func drawBarContent(into canvas: inout Canvas) {
        let area = layout.bar
        canvas.fill(area, bg: Theme.panel)
        if isEditingFilter {
            let prompt = "/\(filter)"
            let used = canvas.drawText(Sanitizer.truncated(prompt, toWidth: max(area.width - 24, 4)), x: 1, y: area.y,
                                       fg: Theme.text, bg: Theme.panel, style: .bold)
            canvas.drawText("▏", x: 1 + used, y: area.y, fg: Theme.accent, bg: Theme.panel)
            let help = "Enter keep · Esc clear"
            let width = Sanitizer.displayWidth(of: help)
            if area.width > used + width + 4 {
                canvas.drawText(help, x: area.maxX - width - 1, y: area.y, fg: Theme.dimText, bg: Theme.panel)
            }
            return
        }
        if let message {
            canvas.drawCentered(message.text, row: area.y, in: area.insetBy(dx: 1, dy: 0), fg: Theme.accent, bg: Theme.panel, style: .bold)
            return
        }
        let hints = barHints()
        if let last = hints.last, last.span.upperBound > area.maxX {
            canvas.drawCentered("Enter play · / filter · q quit", row: area.y, in: area, fg: Theme.text, bg: Theme.panel)
            return
        }
        for (index, entry) in hints.enumerated() {
            canvas.drawText(entry.hint.text, x: entry.span.lowerBound, y: area.y, fg: Theme.text, bg: Theme.panel)
            if index + 1 < hints.count {
                canvas.drawText(Self.hintSeparator, x: entry.span.upperBound, y: area.y, fg: Theme.dimText, bg: Theme.panel)
            }
        }
    }
}
