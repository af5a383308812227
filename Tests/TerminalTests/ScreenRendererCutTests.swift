import Drawing
import TestRandom
import TestTerminal
import Testing
@testable import Terminal

/// The link's cap as a hard cap (``ScreenRenderer/frameCap``): a frame still over it at the
/// highest tolerance (a redraw, the palette's colours) is cut short, and the next frames write
/// the rest, so that no frame passes the cap and the screen still ends as the canvas.
@Suite("ScreenRenderer: frames cut short at the link's cap")
struct ScreenRendererCutTests {
    /// Renders the still `canvas` until a frame is not cut (at most `limit` frames); the frames' sizes.
    static func settle(_ renderer: inout ScreenRenderer, _ canvas: Canvas, into terminal: inout MiniTerminal,
                       limit: Int = 40) -> [Int] {
        var sizes: [Int] = []
        repeat {
            let out = render(&renderer, canvas)
            terminal.feed(out)
            sizes.append(out.count)
        } while renderer.lastFrameCut && sizes.count < limit
        return sizes
    }

    @Test("a full redraw over the cap goes in pieces within it, and the screen ends as the canvas", arguments: [ColorMode.truecolor, .palette256])
    func redrawInPieces(mode: ColorMode) {
        let (columns, rows) = (60, 20)
        var rng = SplitMix64(seed: 17)
        let canvas = ScreenRendererCapTests.picture(0, columns: columns, rows: rows, rng: &rng)
        var free = ScreenRenderer(colorMode: mode)
        let whole = render(&free, canvas).count
        let cap = whole / 10
        var capped = ScreenRenderer(colorMode: mode)
        capped.frameCap = cap
        var terminal = MiniTerminal(width: columns, height: rows)
        let sizes = Self.settle(&capped, canvas, into: &terminal)
        #expect(sizes.count >= 2 && sizes.count < 40, "\(sizes)")
        #expect(sizes.allSatisfy { $0 <= cap }, "\(sizes) against a cap of \(cap)")
        #expect(capped.lastFrameOverCap || sizes.count > 1)
        #expect(!capped.isRewriting)
        let differences = terminal.differences(from: canvas, tolerance: capped.lastFrameTolerance, quantize: mode == .palette256)
        #expect(differences.isEmpty, "\(differences.prefix(2))")
    }

    @Test("a moving picture over the cap: every frame within it, and no row left behind for good")
    func movingWithinCap() {
        let (columns, rows) = (60, 20)
        var rng = SplitMix64(seed: 23)
        var capped = ScreenRenderer(colorMode: .palette256)
        var terminal = MiniTerminal(width: columns, height: rows)
        terminal.feed(render(&capped, ScreenRendererCapTests.picture(0, columns: columns, rows: rows, rng: &rng)))
        capped.frameCap = 1_500
        var cuts = 0
        for frame in 1..<12 {
            let out = render(&capped, ScreenRendererCapTests.picture(frame, columns: columns, rows: rows, rng: &rng))
            terminal.feed(out)
            #expect(out.count <= 1_500, "frame \(frame): \(out.count)")
            if capped.lastFrameCut { cuts += 1 }
        }
        #expect(cuts > 0)
        // The picture stands still: the rows cut so far are written in the next frames.
        let last = ScreenRendererCapTests.picture(11, columns: columns, rows: rows, rng: &rng)
        _ = Self.settle(&capped, last, into: &terminal)
        #expect(terminal.differences(from: last, quantize: true).isEmpty)
    }

