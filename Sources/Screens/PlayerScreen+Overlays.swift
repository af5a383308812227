import Controls
import Drawing
import Formatting
import ScreenParts
import Session
import Terminal

extension PlayerScreen {
    // MARK: Sound files

    /// A sound file with no cover: a large ♪ drawn in pixels in the upper part of the screen.
    func drawNote(into image: inout PixelBuffer, geometry: PixelGeometry) {
        let area = audioCardArea
        guard area.height >= 4 else { return }
        let box = geometry.pixels(of: Rect(x: area.x, y: area.y, width: area.width, height: max(area.height - 3, 1)))
        // The note fits in a box whose height is the card's, and whose width follows on screen.
        let height = Double(box.height) * 0.9
        let pixelAspect = geometry.pixelAspect
        let width = height * 0.6 / pixelAspect
        let left = Double(box.x) + (Double(box.width) - width) / 2
        let top = Double(box.y) + Double(box.height) * 0.05
        let headRadiusY = height * 0.14
        let headRadiusX = headRadiusY * 1.3 / pixelAspect
        let headX = left + headRadiusX, headY = top + height - headRadiusY
        image.fillEllipse(cx: headX, cy: headY, rx: headRadiusX, ry: headRadiusY, color: Theme.accent, alpha: 1)
        let stemX = headX + headRadiusX * 0.8
        let stemWidth = max(height * 0.07 / pixelAspect, 1)
        image.fill(Rect(x: Int(stemX - stemWidth), y: Int(top), width: Int(stemWidth.rounded(.up)), height: Int(height - headRadiusY)),
                       color: Theme.accent)
        // The flag: a triangle from the stem's top, down and to the right.
        image.fillTriangle((stemX - stemWidth / 2, top), (stemX + width * 0.55, top + height * 0.32),
                           (stemX - stemWidth / 2, top + height * 0.3), color: Theme.accent, alpha: 1)
    }

    /// The rows between the title and the transport, where a sound file's card goes.
    var audioCardArea: Rect {
        let top = layout.title.maxY + 1
        let bottom = layout.playPause.y - 1
        return Rect(x: 2, y: top, width: max(layout.columns - 4, 0), height: max(bottom - top, 0))
    }

    /// The title, artist and album of a sound file, under its ♪ or cover, above the transport.
    func drawAudioCard(into canvas: inout Canvas) {
        let area = audioCardArea
        guard area.height >= 1 else { return }
        var lines = [(displayTitle, Theme.text, CellStyle.bold)]
        let byline = [status.artist, status.album].compactMap { $0.flatMap { $0.isEmpty ? nil : $0 } }.joined(separator: " · ")
        if !byline.isEmpty { lines.append((byline, Theme.dimText, [])) }
        if let off = status.pictureOff { lines.append(("Sound only: " + off, Theme.dimText, [])) }
        let start = area.maxY - lines.count
        for (offset, line) in lines.enumerated() where start + offset >= area.y {
            let text = Sanitizer.truncated(line.0, toWidth: area.width)
            canvas.drawCentered(text, row: start + offset, in: area, fg: line.1, bg: Theme.audioPanelBottom, style: line.2)
        }
    }

    // MARK: Subtitles

    /// The subtitles: centred lines on a dark box at the bottom (above the controls while they
    /// show), signs placed at the top at the top, and a second track above the first.
    func drawSubtitles(into canvas: inout Canvas, chromeOpacity: Double) {
        guard status.subtitlesVisible, status.isLoaded else { return }
        let reference = Double(status.videoHeight ?? 288)
        let lines = SubtitleLines(text: status.subtitleText, ass: status.subtitleASS,
                                  referenceHeight: reference)
        let secondary = SubtitleLines(text: status.secondarySubtitleText, ass: nil)
        guard !lines.isEmpty || !secondary.isEmpty else { return }
        let width = max(Int((Double(canvas.width) * 0.8).rounded()), min(canvas.width, 10))
        let chromeUp = chromeOpacity > 0.5 && !layout.isCompact
        var bottomLimit = canvas.height - 1
        if let status = layout.statusRow { bottomLimit = status }
        if chromeUp { bottomLimit = layout.scrubberHitArea.y }
        if configuration.progressLine, !chromeUp { bottomLimit -= 1 }
        var topLimit = chromeUp ? layout.title.maxY + 1 : (layout.rows >= 14 ? 1 : 0)
        // A notice has the row under the title; signs go below it while it shows.
        if toast != nil { topLimit = max(topLimit, toastRow + toastLines.count) }
        let maxLines = max(bottomLimit - topLimit, 1)
        // Cut to the rows there are, the last with "…" when anything is left out.
        let bottomLines = SubtitleLines.rows(secondary.bottom + lines.bottom, width: max(width - 2, 1), maxRows: maxLines)
        var row = bottomLimit - bottomLines.count
        if row < topLimit { row = topLimit }
        for line in bottomLines where row < bottomLimit {
            drawCaption(line, row: row, into: &canvas)
            row += 1
        }
        var topRow = topLimit
        let topRoom = bottomLimit - bottomLines.count - topLimit
        for line in SubtitleLines.rows(lines.top, width: max(width - 2, 1), maxRows: topRoom) where topRow < bottomLimit - bottomLines.count {
            drawCaption(line, row: topRow, into: &canvas)
            topRow += 1
        }
    }

