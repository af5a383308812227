import Controls
import Drawing
import Formatting
import ScreenParts

extension PosterScreen {
    /// Draws the card at `now`: the backdrop, the frame with the poster and, through the reveal's
    /// circle, `video` (mpv's frame at ``videoArea(at:)``'s pixel size, or nil before the first
    /// one), the ▶ and ✕ buttons, and the title and its line under the frame.
    public mutating func draw(video: PixelBuffer?, encoder: FrameEncoder, into canvas: inout Canvas, now: Seconds) {
        let growth = stage.growth(at: now)
        let reveal = stage.reveal(at: now)
        let size = encoder.pixelSize(columns: canvas.width, rows: canvas.height)
        var image = PixelBuffer(width: size.width, height: size.height)
        image.fillVerticalGradient(top: Theme.posterBackdropTop, bottom: Theme.posterBackdropBottom)
        let frame = frameArea(growth: growth)
        let pixels = FramePixels(frame: frame, encoder: encoder, cellAspect: configuration.cellAspect)
        // Once the frame grows the circle covers it all, so the poster is no longer seen.
        let poster = growth > 0 ? nil : posterPixels(width: pixels.width, height: pixels.height)
        compose(into: &image, pixels: pixels, poster: poster, video: videoPixels(video, pixels: pixels),
                reveal: reveal, growth: growth, now: now)
        let button = reveal.playButton(at: now)
        if growth == 0 { drawPlayDisc(into: &image, pixels: pixels, look: button) }
        let closeOpacity = reveal.closeButtonOpacity(at: now)
        drawCloseDisc(into: &image, pixels: pixels, opacity: closeOpacity)

        encoder.encode(image, into: &canvas, at: canvas.bounds)

        if growth == 0 {
            if art == .titleCard { drawCardTitle(into: &canvas, frame: frame, opacity: button.opacity) }
            drawPlayGlyph(into: &canvas, frame: frame, opacity: button.opacity)
        }
        drawCloseGlyph(into: &canvas, now: now, opacity: closeOpacity)
        drawCaption(into: &canvas, opacity: 1 - growth)
        if let page = help.page {
            help.page = HelpOverlay.draw(configuration.commands.helpRows(for: .poster), title: "Keys", page: page, into: &canvas)
        }
        needsRedraw = false
    }

    // MARK: Pixels

    /// The picture for the frame, `width` × `height` pixels.
    private mutating func posterPixels(width: Int, height: Int) -> PixelBuffer {
        if let scaledArt, scaledArt.width == width, scaledArt.height == height { return scaledArt }
        var pixels: PixelBuffer
        switch art {
        case .loading:
            pixels = PixelBuffer(width: width, height: height, fill: Theme.posterLoading)
        case .picture(let picture):
            pixels = picture.scaled(toWidth: width, height: height)
        case .titleCard:
            pixels = PixelBuffer(width: width, height: height)
            pixels.fillVerticalGradient(top: Theme.posterCardTop, bottom: Theme.posterCardBottom)
        }
        scaledArt = pixels
        return pixels
    }

    /// The video at the frame's size: mpv's frame (scaled if it was rendered for another size),
    /// the player's panel for a sound file, or black before the first frame.
    private func videoPixels(_ video: PixelBuffer?, pixels: FramePixels) -> PixelBuffer {
        if let video, video.width > 0, video.height > 0 { return video.scaled(toWidth: pixels.width, height: pixels.height) }
        var image = PixelBuffer(width: pixels.width, height: pixels.height, fill: Theme.background)
        if status.isLoaded, !status.hasVideo {
            image.fillVerticalGradient(top: Theme.audioPanelTop, bottom: Theme.audioPanelBottom)
        }
        return image
    }

    /// Fills the frame's pixels that its rounded corners keep: the poster, and the video where the
    /// circle has opened (faded in with reduce-motion).
    private func compose(into image: inout PixelBuffer, pixels: FramePixels, poster: PixelBuffer?, video: PixelBuffer,
                         reveal: RevealTransition, growth: Double, now: Seconds) {
        let corners = RoundedCorners(width: Double(pixels.frame.width), height: Double(pixels.frame.height),
                                     radius: configuration.cornerRadius * (1 - growth), cellAspect: configuration.cellAspect)
        let mask = reveal.mask(at: now, width: Double(pixels.width), height: Double(pixels.height), pixelAspect: pixels.pixelAspect)
        let opacity = reveal.videoOpacity(at: now)
        let perColumn = Double(pixels.perColumn), perRow = Double(pixels.perRow)
        for py in 0..<pixels.height {
            let y = pixels.originY + py
            guard y >= 0, y < image.height else { continue }
            let centreY = Double(py) + 0.5
            for px in 0..<pixels.width {
                let x = pixels.originX + px
                let centreX = Double(px) + 0.5
                guard x >= 0, x < image.width, corners.contains(x: centreX / perColumn, y: centreY / perRow) else { continue }
                var colour = poster?[px, py] ?? Theme.background
                if mask.contains(x: centreX, y: centreY) {
                    colour = opacity >= 1 ? video[px, py] : colour.blended(with: video[px, py], alpha: opacity)
                }
                image[x, y] = colour
            }
        }
    }

