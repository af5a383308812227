import Controls
import Drawing
import Formatting
import ScreenParts

extension PlayerScreen {
    /// Draws the screen: `video` (already letterboxed by mpv to the encoder's pixel size for the
    /// canvas, or nil before the first frame), the chrome's scrim and effects in pixels, then the
    /// chrome's text and controls in cells.
    public mutating func draw(video: PixelBuffer?, encoder: FrameEncoder, into canvas: inout Canvas, now: Seconds) {
        canvas.reportsPointerMotion = wantsPointerMotion(at: now)
        let size = encoder.pixelSize(columns: canvas.width, rows: canvas.height)
        // While another item opens, or after a failure, the last picture does not stay up.
        let showsPicture = status.isLoaded && !status.phase.isOpening
        var image = (showsPicture ? video : nil) ?? PixelBuffer(width: size.width, height: size.height, fill: Theme.background)
        if image.width != size.width || image.height != size.height {
            image = PixelBuffer(width: size.width, height: size.height, fill: Theme.background)
        }
        let geometry = PixelGeometry(image: image, columns: canvas.width, rows: canvas.height,
                                     pixelAspect: encoder.pixelAspect(cellAspect: configuration.cellAspect))
        if status.isLoaded, !status.hasVideo {
            image.fillVerticalGradient(top: Theme.audioPanelTop, bottom: Theme.audioPanelBottom)
            drawNote(into: &image, geometry: geometry)
        }
        let opacity = layout.isCompact || !status.isLoaded ? 0 : chrome.opacity(at: now)
        image.darkenEdges(peak: 0.6, opacity: opacity)
        drawSkipFeedbackPixels(into: &image, geometry: geometry, now: now)
        if opacity > 0, !status.isImage { drawTransportBacking(into: &image, geometry: geometry, opacity: opacity) }

        encoder.encode(image, into: &canvas, at: canvas.bounds)
        // The text's opacity: the pixels', or all or nothing as the chrome is meant to be.
        let textOpacity = configuration.fadesText ? opacity : (opacity > 0 && chrome.isVisible ? 1 : 0)

        if status.isLoaded, !status.hasVideo { drawAudioCard(into: &canvas) }
        drawSubtitles(into: &canvas, chromeOpacity: textOpacity)
        if layout.isCompact {
            drawCompactTime(into: &canvas)
        } else {
            if status.isLoaded {
                canvas.drawFaded(in: canvas.bounds, opacity: textOpacity) { canvas in drawChrome(into: &canvas, now: now) }
            }
            drawPreviewCard(into: &canvas, encoder: encoder)
            drawSkipFeedbackLabel(into: &canvas, now: now)
            drawProgressLine(into: &canvas, chromeOpacity: textOpacity)
            drawToast(into: &canvas)
            drawSessionCard(into: &canvas, encoder: encoder, now: now)
            if let menu { drawMenu(menu, into: &canvas) }
            drawStats(encoder: encoder, into: &canvas, now: now)
            lineSearch?.draw(into: &canvas, duration: MediaTime.safeDuration(status.duration))
            if help.isShown { drawHelp(picture: encoder.blitter, into: &canvas) }
        }
        drawStatusLine(into: &canvas)
        didDraw()
    }

    // MARK: Chrome

    private func drawChrome(into canvas: inout Canvas, now: Seconds) {
        let title = Sanitizer.wrapped(displayTitle, width: layout.title.width, maxLines: layout.title.height)
        for (offset, line) in title.enumerated() {
            canvas.drawText(line, x: layout.title.x, y: layout.title.y + offset, clip: layout.title, fg: Theme.text, style: .bold)
        }
        if let close = layout.close {
            canvas.drawCentered("✕", row: close.y + 1, in: close, fg: Theme.text, style: .bold)
        }
        if status.isImage {
            drawImageInfo(into: &canvas)
            return
        }
        let row = layout.transportRow
        let interval = SkipTally.number(configuration.skips.interval)
        if let back = shownButton(layout.back) { canvas.drawCentered("↺ \(interval)", row: row, in: back, fg: Theme.text, style: .bold) }
        if let forward = shownButton(layout.forward) {
            canvas.drawCentered("\(interval) ↻", row: row, in: forward, fg: Theme.text, style: .bold)
        }
        // At the end the middle button starts again: a word, so it is never taken for a skip.
        let glyph = status.isPlaying ? "❚❚" : (status.isAtEnd ? "Replay" : "▶")
        // Larger buttons draw ▶ and ❚❚ in pixels (see drawTransportBacking); Replay stays a word.
        if layout.buttonScale == 1 || glyph == "Replay", shownButton(layout.playPause) != nil {
            canvas.drawCentered(glyph, row: row, in: layout.playPause, fg: Theme.text, style: .bold)
        }
        if showsSpinner, status.isBuffering {
            canvas.drawCentered("\(spinnerFrame(now)) buffering", row: row + 2, in: layout.playPause.insetBy(dx: -8, dy: 0), fg: Theme.dimText)
        }
        drawScrubber(into: &canvas)
    }

