import Drawing
import TestTerminal
import Testing
import Terminal
import TestRandom

@Suite("ScreenRenderer")
struct ScreenRendererTests {
    let red = RGB(255, 0, 0)
    let blue = RGB(0, 0, 255)
    let grey = RGB(40, 40, 40)

    /// Renders `canvas` and returns the bytes.
    @Test("the first frame clears and writes every cell, one SGR for a run of equal cells")
    func firstFrame() {
        var renderer = ScreenRenderer()
        var canvas = Canvas(width: 3, height: 1, background: grey)
        canvas.drawText("a", x: 1, y: 0, fg: red)
        let bytes = render(&renderer, canvas)
        #expect(show(bytes) == show(esc("⎋[?2026h⎋[0m⎋[H⎋[2J⎋[48;2;40;40;40m ⎋[38;2;255;0;0ma ⎋[?2026l")))
    }

    @Test("an unchanged frame writes only the synchronized-update brackets")
    func unchangedFrame() {
        var renderer = ScreenRenderer()
        var canvas = Canvas(width: 20, height: 5, background: grey)
        canvas.drawText("hello", x: 2, y: 2, fg: red)
        _ = render(&renderer, canvas)
        #expect(render(&renderer, canvas) == esc("⎋[?2026h⎋[?2026l"))
        #expect(!renderer.lastFrameChanged)
        #expect(render(&renderer, canvas) == esc("⎋[?2026h⎋[?2026l"))
        canvas.drawText("j", x: 2, y: 2, fg: red)
        _ = render(&renderer, canvas)
        #expect(renderer.lastFrameChanged)
    }

    @Test("one changed cell writes a move, at most one SGR and the character, under 40 bytes")
    func oneChangedCell() {
        var renderer = ScreenRenderer()
        var canvas = Canvas(width: 80, height: 24, background: grey)
        canvas.drawText("hello", x: 40, y: 12, fg: red)
        _ = render(&renderer, canvas)
        canvas.drawText("a", x: 41, y: 12, fg: red)
        let text = render(&renderer, canvas)
        #expect(show(text) == show(esc("⎋[?2026h⎋[13;42Ha⎋[?2026l")))
        #expect(text.count < 40)
        // A video cell changing both colours: still one move and one SGR.
        canvas.setPixel(x: 10, py: 10, color: RGB(200, 100, 50))
        canvas.setPixel(x: 10, py: 11, color: RGB(20, 10, 5))
        let pixel = render(&renderer, canvas)
        #expect(show(pixel) == show(esc("⎋[?2026h⎋[6;11H⎋[38;2;200;100;50;48;2;20;10;5m▀⎋[?2026l")))
    }

    @Test("a cell whose two pixels match is a space with a background only, with no foreground change")
    func blankCellHasNoForeground() {
        var renderer = ScreenRenderer()
        var canvas = Canvas(width: 2, height: 1, background: grey)
        canvas.setPixel(x: 0, py: 0, color: red)
        _ = render(&renderer, canvas)
        canvas.setPixel(x: 0, py: 1, color: red)  // now top == bottom: a blank of red
        canvas.setPixel(x: 1, py: 0, color: blue)
        canvas.setPixel(x: 1, py: 1, color: blue)
        let bytes = render(&renderer, canvas)
        #expect(show(bytes) == show(esc("⎋[?2026h\r⎋[48;2;255;0;0m ⎋[48;2;0;0;255m ⎋[?2026l")))
    }

    @Test("the 256-colour mode sends only 38;5 and 48;5 colours, nearest in the cube and grey ramp")
    func palette256() {
        var renderer = ScreenRenderer(colorMode: .palette256)
        var canvas = Canvas(width: 2, height: 1, background: RGB(9, 9, 9))
        canvas.drawText("a", x: 0, y: 0, fg: RGB(250, 10, 10))
        let bytes = render(&renderer, canvas)
        #expect(show(bytes) == show(esc("⎋[?2026h⎋[0m⎋[H⎋[2J⎋[38;5;196;48;5;232ma ⎋[?2026l")))
        #expect(!show(bytes).contains(";2;"))
    }