    /// The ▶ button: a disc filling the button's cells (never under 3×3) with a triangle on it,
    /// scaled and faded by `look`.
    private func drawPlayDisc(into image: inout PixelBuffer, pixels: FramePixels, look: RevealTransition.ButtonLook) {
        guard look.opacity > 0 else { return }
        let button = layout.playButton
        let centre = pixels.centre
        let rx = Double(button.width * pixels.perColumn) / 2 * look.scale
        let ry = Double(button.height * pixels.perRow) / 2 * look.scale
        image.fillEllipse(cx: centre.x, cy: centre.y, rx: rx, ry: ry, color: Theme.posterButtonShade,
                          alpha: Theme.posterButtonShadeOpacity * look.opacity, clip: pixels.bounds)
        // An upright triangle whose centroid is the disc's centre; its height is half the
        // disc's, and its width makes it equilateral on screen.
        let half = 0.5 * ry
        let width = 2 * half / pixels.pixelAspect * 0.866
        let left = centre.x - width / 3
        image.fillTriangle((left, centre.y - half), (left, centre.y + half), (left + width, centre.y),
                           color: Theme.text, alpha: look.opacity, clip: pixels.bounds)
    }

    /// The ✕ button's disc behind its glyph in the frame's top-right corner.
    private func drawCloseDisc(into image: inout PixelBuffer, pixels: FramePixels, opacity: Double) {
        guard opacity > 0, pixels.frame.width >= 3, pixels.frame.height >= 1 else { return }
        let column = Double(pixels.frame.maxX - 3) + 0.5, row = Double(pixels.frame.y + 1) + 0.5
        image.fillEllipse(cx: column * Double(pixels.perColumn), cy: row * Double(pixels.perRow),
                          rx: 1.5 * Double(pixels.perColumn), ry: 1.0 * Double(pixels.perRow),
                          color: Theme.posterButtonShade, alpha: Theme.posterButtonShadeOpacity * opacity, clip: pixels.bounds)
    }

    // MARK: Cells

    private func drawPlayGlyph(into canvas: inout Canvas, frame: Rect, opacity: Double) {
        let cell = Rect(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2, width: 1, height: 1)
        canvas.drawFaded(in: cell, opacity: opacity) { canvas in
            canvas.drawText("▶", x: cell.x, y: cell.y, fg: Theme.text, style: .bold)
        }
    }

    private func drawCloseGlyph(into canvas: inout Canvas, now: Seconds, opacity: Double) {
        let area = closeButton(at: now)
        guard area.width >= 3 else { return }
        let cell = Rect(x: area.maxX - 3, y: area.y + min(1, area.height - 1), width: 1, height: 1)
        canvas.drawFaded(in: cell, opacity: opacity) { canvas in
            canvas.drawText("✕", x: cell.x, y: cell.y, fg: Theme.text, style: .bold)
        }
    }

    /// A sound file's card: ♪ and the title in the frame's upper part, clear of the ▶.
    private func drawCardTitle(into canvas: inout Canvas, frame: Rect, opacity: Double) {
        let area = frame.insetBy(dx: 2, dy: 0)
        let top = frame.y + max(frame.height / 4 - 1, 0)
        let lines = Sanitizer.wrapped(displayTitle, width: max(area.width, 1), maxLines: 2)
        canvas.drawFaded(in: frame, opacity: opacity) { canvas in
            canvas.drawCentered("♪", row: top, in: area, fg: Theme.accent, style: .bold)
            for (offset, line) in lines.enumerated() where top + 1 + offset < frame.y + frame.height / 2 {
                canvas.drawCentered(line, row: top + 1 + offset, in: area, fg: Theme.text, style: .bold)
            }
        }
    }

    /// The title and, under it, the duration or "Now playing", with the keys on the right.
    private func drawCaption(into canvas: inout Canvas, opacity: Double) {
        let frame = cardFrame
        let titleRow = frame.maxY + 1, lineRow = frame.maxY + 2
        guard opacity > 0, rows >= 8, lineRow < canvas.height else { return }
        let area = Rect(x: frame.x, y: titleRow, width: frame.width, height: 2)
        canvas.drawFaded(in: area, opacity: opacity) { canvas in
            canvas.drawText(Sanitizer.truncated(displayTitle, toWidth: area.width), x: area.x, y: titleRow,
                            clip: area, fg: Theme.text, style: .bold)
            let line = captionLine
            let used = canvas.drawText(line, x: area.x, y: lineRow, clip: area, fg: Theme.dimText)
            let hint = stage.isOpen ? "Esc close · q quit"
                : configuration.canClose ? "Enter play · Esc back · q quit" : "Enter play · q quit"
            let width = Sanitizer.displayWidth(of: hint)
            if used + width + 2 <= area.width {
                canvas.drawText(hint, x: area.maxX - width, y: lineRow, clip: area, fg: Theme.track)
            }
        }
    }

    /// The line under the title: "Now playing" while the video is open, else the duration.
    var captionLine: String {
        if stage.isOpen { return "Now playing" }
        let duration = MediaTime.safeDuration(status.duration)
        return duration > 0 ? TimeText.format(duration) : ""
    }
}

/// Where the frame's pixels are in the screen's image.
struct FramePixels {
    /// The frame in cells.
    let frame: Rect
    /// Pixels per cell across and down.
    let perColumn: Int
    let perRow: Int
    /// One pixel's width over its height on screen.
    let pixelAspect: Double

    init(frame: Rect, encoder: FrameEncoder, cellAspect: Double) {
        self.frame = frame
        perColumn = encoder.blitter.pixelsPerColumn
        perRow = encoder.blitter.pixelsPerRow
        pixelAspect = encoder.pixelAspect(cellAspect: cellAspect)
    }

    var width: Int { frame.width * perColumn }
    var height: Int { frame.height * perRow }
    var originX: Int { frame.x * perColumn }
    var originY: Int { frame.y * perRow }
    /// The frame in the image's pixels.
    var bounds: Rect { Rect(x: originX, y: originY, width: width, height: height) }
    /// The frame's centre in the image's pixels.
    var centre: (x: Double, y: Double) {
        (Double(originX) + Double(width) / 2, Double(originY) + Double(height) / 2)
    }
}