    private func drawCaption(_ line: String, row: Int, into canvas: inout Canvas) {
        let text = " \(line) "
        let width = min(Sanitizer.displayWidth(of: text), canvas.width)
        let x = max((canvas.width - width) / 2, 0)
        canvas.drawText(Sanitizer.truncated(text, toWidth: width), x: x, y: row, fg: Theme.text, bg: Theme.captionBackground)
    }

    // MARK: Progress line

    /// With `--progress-line`, a one-row progress bar at the bottom while the controls are hidden,
    /// with marks for paused and muted.
    func drawProgressLine(into canvas: inout Canvas, chromeOpacity: Double) {
        guard configuration.progressLine, chromeOpacity < 0.5, status.isLoaded, !status.isImage else { return }
        let row = (layout.statusRow ?? layout.rows) - 1
        guard row >= 0 else { return }
        var marks = ""
        if status.isPaused { marks += "❚❚ " }
        if status.isMuted { marks += "🔇 " }
        let duration = MediaTime.safeDuration(status.duration)
        let position = MediaTime.position(status.displayPosition, duration: duration)
        let time = duration > 0 ? clockText(position) : "live"
        let label = " \(marks)\(time) "
        let labelWidth = Sanitizer.displayWidth(of: label)
        let bar = Rect(x: 0, y: row, width: max(layout.columns - labelWidth, 0), height: 1)
        let fraction = duration > 0 ? position / duration : 0
        canvas.horizontalBar(bar, fraction: fraction, fg: Theme.accent, bg: Theme.track)
        canvas.drawText(label, x: bar.maxX, y: row, fg: Theme.text, bg: Theme.panel)
    }

    // MARK: Session cards

    /// What the session shows over the picture: opening, a failure, or Up next.
    func drawSessionCard(into canvas: inout Canvas, encoder: FrameEncoder, now: Seconds) {
        switch status.phase {
        case .opening:
            var lines = ["\(spinnerFrame(now))  Opening \(displayTitle)"]
            switch status.opening {
            case .connecting?, nil: lines.append(status.isNetworkStream ? "Connecting…" : "Reading…")
            case .reading?: lines.append("Reading…")
            case .buffering(let percent, let bytes)?:
                var text = "Buffering"
                if let percent { text += " \(percent) %" }
                if let bytes, bytes > 0 { text += " · \(ByteCountText.format(bytes))" }
                lines.append(text)
            case .starting?: lines.append("Starting…")
            }
            lines.append("Esc: cancel · q: quit")
            drawCard(lines, into: &canvas)
        case .failed(_, let reason):
            drawCard(["Could not play \(displayTitle)", reason,
                      configuration.canClose ? "Esc: back · q: quit" : "q: quit"], into: &canvas)
        case .ended(_, let upNext?):
            drawUpNext(upNext, into: &canvas, encoder: encoder, now: now)
        default:
            break
        }
    }

    /// A centred panel of lines, the first in bold.
    private func drawCard(_ lines: [String], into canvas: inout Canvas) {
        let maxWidth = max(canvas.width - 4, 1)
        let wrapped = lines.enumerated().flatMap { index, line in
            Sanitizer.wrapped(line, width: max(maxWidth - 4, 1), maxLines: index == 1 ? 3 : 1).map { (index, $0) }
        }
        let width = min((wrapped.map { Sanitizer.displayWidth(of: $0.1) }.max() ?? 0) + 4, maxWidth)
        let height = min(wrapped.count + 2, canvas.height)
        let panel = Rect(x: (canvas.width - width) / 2, y: max((canvas.height - height) / 2, 0), width: width, height: height)
        canvas.drawPanel(panel, background: Theme.panel, border: Theme.border)
        for (offset, entry) in wrapped.enumerated() where panel.y + 1 + offset < panel.maxY {
            let style: CellStyle = entry.0 == 0 ? .bold : []
            canvas.drawCentered(entry.1, row: panel.y + 1 + offset, in: panel.insetBy(dx: 2, dy: 0),
                                fg: entry.0 == 0 ? Theme.text : Theme.dimText, style: style)
        }
    }

    /// Where the Up next card sits: the lower right, as on YouTube, clear of the scrubber.
    func upNextCard() -> Rect? {
        guard status.phase.upNext != nil, layout.columns >= 30, layout.rows >= 10 else { return nil }
        let width = min(44, layout.columns - 4)
        let height = 8
        let bottom = layout.scrubberHitArea.y - 1
        return Rect(x: layout.columns - width - 2, y: max(bottom - height, 0), width: width, height: height)
    }