    /// For a picture file: what it is, in place of the transport and the scrubber.
    private func drawImageInfo(into canvas: inout Canvas) {
        var text = "Image"
        if let size = status.videoSizeText { text += " · " + size }
        canvas.drawText(text, x: layout.scrubber.x, y: layout.timesRow, fg: Theme.dimText)
    }

    private func drawScrubber(into canvas: inout Canvas) {
        let duration = MediaTime.safeDuration(status.duration)
        let position = scrubber.displayedPosition(status.displayPosition)
        let bar = layout.scrubber
        if scrubber.isEnabled {
            canvas.horizontalBar(bar, fraction: scrubber.fraction(position: position), fg: Theme.accent, bg: Theme.track)
            drawBufferedBand(into: &canvas, duration: duration, position: position)
            drawChapterTicks(into: &canvas, duration: duration)
            drawABLoop(into: &canvas, duration: duration)
        } else {
            canvas.horizontalBar(bar, fraction: 0, fg: Theme.disabledTrack, bg: Theme.disabledTrack)
        }
        let times = TimeText.pair(elapsed: position, total: duration)
        let row = layout.timesRow
        var left = times.elapsed
        if let badge = SpeedSteps.badge(status.speed) { left += "  " + badge }
        if status.loopsFile { left += "  ⟳" }
        let elapsedWidth = canvas.drawText(left, x: bar.x, y: row, fg: Theme.text)
        var total = scrubber.isEnabled ? times.total : (status.isLoaded ? "live" : "--:--")
        if scrubber.isEnabled, showsRemaining {
            total = "−" + TimeText.left(at: position, of: duration)
        }
        let totalWidth = Sanitizer.displayWidth(of: total)
        canvas.drawText(total, x: bar.maxX - totalWidth, y: row, fg: Theme.dimText)
        if let chapter = currentChapterTitle(at: position) {
            let middle = Rect(x: bar.x + elapsedWidth + 2, y: row, width: max(bar.width - elapsedWidth - totalWidth - 4, 0), height: 1)
            canvas.drawCentered(chapter, row: row, in: middle, fg: Theme.dimText)
        }
        if scrubber.isDragging, previewCard == nil {
            // The time under the thumb, above the bar, while dragging (the preview card, when it
            // shows, says it: the time shows once).
            let label = " \(clockText(position)) "
            let width = Sanitizer.displayWidth(of: label)
            let thumb = bar.x + Int((scrubber.fraction(position: position) * Double(max(bar.width - 1, 0))).rounded())
            let x = min(max(thumb - width / 2, bar.x), max(bar.maxX - width, bar.x))
            canvas.drawText(label, x: x, y: bar.y - 1, fg: Theme.text, bg: Theme.panel, style: .bold)
        }
    }

    /// What is buffered ahead of the position: a lighter band on the unplayed part, as on YouTube.
    private func drawBufferedBand(into canvas: inout Canvas, duration: Seconds, position: Seconds) {
        guard duration > 0, !status.bufferedRanges.isEmpty else { return }
        let bar = layout.scrubber
        let played = bar.x + Int((scrubber.fraction(position: position) * Double(bar.width)).rounded(.down))
        for range in status.bufferedRanges {
            let start = bar.x + Int((min(max(range.lowerBound / duration, 0), 1) * Double(bar.width)).rounded(.down))
            let end = bar.x + Int((min(max(range.upperBound / duration, 0), 1) * Double(bar.width)).rounded(.up))
            let from = max(start, played + 1, bar.x), to = min(end, bar.maxX)
            guard from < to else { continue }
            for x in from..<to {
                var cell = canvas[x, bar.y]
                cell.bg = Theme.buffered
                if cell.symbol == CellSymbol(" ") { cell.fg = Theme.buffered }
                canvas[x, bar.y] = cell
            }
        }
    }