    @Test("a new colour mode keeps the screen (no clear) and writes every cell again within the cap")
    func colourModeKeepsScreen() {
        let (columns, rows) = (60, 20)
        var rng = SplitMix64(seed: 31)
        let canvas = ScreenRendererCapTests.picture(0, columns: columns, rows: rows, rng: &rng)
        var renderer = ScreenRenderer()
        var terminal = MiniTerminal(width: columns, height: rows)
        terminal.feed(render(&renderer, canvas))
        renderer.colorMode = .palette256
        #expect(renderer.isRewriting)
        renderer.frameCap = 5_000
        let first = render(&renderer, canvas)
        #expect(!first.contains(0x4A), "no ESC[2J: the screen is not cleared")  // "J"
        terminal.feed(first)
        _ = Self.settle(&renderer, canvas, into: &terminal)
        #expect(terminal.differences(from: canvas, quantize: true).isEmpty)
    }

    @Test("a frame cut at the cap writes the rows with text (the controls) first, wherever the last cut stopped")
    func textRowsFirst() {
        let (columns, rows) = (60, 20)
        var rng = SplitMix64(seed: 41)
        var renderer = ScreenRenderer()
        var terminal = MiniTerminal(width: columns, height: rows)
        terminal.feed(render(&renderer, ScreenRendererCapTests.picture(0, columns: columns, rows: rows, rng: &rng)))
        renderer.frameCap = 2_000
        // A moving picture cut short a few times, so the next frame would resume part way down.
        for frame in 1..<4 {
            terminal.feed(render(&renderer, ScreenRendererCapTests.picture(frame, columns: columns, rows: rows, rng: &rng)))
        }
        #expect(renderer.lastFrameCut)
        // Then a key's screen: the ▶ and a time on the 15th row, over the next picture.
        var paused = ScreenRendererCapTests.picture(4, columns: columns, rows: rows, rng: &rng)
        paused.drawText("▶ 0:42", x: 27, y: 15, fg: .white)
        let out = render(&renderer, paused)
        terminal.feed(out)
        #expect(out.count <= 2_000)
        #expect(renderer.lastFrameCut)
        // (The space between may be written as a block of the same colours: it looks alike.)
        let shown = [27, 29, 30, 31, 32].map { terminal.screen[15 * columns + $0].text }.joined()
        #expect(shown == "▶0:42")
    }

    @Test("a moving screen with text on every row, cut every frame, still reaches its last rows")
    func textEverywhereGoesRound() {
        let (columns, rows) = (60, 20)
        var rng = SplitMix64(seed: 43)
        func screen(_ frame: Int) -> Canvas {
            var canvas = ScreenRendererCapTests.picture(frame, columns: columns, rows: rows, rng: &rng)
            for y in 0..<rows { canvas.drawText("\(frame % 10)", x: 0, y: y, fg: .white) }
            return canvas
        }
        var renderer = ScreenRenderer(colorMode: .palette256)
        var terminal = MiniTerminal(width: columns, height: rows)
        terminal.feed(render(&renderer, screen(0)))
        renderer.frameCap = 2_000
        var cuts = 0
        for frame in 1..<30 {
            terminal.feed(render(&renderer, screen(frame)))
            if renderer.lastFrameCut { cuts += 1 }
        }
        #expect(cuts > 20)
        // The last row no longer shows the first frame's mark.
        #expect(terminal.screen[(rows - 1) * columns].text != "0")
    }

    @Test("text is what is not a space, a box line, a block element or a sextant", arguments: [
        ("A", true), ("▶", true), ("0", true), ("·", true), (" ", false), ("▀", false), ("▂", false), ("▟", false),
        ("━", false), ("\u{1FB00}", false), ("\u{1FB3B}", false),
    ])
    func textSymbols(symbol: String, isText: Bool) {
        #expect(CellSymbol(symbol.unicodeScalars.first!).isText == isText)
    }

    @Test("without a cap nothing is ever cut")
    func noCapNoCut() {
        var rng = SplitMix64(seed: 3)
        var renderer = ScreenRenderer()
        for frame in 0..<3 {
            _ = render(&renderer, ScreenRendererCapTests.picture(frame, columns: 40, rows: 12, rng: &rng))
            #expect(!renderer.lastFrameCut)
            #expect(!renderer.lastFrameOverCap)
        }
    }
}