    private func drawUpNext(_ upNext: SessionMachine.UpNext, into canvas: inout Canvas, encoder: FrameEncoder, now: Seconds) {
        guard let card = upNextCard() else {
            drawCard(["Up next in \(upNext.secondsLeft(at: now)) s", status.upNextName ?? "", "Enter: play now · Esc: cancel"],
                     into: &canvas)
            return
        }
        canvas.drawPanel(card, background: Theme.panel, border: Theme.border)
        let inside = card.insetBy(dx: 2, dy: 1)
        let thumbWidth = min(14, inside.width / 3)
        let thumb = Rect(x: inside.x, y: inside.y, width: thumbWidth, height: 4)
        if let upNextThumbnail {
            let size = encoder.pixelSize(columns: thumb.width, rows: thumb.height)
            encoder.encode(upNextThumbnail.scaled(toWidth: size.width, height: size.height), into: &canvas, at: thumb)
        } else {
            canvas.fill(thumb, bg: Theme.placeholder)
        }
        let textArea = Rect(x: thumb.maxX + 2, y: inside.y, width: max(inside.maxX - thumb.maxX - 2, 1), height: 4)
        canvas.drawText("Up next · \(upNext.secondsLeft(at: now)) s", x: textArea.x, y: textArea.y, clip: textArea,
                        fg: Theme.dimText, bg: Theme.panel)
        let title = Sanitizer.wrapped(status.upNextName ?? "", width: textArea.width, maxLines: 2)
        for (offset, line) in title.enumerated() {
            canvas.drawText(line, x: textArea.x, y: textArea.y + 1 + offset, clip: textArea, fg: Theme.text, bg: Theme.panel, style: .bold)
        }
        // The countdown as a bar that fills.
        let bar = Rect(x: inside.x, y: inside.y + 4, width: inside.width, height: 1)
        canvas.horizontalBar(bar, fraction: upNext.progress(at: now), fg: Theme.accent, bg: Theme.track)
        let buttons = Rect(x: inside.x, y: card.maxY - 2, width: inside.width, height: 1)
        let half = buttons.width / 2
        canvas.drawCentered("▶ Play now", row: buttons.y, in: Rect(x: buttons.x, y: buttons.y, width: half, height: 1),
                            fg: Theme.text, bg: Theme.panel, style: .bold)
        canvas.drawCentered("Cancel", row: buttons.y, in: Rect(x: buttons.x + half, y: buttons.y, width: buttons.width - half, height: 1),
                            fg: Theme.dimText, bg: Theme.panel)
    }

    /// The spinner's frame at `now`.
    func spinnerFrame(_ now: Seconds) -> String {
        let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
        let index = configuration.reduceMotion ? 0 : Int((now / Self.spinnerInterval).rounded(.down)) % frames.count
        return frames[max(index, 0)]
    }

    // MARK: The tracks menu

    /// The menu's panel on screen.
    func menuPanel(_ menu: TracksMenu) -> Rect {
        let textWidth = menu.rows.map { Sanitizer.displayWidth(of: $0.text) + 4 }.max() ?? 10
        let width = min(max(textWidth + 4, 30), layout.columns)
        let height = min(menu.rows.count + 4, layout.rows)
        return Rect(x: (layout.columns - width) / 2, y: max((layout.rows - height) / 2, 0), width: width, height: height)
    }

    /// The first row shown, so that the highlight stays in view.
    private func menuScroll(_ menu: TracksMenu, visible: Int) -> Int {
        guard menu.rows.count > visible else { return 0 }
        return min(max(menu.selection - visible / 2, 0), menu.rows.count - visible)
    }

    /// The menu row drawn on screen row `row`, if any.
    func menuRow(atRow row: Int, menu: TracksMenu) -> Int? {
        let panel = menuPanel(menu)
        let visible = max(panel.height - 4, 0)
        let index = row - (panel.y + 3) + menuScroll(menu, visible: visible)
        return row >= panel.y + 3 && row < panel.y + 3 + visible && menu.rows.indices.contains(index) ? index : nil
    }

    func drawMenu(_ menu: TracksMenu, into canvas: inout Canvas) {
        let panel = menuPanel(menu)
        canvas.drawPanel(panel, background: Theme.panel, border: Theme.border)
        let inside = panel.insetBy(dx: 2, dy: 1)
        canvas.drawText("Tracks and chapters", x: inside.x, y: inside.y, clip: inside, fg: Theme.accent, bg: Theme.panel, style: .bold)
        let visible = max(panel.height - 4, 0)
        let first = menuScroll(menu, visible: visible)
        for offset in 0..<visible {
            let index = first + offset
            guard menu.rows.indices.contains(index) else { break }
            let row = menu.rows[index]
            let y = inside.y + 2 + offset
            let line = Rect(x: panel.x + 1, y: y, width: panel.width - 2, height: 1)
            let highlighted = index == menu.selection
            let background = highlighted ? Theme.selection : Theme.panel
            if highlighted { canvas.fill(line, bg: background) }
            if row.isSelectable {
                canvas.drawText((row.isCurrent ? "● " : "  ") + row.text, x: inside.x, y: y, clip: inside,
                                fg: row.isCurrent ? Theme.text : Theme.dimText, bg: background, style: row.isCurrent ? .bold : [])
            } else {
                canvas.drawText(row.text, x: inside.x, y: y, clip: inside, fg: Theme.accent, bg: background, style: .bold)
            }
        }
    }
}
