@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal
import TestRandom
import TestTerminal

@Suite("Pixels through tmux: the probe behind it and the images' bytes")
struct PixelsThroughTmuxTests {
    /// tmux 3.3a in kitty, as recorded under Xvfb: tmux's 2026 report, version and DA1 at once,
    /// then kitty's answers through passthrough in order, its DA1 last.
    static let kittyBehindTmux = "⎋[?2026;2$y⎋P>|tmux 3.3a⎋\\⎋[?1;2c"
        + "⎋_Gi=7301;OK⎋\\⎋_Gi=7302;OK⎋\\⎋[6;18;9t⎋[4;594;900t⎋[?62;c"
    /// tmux 3.5a built with sixel in xterm: its own DA1 lists 4.
    static let xtermBehindSixelTmux = "⎋P>|tmux 3.5a⎋\\⎋[?1;2;4c⎋[?1;0;1024S⎋[?1;0;1024S⎋[?2;0;1000;1000S⎋[?63;1;2;4;6;9;15;16;22;28c"

    static func probe(_ text: String) -> CapabilityProbe {
        var decoder = InputDecoder()
        var probe = CapabilityProbe(throughTmux: true)
        for case .reply(let reply) in decoder.feed(esc(text)[...], now: 0) { probe.receive(reply) }
        return probe
    }

    @Test("the question: tmux's own first, then the graphics questions and a second DA1 in one passthrough")
    func query() {
        let bytes = CapabilityProbe.query(sharedMemoryName: "/reel-1-1", throughTmux: true)
        let (contents, outside) = unwrapPassthrough(bytes)
        #expect(show(outside) == "⎋[?2026$p⎋[>q⎋[c")
        #expect(contents.count == 1)
        let inner = show(contents[0])
        #expect(inner.hasPrefix("⎋_Ga=q,i=7301") && inner.contains("⎋_Ga=q,i=7302") && inner.contains("⎋[16t"))
        #expect(inner.hasSuffix("⎋[14t⎋[5n⎋[c"))
        #expect(CapabilityProbe.query(sharedMemoryName: nil) == CapabilityProbe.query(sharedMemoryName: nil, throughTmux: false))
    }

    @Test("kitty behind tmux: tmux's DA1 is tmux's, the rest kitty's, and only kitty's DA1 ends the probe")
    func kittyBehind() {
        let probe = Self.probe(Self.kittyBehindTmux)
        #expect(probe.isComplete)
        let found = probe.capabilities
        #expect(found.multiplexerAttributes == [1, 2] && !found.multiplexerSixel)
        #expect(found.kittyGraphics && found.kittySharedMemory && found.answered && !found.sixel)
        #expect(found.cellSize == PixelSize(width: 9, height: 18) && found.terminalVersion == "tmux 3.3a")
        #expect(!Self.probe("⎋P>|tmux 3.3a⎋\\⎋[?1;2c").isComplete, "tmux's own answer alone: the terminal is still awaited")
        #expect(!Self.probe("⎋P>|tmux 3.3a⎋\\⎋[?1;2c").capabilities.answered)
    }

    @Test("xterm behind a tmux with sixel: tmux draws sixel itself, and xterm's registers are known")
    func xtermBehind() {
        let found = Self.probe(Self.xtermBehindSixelTmux).capabilities
        #expect(found.multiplexerSixel && found.sixel && found.maxColorRegisters == 1024)
    }

    static let cell = PixelSize(width: 4, height: 8)

    /// A 6x3 canvas with a 4x2-cell picture at (1, 1) of `colour`.
    static func canvas(_ colour: RGB) -> Canvas { GraphicsRendererTests.canvas(colour) }

    @Test("kitty through passthrough: each chunk wrapped and placed from the pane's origin; deletes wrapped too")
    func kittyWrapped() {
        var renderer = GraphicsRenderer(mode: .kitty(transport: .direct, cell: Self.cell, route: .tmuxPassthrough))
        renderer.origin = CellOrigin(column: 40, row: 2)
        var out: [UInt8] = []
        renderer.render(Self.canvas(.black), now: 0, into: &out)
        let (contents, outside) = unwrapPassthrough(out)
        #expect(outside.isEmpty, "nothing reaches tmux unwrapped")
        #expect(contents.count == 1 && show(contents[0]).hasPrefix("⎋7⎋[3;41H⎋_Ga=T,") && show(contents[0]).hasSuffix("⎋\\⎋8"))
        renderer.receive(.kittyGraphics(image: 1, placement: 1, message: "OK"))
        out.removeAll()
        renderer.render(Self.canvas(.white), now: 1, into: &out)
        let next = unwrapPassthrough(out)
        #expect(next.outside.isEmpty && next.contents.count == 2)
        #expect(show(next.contents[1]) == "⎋_Ga=d,d=I,i=1,q=2⎋\\", "the old picture's delete, in its own passthrough")
        #expect(unwrapPassthrough(renderer.restoreSequence).contents == [KittyGraphics.deleteAll])
    }

