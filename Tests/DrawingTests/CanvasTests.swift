import Testing
import Drawing

@Suite("Canvas")
struct CanvasTests {
    let paper = RGB(10, 10, 10)
    let ink = RGB(250, 250, 250)

    func blankCanvas(_ width: Int = 10, _ height: Int = 1) -> Canvas {
        var canvas = Canvas(width: width, height: height, background: paper)
        canvas.fill(canvas.bounds, bg: paper)
        return canvas
    }

    @Test("text is clipped to the clip rectangle and reports the columns it advanced")
    func clipping() {
        var canvas = blankCanvas(10, 3)
        let used = canvas.drawText("hello world", x: 2, y: 1, clip: Rect(x: 3, y: 0, width: 5, height: 3), fg: ink)
        #expect(grid(canvas) == ["          ", "   ello   ", "          "])
        #expect(used == 6)
        #expect(canvas.drawText("x", x: 0, y: 5, fg: ink) == 0, "a row outside the canvas draws nothing")
        #expect(canvas.drawText("abcdefghijklmnop", x: 7, y: 0, fg: ink) == 3)
        #expect(grid(canvas)[0] == "       abc")
    }

    @Test("a wide character that does not fit at a clip edge is not drawn, not even half")
    func wideAtEdges() {
        var right = blankCanvas(4)
        #expect(right.drawText("a中b", x: 0, y: 0, clip: Rect(x: 0, y: 0, width: 2, height: 1), fg: ink) == 1)
        #expect(grid(right) == ["a   "])
        var left = blankCanvas(4)
        #expect(left.drawText("中b", x: -1, y: 0, fg: ink) == 3)
        #expect(grid(left) == [" b  "])
        var end = blankCanvas(4)
        end.drawText("ab中", x: 1, y: 0, fg: ink)
        #expect(grid(end) == [" ab "])
        var fits = blankCanvas(4)
        #expect(fits.drawText("中文", x: 0, y: 0, fg: ink) == 4)
        #expect(grid(fits) == ["中文"])
    }

    @Test("overwriting half of a wide character blanks its other half")
    func brokenPairs() {
        var canvas = blankCanvas(6)
        canvas.drawText("中文", x: 0, y: 0, fg: ink)
        canvas.drawText("x", x: 1, y: 0, fg: ink)
        canvas.drawText("y", x: 2, y: 0, fg: ink)
        #expect(grid(canvas) == [" xy   "])
        canvas.drawText("日", x: 3, y: 0, fg: ink)
        canvas.fill(Rect(x: 4, y: 0, width: 1, height: 1), bg: paper)
        #expect(grid(canvas) == [" xy   "])
        canvas[5, 0] = Cell(symbol: CellSymbol("中"), fg: ink, bg: paper)
        #expect(grid(canvas) == [" xy   "], "a wide symbol set in the last column becomes a space")
    }

    @Test("hostile text is made inert: controls become visible stand-ins, bidi overrides go", arguments: [
        ("\u{1B}]0;title\u{07}", "␛]0;title␇"),
        ("\u{1B}[2J", "␛[2J"),
        ("a\rb\u{08}c\n", "a␍b␈c␊"),
        ("\u{07}\u{7F}\u{9B}1m", "␇␡�1m"),
        ("abc\u{202E}fed\u{202C}", "abcfed"),
        ("\u{2066}x\u{2069}\u{200F}", "x"),
    ])
    func hostileText(input: String, shown: String) {
        var canvas = blankCanvas(12)
        canvas.drawText(input, x: 0, y: 0, fg: ink)
        #expect(grid(canvas)[0] == shown + String(repeating: " ", count: 12 - shown.count))
        for x in 0..<canvas.width {
            for scalar in canvas.text(of: canvas[x, 0]).unicodeScalars {
                #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value))
            }
        }
    }

    @Test("clusters share the side table and compare by text")
    func clusters() {
        var a = blankCanvas(4)
        a.drawText("e\u{301}🇫🇷", x: 0, y: 0, fg: ink)
        #expect(grid(a) == ["e\u{301}🇫🇷 "])
        var b = blankCanvas(4)
        b.drawText("🇫🇷", x: 1, y: 0, fg: ink)
        b.drawText("e\u{301}", x: 0, y: 0, fg: ink)
        #expect(a == b)
        b.drawText("x", x: 0, y: 0, fg: ink)
        #expect(a != b)
    }

    @Test("text over video keeps the background: the mean of a half-block cell's two pixels")
    func textOverVideo() {
        var canvas = blankCanvas(2)
        canvas.setPixel(x: 0, py: 0, color: RGB(100, 0, 0))
        canvas.setPixel(x: 0, py: 1, color: RGB(0, 0, 200))
        canvas.drawText("a", x: 0, y: 0, fg: ink)
        #expect(canvas[0, 0].bg == RGB(50, 0, 100))
        #expect(canvas[0, 0].fg == ink)
    }

