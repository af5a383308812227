@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal
import TestTerminal

/// The graphics surface of a canvas in pixel mode, and how the cell renderer treats its cells.
@Suite("Pixel mode: canvas images and see-through cells")
struct PixelModeTests {
    let encoder = FrameEncoder(blitter: .pixels(width: 3, height: 6))

    /// A picture whose left half is `left` and right half `right`, for `columns` × `rows` cells.
    func picture(columns: Int, rows: Int, left: RGB, right: RGB) -> PixelBuffer {
        let size = encoder.pixelSize(columns: columns, rows: rows)
        var image = PixelBuffer(width: size.width, height: size.height, fill: left)
        image.fill(Rect(x: size.width / 2, y: 0, width: size.width, height: size.height), color: right)
        return image
    }

    @Test("the encoder's pixels are the terminal's: a cell's size each, square pixels on cells of that shape")
    func sizes() {
        #expect(encoder.pixelSize(columns: 10, rows: 4) == (30, 24))
        #expect(encoder.pixelAspect(cellAspect: 0.5) == 1)
        #expect(TerminalSize(columns: 10, rows: 4, pixelWidth: 33, pixelHeight: 25).cellPixels == PixelSize(width: 3, height: 6))
        #expect(TerminalSize(columns: 10, rows: 4).withCellPixels(PixelSize(width: 3, height: 6)).cellAspect == 0.5)
    }

    @Test("encode places the picture on the surface; its cells become see-through blanks of their pixels' mean colour")
    func placing() {
        var canvas = Canvas(width: 6, height: 3, background: RGB(9, 9, 9))
        let image = picture(columns: 4, rows: 2, left: RGB(200, 0, 0), right: RGB(0, 0, 200))
        encoder.encode(image, into: &canvas, at: Rect(x: 1, y: 0, width: 4, height: 2))
        #expect(canvas.images == [CanvasImage(rect: Rect(x: 1, y: 0, width: 4, height: 2), pixels: image, cellWidth: 3, cellHeight: 6)])
        #expect(canvas[1, 0] == Cell(symbol: .space, fg: RGB(200, 0, 0), bg: RGB(200, 0, 0), style: .seeThrough))
        #expect(canvas[4, 1].bg == RGB(0, 0, 200) && canvas[4, 1].style == .seeThrough)
        #expect(canvas[0, 0] == .blank(RGB(9, 9, 9)) && canvas[5, 2] == .blank(RGB(9, 9, 9)), "cells outside untouched")
    }

    @Test("a clipped picture keeps the visible cells' pixels, in place")
    func clipped() throws {
        var canvas = Canvas(width: 6, height: 3)
        let image = picture(columns: 4, rows: 2, left: RGB(200, 0, 0), right: RGB(0, 0, 200))
        encoder.encode(image, into: &canvas, at: Rect(x: 0, y: 0, width: 4, height: 2), clip: Rect(x: 2, y: 1, width: 9, height: 9))
        let placed = try #require(canvas.images.first)
        #expect(placed.rect == Rect(x: 2, y: 1, width: 2, height: 1))
        #expect(placed.pixels == image.cropped(to: Rect(x: 6, y: 6, width: 6, height: 6)))
    }

    @Test("text on the picture stays see-through; text with a background of its own does not")
    func text() {
        var canvas = Canvas(width: 4, height: 2)
        encoder.encode(picture(columns: 4, rows: 2, left: .black, right: .white), into: &canvas, at: canvas.bounds)
        canvas.drawText("a", x: 0, y: 0, fg: .white)
        canvas.drawText("b", x: 1, y: 0, fg: .white, bg: RGB(1, 2, 3))
        #expect(canvas[0, 0].style.contains(.seeThrough) && canvas[0, 0].symbol == CellSymbol("a"))
        #expect(!canvas[1, 0].style.contains(.seeThrough))
    }

    @Test("an image goes when covered whole (by a fill, or another image), and stays under a partial cover")
    func covering() {
        var canvas = Canvas(width: 6, height: 4)
        encoder.encode(picture(columns: 6, rows: 4, left: .black, right: .white), into: &canvas, at: canvas.bounds)
        encoder.encode(picture(columns: 2, rows: 2, left: .white, right: .white), into: &canvas, at: Rect(x: 1, y: 1, width: 2, height: 2))
        #expect(canvas.images.map(\.rect) == [canvas.bounds, Rect(x: 1, y: 1, width: 2, height: 2)], "a card's thumbnail over the video")
        canvas.fill(Rect(x: 0, y: 0, width: 3, height: 3), bg: .black)
        #expect(canvas.images.map(\.rect) == [canvas.bounds])
        canvas.fill(canvas.bounds, bg: .black)
        #expect(canvas.images.isEmpty)
    }