    @Test("a new origin (the pane moved) sends the picture again at the new place, the old one deleted")
    func originMoves() {
        var renderer = GraphicsRenderer(mode: .kitty(transport: .direct, cell: Self.cell, route: .tmuxPassthrough))
        var out: [UInt8] = []
        renderer.render(Self.canvas(.black), now: 0, into: &out)
        renderer.origin = CellOrigin(column: 0, row: 0)
        out.removeAll()
        renderer.render(Self.canvas(.black), now: 1, into: &out)
        #expect(out.isEmpty, "the same origin changes nothing")
        var frame = FrameRenderer(graphics: .kitty(transport: .direct, cell: Self.cell, route: .tmuxPassthrough))
        frame.paneOrigin = CellOrigin(column: 10, row: 5)
        #expect(frame.paneOrigin == CellOrigin(column: 10, row: 5))
        renderer.origin = CellOrigin(column: 10, row: 5)
        renderer.render(Self.canvas(.black), now: 2, into: &out)
        let contents = unwrapPassthrough(out).contents.map(show)
        #expect(contents.first == "⎋_Ga=d,d=I,i=1,q=2⎋\\" && contents.last?.hasPrefix("⎋7⎋[6;11H⎋_Ga=T") == true)
    }

    @Test("sixel through passthrough: the image and its DA1 wrapped; tmux's own sixel as on the terminal itself")
    func sixelRoutes() throws {
        var through = GraphicsRenderer(mode: .sixel(colors: 255, maxSize: nil, cell: Self.cell, route: .tmuxPassthrough))
        through.origin = CellOrigin(column: 3, row: 1)
        var out: [UInt8] = []
        through.render(through.cellCanvas(for: Self.canvas(RGB(0, 0, 255))), now: 0, into: &out)
        let (contents, outside) = unwrapPassthrough(out)
        #expect(outside.isEmpty && contents.count == 2)
        #expect(show(contents[0]).hasPrefix("⎋7⎋[2;4H⎋P0;1;0q") && show(contents[1]) == "⎋[c")
        let decoded = try #require(SixelDecoder(contents[0]))
        #expect(decoded.pixels.allSatisfy { $0 == RGB(0, 0, 255) })

        var native = GraphicsRenderer(mode: .sixel(colors: 255, maxSize: nil, cell: Self.cell, route: .tmuxNative))
        var direct = GraphicsRenderer(mode: .sixel(colors: 255, maxSize: nil, cell: Self.cell))
        native.origin = CellOrigin(column: 3, row: 1)
        var nativeOut: [UInt8] = [], directOut: [UInt8] = []
        native.render(native.cellCanvas(for: Self.canvas(RGB(0, 0, 255))), now: 0, into: &nativeOut)
        direct.render(direct.cellCanvas(for: Self.canvas(RGB(0, 0, 255))), now: 0, into: &directOut)
        #expect(nativeOut == directOut, "tmux places its own sixel in the pane: no wrapping, no origin")
    }

    @Test("a sixel too large for one passthrough goes as bands of whole rows, each in its own, each placed")
    func sixelBands() throws {
        var renderer = GraphicsRenderer(mode: .sixel(colors: 255, maxSize: nil, cell: Self.cell, route: .tmuxPassthrough))
        renderer.origin = CellOrigin(column: 2, row: 1)
        renderer.passthroughLimit = 20_000
        var canvas = Canvas(width: 50, height: 13)
        var noise = PixelBuffer(width: 200, height: 96)
        var random = SplitMix64(seed: 38)
        for i in noise.pixels.indices {
            noise.pixels[i] = RGB(UInt8.random(in: 0...255, using: &random), UInt8.random(in: 0...255, using: &random),
                                  UInt8.random(in: 0...255, using: &random))
        }
        FrameEncoder(blitter: .pixels(width: 4, height: 8)).encode(noise, into: &canvas, at: Rect(x: 0, y: 0, width: 50, height: 12))
        var out: [UInt8] = []
        renderer.render(renderer.cellCanvas(for: canvas), now: 0, into: &out)
        let (contents, outside) = unwrapPassthrough(out)
        #expect(outside.isEmpty)
        let images = contents.dropLast()
        #expect(images.count >= 2 && contents.last == esc("⎋[c"), "\(out.count) bytes in \(contents.count)")
        #expect(images.allSatisfy { $0.count <= 20_000 })
        var row = 0
        for image in images {
            let text = show(Array(image.prefix(24)))
            #expect(text.hasPrefix("⎋7⎋[\(row + 2);3H⎋P"), "\(text)")
            let decoded = try #require(SixelDecoder(Array(image.dropFirst(image.firstIndex(of: 0x50)! - 1))))
            #expect(decoded.width == 200 && decoded.height % 8 == 0)
            row += decoded.height / 8
        }
        #expect(row == 12, "the bands cover the picture's rows once")
    }
}