    private func drawChapterTicks(into canvas: inout Canvas, duration: Seconds) {
        guard duration > 0, status.chapters.count > 1 else { return }
        let bar = layout.scrubber
        for chapter in status.chapters where chapter.time > 0 && chapter.time < duration {
            let x = bar.x + Int((chapter.time / duration * Double(bar.width)).rounded(.down))
            guard x > bar.x, x < bar.maxX else { continue }
            var cell = canvas[x, bar.y]
            cell.symbol = CellSymbol("│")
            cell.fg = Theme.panel
            canvas[x, bar.y] = cell
        }
    }

    /// A transport button's place, or nil when it is not drawn: the `t` menu's panel covers part
    /// of it (its edges showing beside the panel read as stray marks, "↺ │ ● Off │0 ↻").
    private func shownButton(_ button: Rect?) -> Rect? {
        guard let button else { return nil }
        guard let menu else { return button }
        return button.intersection(menuPanel(menu)).isEmpty ? button : nil
    }

    private func currentChapterTitle(at position: Seconds) -> String? {
        status.chapters.last { $0.time <= position + 0.001 }?.title
    }

    /// A dark rounded box behind each transport button, so its label reads on any picture, and
    /// on larger buttons the ▶ or ❚❚ itself, drawn in pixels at the button's size.
    private func drawTransportBacking(into image: inout PixelBuffer, geometry: PixelGeometry, opacity: Double) {
        let scale = Double(layout.buttonScale)
        for button in [layout.back, layout.playPause, layout.forward].compactMap(shownButton) {
            let box = geometry.pixels(of: button)
            image.darkenRoundedRect(box, by: 0.6 * opacity, cornerRadius: geometry.scaleY * scale)
        }
        guard layout.buttonScale > 1, !status.isAtEnd || status.isPlaying, shownButton(layout.playPause) != nil else { return }
        let box = geometry.pixels(of: layout.playPause)
        // The icon is about half the button's height, square on screen.
        let height = Double(box.height) * 0.5
        let width = height / geometry.pixelAspect
        let cx = Double(box.x) + Double(box.width) / 2, cy = Double(box.y) + Double(box.height) / 2
        let colour = Theme.text
        if status.isPlaying {
            let bar = width * 0.32
            for x in [cx - width * 0.38, cx + width * 0.06] {
                image.fill(Rect(x: Int(x.rounded()), y: Int((cy - height / 2).rounded()), width: max(Int(bar.rounded()), 1),
                                height: Int(height.rounded())), color: colour.blended(with: image[Int(cx), Int(cy)], alpha: 1 - opacity))
            }
        } else {
            image.fillTriangle((cx - width * 0.4, cy - height / 2), (cx - width * 0.4, cy + height / 2), (cx + width * 0.5, cy),
                               color: colour, alpha: opacity)
        }
    }

    // MARK: Double tap

    private func drawSkipFeedbackPixels(into image: inout PixelBuffer, geometry: PixelGeometry, now: Seconds) {
        guard let feedback = doubleTap.feedback(at: now), feedback.opacity > 0 else { return }
        let half = geometry.half(feedback.side)
        image.darken(half, by: DoubleTapSeek.dimOpacity * feedback.opacity)
        guard let ripple = doubleTap.ripple(at: now), ripple.opacity > 0 else { return }
        // The ripple's centre is in cells within the half; nil means the half's centre.
        let halfColumns = Double(feedback.side == .backward ? layout.columns / 2 : layout.columns - layout.columns / 2)
        let centreCells = ripple.center ?? Point(x: halfColumns / 2, y: Double(layout.rows) / 2)
        let cx = Double(half.x) + centreCells.x * geometry.scaleX
        let cy = centreCells.y * geometry.scaleY
        let radius = ripple.radius(width: Double(half.width), height: Double(half.height) / geometry.pixelAspect)
        image.fillEllipse(cx: cx, cy: cy, rx: radius, ry: radius * geometry.pixelAspect, color: .white,
                          alpha: Ripple.fillOpacity * ripple.opacity, clip: half)
    }