    @Test("darken and blend change both colours of the cells in the rectangle only")
    func darkenAndBlend() {
        var canvas = Canvas(width: 4, height: 2, background: RGB(200, 100, 50))
        canvas.darken(Rect(x: 1, y: 0, width: 2, height: 1), by: 0.5)
        #expect(canvas[1, 0].bg == RGB(100, 50, 25))
        #expect(canvas[1, 0].fg == RGB(100, 50, 25))
        #expect(canvas[0, 0].bg == RGB(200, 100, 50))
        canvas.blend(Rect(x: -5, y: 1, width: 7, height: 9), with: RGB(0, 0, 250), alpha: 0.25)
        #expect(backgrounds(canvas, dot: RGB(200, 100, 50), hash: RGB(150, 75, 100)) == [".??.", "##.."])
        #expect(RGB(200, 100, 50).darkened(by: 0) == RGB(200, 100, 50))
        #expect(RGB(200, 100, 50).darkened(by: 1) == .black)
        #expect(RGB(200, 100, 50).darkened(by: 7) == .black)
    }

    @Test("a horizontal bar fills in eighths of a cell", arguments: [
        (0.0, "    ", "...."), (1.0, "    ", "####"), (0.5, "    ", "##.."),
        (13.0 / 32, " ▋  ", "#..."), (1.0 / 32, "▏   ", "...."), (31.0 / 32, "   ▉", "###."),
        (-3.0, "    ", "...."), (9.0, "    ", "####"),
    ])
    func bar(fraction: Double, text: String, fill: String) {
        var canvas = blankCanvas(6)
        canvas.horizontalBar(Rect(x: 1, y: 0, width: 4, height: 1), fraction: fraction, fg: ink, bg: RGB(1, 1, 1))
        #expect(grid(canvas) == [" " + text + " "])
        let shown = backgrounds(canvas, dot: RGB(1, 1, 1), hash: ink)[0]
        #expect(String(shown.dropFirst().prefix(4)) == fill)
        if let partial = text.firstIndex(where: { $0 != " " }) {
            let x = 1 + text.distance(from: text.startIndex, to: partial)
            #expect(canvas[x, 0].fg == ink && canvas[x, 0].bg == RGB(1, 1, 1))
        }
    }

    @Test("half-block pixels: setting one half keeps the other; equal halves make a blank")
    func pixels() {
        var canvas = blankCanvas(2)
        canvas.setPixel(x: 0, py: 0, color: ink)
        #expect(canvas[0, 0] == Cell(symbol: .upperHalf, fg: ink, bg: paper))
        #expect(canvas.pixel(x: 0, py: 0) == ink && canvas.pixel(x: 0, py: 1) == paper)
        canvas.setPixel(x: 0, py: 1, color: ink)
        #expect(canvas[0, 0] == .blank(ink))
        canvas.setPixel(x: 0, py: 0, color: paper)
        #expect(canvas[0, 0] == Cell(symbol: .upperHalf, fg: paper, bg: ink))
        canvas.setPixel(x: 9, py: 9, color: ink)  // outside: ignored
        canvas.blendPixel(x: 1, py: 1, color: RGB(110, 110, 110), alpha: 0.5)
        #expect(canvas.pixel(x: 1, py: 1) == RGB(60, 60, 60))
    }

    /// One character per half-block pixel: `#` for `color`, `.` for the background, `+` between.
    func pixelGrid(_ canvas: Canvas, _ color: RGB) -> [String] {
        (0..<canvas.pixelHeight).map { py in
            String((0..<canvas.width).map { x -> Character in
                let p = canvas.pixel(x: x, py: py)
                return p == color ? "#" : p == paper ? "." : "+"
            })
        }
    }

}

@Suite("PixelBuffer scaling")
struct PixelBufferScalingTests {
    @Test("bilinear scaling keeps the edges and blends between them")
    func bilinear() {
        var image = PixelBuffer(width: 2, height: 1)
        image[0, 0] = RGB(255, 0, 0)
        image[1, 0] = RGB(0, 0, 255)
        let wide = image.scaled(toWidth: 4, height: 2)
        #expect(wide.width == 4 && wide.height == 2)
        #expect(wide[0, 0] == RGB(255, 0, 0) && wide[3, 1] == RGB(0, 0, 255))
        #expect(wide[1, 0] == RGB(255, 0, 0).blended(with: RGB(0, 0, 255), alpha: 0.25))
        #expect(image.scaled(toWidth: 2, height: 1) == image)
        #expect(PixelBuffer(width: 0, height: 0).scaled(toWidth: 3, height: 2) == PixelBuffer(width: 3, height: 2))
    }
}