    @Test("attributes: adding one adds its parameter, removing one resets and re-applies")
    func attributes() {
        var renderer = ScreenRenderer()
        var canvas = Canvas(width: 3, height: 1, background: grey)
        canvas.drawText("a", x: 0, y: 0, fg: red, style: [])
        canvas.drawText("b", x: 1, y: 0, fg: red, style: [.bold, .underline])
        canvas.drawText("c", x: 2, y: 0, fg: red, style: [.underline])
        let bytes = render(&renderer, canvas)
        #expect(show(bytes) == show(esc(
            "⎋[?2026h⎋[0m⎋[H⎋[2J⎋[38;2;255;0;0;48;2;40;40;40ma⎋[1;4mb⎋[0;4;38;2;255;0;0;48;2;40;40;40mc⎋[?2026l")))
    }

    /// Cursor moves: the cells changed in the second frame, and the bytes expected between the
    /// brackets. The first frame is a blank 80×24 canvas; the changes are 'x' in the same pen.
    @Test("cursor moves are the shortest sequence", arguments: [
        ([(5, 3)], "⎋[4;6Hx"),                     // from the end of the last frame: CUP
        ([(0, 3)], "⎋[4Hx"),                       // column 0: CUP without the column
        ([(5, 3), (6, 3)], "⎋[4;6Hxx"),            // adjacent: no move
        ([(5, 3), (7, 3)], "⎋[4;6Hx x"),           // one-cell gap, same pen: rewrite the blank
        ([(5, 3), (20, 3)], "⎋[4;6Hx⎋[21Gx"),      // same row: CHA (as short as CUF ⎋[14C)
        ([(5, 3), (9, 3)], "⎋[4;6Hx   x"),         // same row, 3-cell gap, same pen: rewrite (3 < 4 bytes)
        ([(5, 3), (11, 3)], "⎋[4;6Hx⎋[5Cx"),       // same row, 5-cell gap: CUF
        ([(5, 3), (0, 4)], "⎋[4;6Hx\r\nx"),        // next row, column 0: CR LF
        ([(5, 3), (3, 4)], "⎋[4;6Hx⎋[5;4Hx"),      // next row, small column: CUP (as short as CR LF ⎋[3C)
        ([(5, 3), (1, 4)], "⎋[4;6Hx\r\n⎋[Cx"),     // next row, column 1: CR LF + CUF
        ([(5, 3), (6, 4)], "⎋[4;6Hx⎋[Bx"),         // next row, same column: CUD
        ([(5, 3), (60, 9)], "⎋[4;6Hx⎋[10;61Hx"),   // far: CUP
        ([(70, 3), (10, 3)], "⎋[4;11Hx⎋[71Gx"),    // written in row-major order whatever the order drawn
        ([(5, 3), (5, 2)], "⎋[3;6Hx⎋[B\u{08}x"),    // rows are written top to bottom; CUD + BS
        ([(79, 3), (0, 4)], "⎋[4;80Hx\r\nx"),       // after the last column (pending wrap): CR LF
    ] as [([(Int, Int)], String)])
    func cursorMoves(changes: [(Int, Int)], expected: String) {
        var renderer = ScreenRenderer()
        var canvas = Canvas(width: 80, height: 24, background: grey)
        _ = render(&renderer, canvas)
        for (x, y) in changes { canvas.drawText("x", x: x, y: y, fg: red) }
        let bytes = show(render(&renderer, canvas))
        let body = String(bytes.dropFirst("⎋[?2026h".count).dropLast("⎋[?2026l".count))
            .replacing("⎋[38;2;255;0;0m", with: "")
        #expect(body == show(esc(expected)))
    }

    @Test("moves up, back and to another row use CUU, BS and CPL where those are shortest")
    func backwardMoves() {
        var renderer = ScreenRenderer()
        var canvas = Canvas(width: 80, height: 24, background: grey)
        _ = render(&renderer, canvas)
        // Write a wide character first, so the next move must be absolute; then check the
        // backspace path inside one row through a narrow write.
        canvas.drawText("ab", x: 10, y: 5, fg: red)
        _ = render(&renderer, canvas)
        canvas.drawText("c", x: 11, y: 5, fg: red)
        let bytes = render(&renderer, canvas)
        // The cursor is after 'b' (column 12); one backspace reaches column 11.
        #expect(show(bytes) == "⎋[?2026h\u{08}c⎋[?2026l")
    }

    @Test("a colour tolerance skips small changes, and the error never exceeds it")
    func toleranceBoundsDrift() {
        var renderer = ScreenRenderer(tolerance: 4)
        var canvas = Canvas(width: 4, height: 1, background: RGB(100, 100, 100))
        var terminal = MiniTerminal(width: 4, height: 1)
        terminal.feed(render(&renderer, canvas))
        var wrote = 0
        for step in 1...40 {
            let level = UInt8(100 + step)  // creeps up by one per frame
            canvas.fill(canvas.bounds, bg: RGB(level, level, level))
            let bytes = render(&renderer, canvas)
            if bytes.count > 16 { wrote += 1 }
            terminal.feed(bytes)
            #expect(terminal.differences(from: canvas, tolerance: 4).isEmpty, "step \(step)")
            #expect(terminal.problems.isEmpty)
        }
        // reel's policy leaves a change of up to three quarters of the tolerance unwritten (the
        // pen's share, which the skip allowance follows): every fourth step, 40 / 4.
        #expect(wrote == 10)
        var exact = ScreenRenderer()
        var small = Canvas(width: 1, height: 1, background: RGB(10, 10, 10))
        _ = render(&exact, small)
        small.fill(small.bounds, bg: RGB(11, 10, 10))
        #expect(render(&exact, small).count > 16, "tolerance 0 writes every change")
    }

    @Test("a size change or invalidate() clears and redraws everything")
    func fullRedraws() {
        var renderer = ScreenRenderer()
        let canvas = Canvas(width: 2, height: 1, background: grey)
        _ = render(&renderer, canvas)
        renderer.invalidate()
        #expect(show(render(&renderer, canvas)) == show(esc("⎋[?2026h⎋[0m⎋[H⎋[2J⎋[48;2;40;40;40m  ⎋[?2026l")))
        let bigger = Canvas(width: 3, height: 1, background: grey)
        #expect(show(render(&renderer, bigger)) == show(esc("⎋[?2026h⎋[0m⎋[H⎋[2J⎋[48;2;40;40;40m   ⎋[?2026l")))
    }

    @Test("wide characters: written once for two columns, and the cursor re-anchored after them")
    func wideCharacters() {
        var renderer = ScreenRenderer()
        var canvas = Canvas(width: 6, height: 1, background: grey)
        _ = render(&renderer, canvas)
        canvas.drawText("中x", x: 1, y: 0, fg: red)
        let bytes = render(&renderer, canvas)
        #expect(show(bytes) == show(esc("⎋[?2026h⎋[2G⎋[38;2;255;0;0m中⎋[4Gx⎋[?2026l")))
        // Overwrite the right half with a narrow character: the left half must become a blank.
        canvas.drawText("y", x: 2, y: 0, fg: red)
        var terminal = MiniTerminal(width: 6, height: 1)
        var fresh = ScreenRenderer()
        terminal.feed(render(&fresh, Canvas(width: 6, height: 1, background: grey)))
        var drawn = Canvas(width: 6, height: 1, background: grey)
        drawn.drawText("中x", x: 1, y: 0, fg: red)
        terminal.feed(render(&fresh, drawn))
        terminal.feed(render(&fresh, canvas))
        #expect(grid(canvas) == ["  yx  "])
        #expect(terminal.differences(from: canvas).isEmpty)
        #expect(terminal.problems.isEmpty)
    }

    @Test("random frames: the bytes always reproduce the canvas on a terminal emulator", arguments: [
        (ColorMode.truecolor, UInt8(0)), (.truecolor, 6), (.palette256, 0),
    ])
    func randomFrames(mode: ColorMode, tolerance: UInt8) {
        var rng = SplitMix64(seed: 42 &+ UInt64(tolerance))
        let width = 13, height = 5
        var renderer = ScreenRenderer(colorMode: mode, tolerance: tolerance)
        var terminal = MiniTerminal(width: width, height: height)
        var canvas = Canvas(width: width, height: height)
        let texts = ["a", "中", "é", "e\u{301}", "██", "▀", " ", "日本", "xy"]
        let palette = [RGB(0, 0, 0), RGB(255, 0, 0), RGB(3, 2, 1), RGB(250, 250, 250), RGB(128, 64, 32)]
        for frame in 0..<300 {
            for _ in 0..<Int.random(in: 0...8, using: &rng) {
                let x = Int.random(in: -1...width, using: &rng), y = Int.random(in: 0..<height, using: &rng)
                switch Int.random(in: 0..<4, using: &rng) {
                case 0:
                    canvas.drawText(texts.randomElement(using: &rng)!, x: x, y: y,
                                    fg: palette.randomElement(using: &rng)!,
                                    bg: Bool.random(using: &rng) ? nil : palette.randomElement(using: &rng)!,
                                    style: CellStyle(rawValue: UInt8.random(in: 0..<32, using: &rng)))
                case 1:
                    canvas.setPixel(x: x, py: Int.random(in: 0..<2 * height, using: &rng), color: palette.randomElement(using: &rng)!)
                case 2:
                    let c = palette.randomElement(using: &rng)!
                    canvas.fill(Rect(x: x, y: y, width: 3, height: 2),
                                bg: RGB(c.r &+ UInt8.random(in: 0...8, using: &rng), c.g, c.b))
                default:
                    canvas.darken(Rect(x: x, y: y, width: 4, height: 1), by: 0.01)
                }
            }
            if frame % 97 == 0 { renderer.invalidate() }
            var out: [UInt8] = []
            renderer.render(canvas, into: &out)
            terminal.feed(out)
            let differences = terminal.differences(from: canvas, tolerance: tolerance, quantize: mode == .palette256)
            #expect(differences.isEmpty, "frame \(frame): \(differences.prefix(3))")
            #expect(terminal.problems.isEmpty, "frame \(frame): \(terminal.problems.prefix(3))")
            if !differences.isEmpty || !terminal.problems.isEmpty { break }
        }
        #expect(terminal.syncDepth == 0)
    }

    @Test("totalBytes counts every byte produced")
    func countsBytes() {
        var renderer = ScreenRenderer()
        let canvas = Canvas(width: 4, height: 2)
        let a = render(&renderer, canvas).count
        let b = render(&renderer, canvas).count
        #expect(renderer.totalBytes == a + b)
    }
}