    private func drawSkipFeedbackLabel(into canvas: inout Canvas, now: Seconds) {
        guard let feedback = doubleTap.feedback(at: now), feedback.opacity > 0 else { return }
        let middle = layout.columns / 2
        let half = feedback.side == .backward
            ? Rect(x: 0, y: 0, width: middle, height: layout.rows)
            : Rect(x: middle, y: 0, width: layout.columns - middle, height: layout.rows)
        // The label is centred between the screen's edge and the skip button on that side (or in
        // the middle of the half when there are no buttons), so it never covers the transport.
        let area = half
        let row = max(layout.transportRow - 1, 1)
        canvas.drawFaded(in: area, opacity: feedback.opacity) { canvas in
            let arrows = feedback.side == .backward ? "◀◀" : "▶▶"
            let labelArea = feedback.side == .backward
                ? Rect(x: 0, y: 0, width: max(layout.back?.x ?? half.width / 2, 6), height: layout.rows)
                : Rect(x: layout.forward?.maxX ?? middle + half.width / 2, y: 0,
                       width: max(layout.columns - (layout.forward?.maxX ?? middle + half.width / 2), 6), height: layout.rows)
            canvas.drawCentered(arrows, row: row, in: labelArea, fg: Theme.text, style: .bold)
            canvas.drawCentered(feedback.label, row: row + 2, in: labelArea, fg: Theme.text, style: .bold)
        }
    }

    // MARK: Panels

    private func drawCompactTime(into canvas: inout Canvas) {
        let duration = MediaTime.safeDuration(status.duration)
        let times = TimeText.pair(elapsed: MediaTime.position(status.displayPosition, duration: duration), total: duration)
        let text = canvas.width >= 13 ? "\(times.elapsed) / \(times.total)" : times.elapsed
        let row = max((canvas.height - 1) / 2, 0)
        canvas.drawCentered(text, row: row, in: canvas.bounds, fg: Theme.text, bg: Theme.panel)
    }

    private func drawToast(into canvas: inout Canvas) {
        for (offset, line) in toastLines.enumerated() {
            let text = " \(line) "
            let width = min(Sanitizer.displayWidth(of: text), canvas.width)
            let row = toastRow + offset
            guard row < canvas.height else { break }
            let x = max((canvas.width - width) / 2, 0)
            canvas.drawText(Sanitizer.truncated(text, toWidth: width), x: x, y: row, fg: Theme.text, bg: Theme.panel, style: .bold)
        }
    }

    /// The notice, wrapped to two lines at most.
    var toastLines: [String] {
        guard let toast else { return [] }
        return Sanitizer.wrapped(toast.text, width: max(layout.columns - 6, 1), maxLines: 2)
    }

    /// The row notices are drawn on: the one under the title.
    var toastRow: Int { layout.title.maxY + 1 }

    private func drawStatusLine(into canvas: inout Canvas) {
        guard let row = layout.statusRow else { return }
        let line = Rect(x: 0, y: row, width: canvas.width, height: 1)
        canvas.fill(line, bg: Theme.panel)
        canvas.drawText(statusLine ?? displayTitle, x: 1, y: row, clip: line, fg: Theme.text, bg: Theme.panel)
    }

    private mutating func drawHelp(picture: FrameEncoder.Blitter, into canvas: inout Canvas) {
        help.page = HelpOverlay.draw(configuration.commands.helpRows(for: .player), title: "Keys", picture: picture,
                                     page: help.page ?? 0, into: &canvas)
    }
}

/// How cells map to the pixels of the image under them.
struct PixelGeometry {
    let scaleX: Double
    let scaleY: Double
    /// Pixel width over height on screen.
    let pixelAspect: Double
    let width: Int
    let height: Int
    let columns: Int

    init(image: PixelBuffer, columns: Int, rows: Int, pixelAspect: Double) {
        scaleX = columns > 0 ? Double(image.width) / Double(columns) : 1
        scaleY = rows > 0 ? Double(image.height) / Double(rows) : 2
        self.pixelAspect = pixelAspect > 0 && pixelAspect.isFinite ? pixelAspect : 1
        width = image.width
        height = image.height
        self.columns = columns
    }

    /// The pixels under a cell rectangle.
    func pixels(of rect: Rect) -> Rect {
        let x = Int((Double(rect.x) * scaleX).rounded()), y = Int((Double(rect.y) * scaleY).rounded())
        return Rect(x: x, y: y, width: Int((Double(rect.maxX) * scaleX).rounded()) - x,
                    height: Int((Double(rect.maxY) * scaleY).rounded()) - y)
    }

    /// One half of the image, split on the cell boundary the taps use.
    func half(_ side: SeekSide) -> Rect {
        let middle = Int(Double(columns / 2) * scaleX)
        return side == .backward
            ? Rect(x: 0, y: 0, width: middle, height: height)
            : Rect(x: middle, y: 0, width: width - middle, height: height)
    }
}