    @Test("a copy through a mask (the circle from the list) brings the picture over the cells copied, and only there")
    func copyThroughMask() {
        var player = Canvas(width: 4, height: 2)
        encoder.encode(picture(columns: 4, rows: 2, left: .white, right: .white), into: &player, at: player.bounds)
        var list = Canvas(width: 4, height: 2)
        list.fill(list.bounds, bg: RGB(5, 5, 5))
        encoder.encode(picture(columns: 1, rows: 1, left: .black, right: .black), into: &list, at: Rect(x: 3, y: 1, width: 1, height: 1))
        for _ in 0..<2 { list.copyCells(from: player) { x, _ in x < 2 } }
        #expect(list.images.count == 2, "the thumbnail, and one copy of the video however often it is copied")
        let video = list.images[1]
        #expect(video.covers(x: 1, y: 0) && !video.covers(x: 2, y: 0))
        let below = CellMask(image: list.images[0], canvas: list, above: list.images[1...])
        #expect(!below.hasHoles, "the video left out where the thumbnail is: it keeps its cell")
        let mask = CellMask(image: video, canvas: list)
        #expect(mask.isHole(x: 7, y: 0) && !mask.isHole(x: 4, y: 0))
    }

    @Test("see-through cells are written once in the default background; their colour moving writes nothing")
    func renderer() {
        var renderer = ScreenRenderer(colorMode: .truecolor)
        var canvas = Canvas(width: 3, height: 1)
        encoder.encode(picture(columns: 2, rows: 1, left: RGB(10, 10, 10), right: RGB(10, 10, 10)), into: &canvas,
                       at: Rect(x: 0, y: 0, width: 2, height: 1))
        var out: [UInt8] = []
        renderer.render(canvas, into: &out)
        #expect(show(out).contains("⎋[0m⎋[H⎋[2J  ⎋[48;2;0;0;0m "), "default background first, then the opaque cell")
        encoder.encode(picture(columns: 2, rows: 1, left: RGB(90, 0, 0), right: RGB(0, 90, 0)), into: &canvas,
                       at: Rect(x: 0, y: 0, width: 2, height: 1))
        renderer.render(canvas, into: &out)
        #expect(!renderer.lastFrameChanged)
        canvas.drawText("x", x: 0, y: 0, fg: RGB(255, 255, 255))
        renderer.render(canvas, into: &out)
        #expect(show(out).contains("⎋[38;2;255;255;255;49mx⎋[?2026l"), "a glyph on the picture, in the default background")
    }

    @Test("for sixel, see-through cells are written on their own colour, still once: a new picture writes nothing")
    func rendererOwnColour() {
        var renderer = ScreenRenderer(colorMode: .truecolor)
        renderer.seeThroughOnOwnColour = true
        var canvas = Canvas(width: 2, height: 1)
        encoder.encode(picture(columns: 2, rows: 1, left: RGB(10, 20, 30), right: RGB(10, 20, 30)), into: &canvas,
                       at: canvas.bounds)
        canvas.drawText("x", x: 0, y: 0, fg: RGB(255, 255, 255))
        var out: [UInt8] = []
        renderer.render(canvas, into: &out)
        encoder.encode(picture(columns: 2, rows: 1, left: RGB(90, 0, 0), right: RGB(90, 0, 0)), into: &canvas,
                       at: canvas.bounds)
        canvas.drawText("x", x: 0, y: 0, fg: RGB(255, 255, 255))
        out.removeAll()
        renderer.render(canvas, into: &out)
        #expect(!renderer.lastFrameChanged, "the picture moved: the blank stays as written")
        // The text goes: its cell is written on the colour under it, not the default background.
        encoder.encode(picture(columns: 2, rows: 1, left: RGB(90, 0, 0), right: RGB(90, 0, 0)), into: &canvas,
                       at: canvas.bounds)
        out.removeAll()
        renderer.render(canvas, into: &out)
        #expect(show(out).contains("48;2;90;0;0m "), "\(show(out))")
        #expect(!show(out).contains("49m"))
        #expect(FrameRenderer(graphics: .sixel(colors: 255, maxSize: nil, cell: PixelSize(width: 3, height: 6))).cells.seeThroughOnOwnColour)
        #expect(!FrameRenderer(graphics: .kitty(transport: .direct, cell: PixelSize(width: 3, height: 6))).cells.seeThroughOnOwnColour)
    }

    @Test("a frame writes the cells, then the images, in one synchronized update, and forgets the cursor")
    func frame() {
        var renderer = FrameRenderer(graphics: .kitty(transport: .direct, cell: PixelSize(width: 3, height: 6)))
        var canvas = Canvas(width: 4, height: 2)
        encoder.encode(picture(columns: 4, rows: 2, left: .black, right: .white), into: &canvas, at: canvas.bounds)
        canvas.drawText("hi", x: 0, y: 1, fg: .white)
        var out: [UInt8] = []
        renderer.render(canvas, now: 0, into: &out)
        let text = show(out)
        #expect(text.hasPrefix("⎋[?2026h⎋[0m⎋[H⎋[2J"))
        #expect(text.hasSuffix("⎋\\⎋[?2026l"))
        if let hi = text.firstRange(of: "hi"), let image = text.firstRange(of: "⎋_Ga=T") {
            #expect(hi.lowerBound < image.lowerBound, "the cells first")
        } else {
            Issue.record("no text or no image in \(text)")
        }
        #expect(renderer.cells.cursorRow == nil && renderer.isAwaitingTerminal(now: 0.5))
        renderer.receive(.kittyGraphics(image: 1, placement: 1, message: "OK"))
        #expect(!renderer.isAwaitingTerminal(now: 0.5))
        renderer.render(canvas, now: 1, into: &out)
        #expect(!renderer.lastFrameChanged, "nothing changed: nothing to send")
    }
}
