@testable import Drawing
import Testing
import TestTerminal
@testable import Graphics
@testable import Terminal

@Suite("kitty images sized to the link")
struct KittyImageFitTests {
    static let cell = PixelSize(width: 8, height: 16)

    /// The bytes an image of `choice` over 120 × 40 cells is expected to take on the wire.
    static func expectedWireBytes(_ fit: KittyImageFit, _ choice: KittyImageFit.Choice) -> Double {
        Double(120 * 40 * choice.cell.width * choice.cell.height) * fit.bytesPerPixel * 4 / 3
    }

    @Test("no measured rate: the image as it is, at zlib's fastest")
    func unmeasured() {
        let choice = KittyImageFit().choose(columns: 120, rows: 40, cell: Self.cell, rate: nil)
        #expect(choice == .init(cell: Self.cell, level: KittyImageFit.fastLevel, coarse: false))
    }

    @Test("a link that carries the whole image in time gets it whole")
    func fastLink() {
        // 120 × 40 cells of 8 × 16: 614,400 pixels, 2.46 MB on the wire before any measure.
        let choice = KittyImageFit().choose(columns: 120, rows: 40, cell: Self.cell, rate: 50_000_000)
        #expect(choice.cell == Self.cell && !choice.coarse && choice.level == KittyImageFit.fastLevel)
    }

    @Test("a slower link gets a smaller image that crosses within the frame's time, harder compressed",
          arguments: [400_000.0, 1_000_000, 10_000_000])
    func slowLink(rate: Double) {
        let fit = KittyImageFit()
        let choice = fit.choose(columns: 120, rows: 40, cell: Self.cell, rate: rate)
        #expect(choice.cell.width < Self.cell.width && choice.cell.height < Self.cell.height)
        #expect(choice.level == KittyImageFit.slowLevel && choice.coarse)
        #expect(Self.expectedWireBytes(fit, choice) <= rate * KittyImageFit.frameTime)
        // Not needlessly small: a cell one pixel larger each way would not fit.
        let larger = KittyImageFit.Choice(cell: PixelSize(width: choice.cell.width + 1, height: choice.cell.height + 1),
                                          level: choice.level, coarse: true)
        #expect(choice.cell.width == 1 || Self.expectedWireBytes(fit, larger) > rate * KittyImageFit.frameTime)
    }

    @Test("a link too slow for even a pixel a cell gets a pixel a cell")
    func floor() {
        let choice = KittyImageFit().choose(columns: 120, rows: 40, cell: Self.cell, rate: 100_000)
        #expect(choice.cell == PixelSize(width: 1, height: 1))
    }

    @Test("images that compress well are sent larger on the same link")
    func measuredCompression() {
        var fit = KittyImageFit()
        let before = fit.choose(columns: 120, rows: 40, cell: Self.cell, rate: 1_000_000)
        for _ in 0..<6 { fit.sent(pixels: 10_000, compressed: 3_000) }
        #expect(abs(fit.bytesPerPixel - 0.3) < 0.05)
        let after = fit.choose(columns: 120, rows: 40, cell: Self.cell, rate: 1_000_000)
        #expect(after.cell.width > before.cell.width && after.cell.height > before.cell.height)
    }

    @Test("shrinking averages each cell's pixels and drops the two lowest bits when coarse")
    func shrink() {
        var image = PixelBuffer(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { image[x, y] = x < 4 ? RGB(10, 20, 30) : RGB(200, 201, 203) } }
        let exact = image.shrunk(cells: PixelSize(width: 4, height: 8), to: PixelSize(width: 1, height: 2), coarse: false)
        #expect(exact.width == 2 && exact.height == 2)
        #expect(exact.pixels == [RGB(10, 20, 30), RGB(200, 201, 203), RGB(10, 20, 30), RGB(200, 201, 203)])
        let coarse = image.shrunk(cells: PixelSize(width: 4, height: 8), to: PixelSize(width: 1, height: 2), coarse: true)
        #expect(coarse.pixels[0] == RGB(12, 20, 32) && coarse.pixels[1] == RGB(200, 200, 204))
    }
}

@Suite("GraphicsRenderer: kitty over a slow link")
struct KittyOverLinkTests {
    /// A 6 × 3 canvas with a picture over its top-left 4 × 2 cells of 4 × 8 pixels, two colours
    /// side by side, and text on its own background on the second row when `text`.
    static func canvas(text: Bool) -> Canvas {
        var canvas = Canvas(width: 6, height: 3)
        let encoder = FrameEncoder(blitter: .pixels(width: 4, height: 8))
        var pixels = PixelBuffer(width: 16, height: 16)
        for y in 0..<16 { for x in 0..<16 { pixels[x, y] = x < 8 ? RGB(40, 80, 120) : RGB(240, 160, 0) } }
        encoder.encode(pixels, into: &canvas, at: Rect(x: 0, y: 0, width: 4, height: 2))
        if text { canvas.drawText("ab", x: 1, y: 1, fg: .white, bg: RGB(1, 2, 3)) }
        return canvas
    }

    /// The first kitty command sent for ``canvas(text:)`` over a link of 4,300 bytes a second: the
    /// 16 × 16 pixels take 1,365 bytes on the wire before any measure, and 64 pixels (cells of
    /// 2 × 4) fit in the 258 it carries in a frame's time.
    static func sentOverSlowLink(text: Bool) throws -> (keys: String, payload: [UInt8]) {
        var renderer = GraphicsRenderer(mode: .kitty(transport: .direct, cell: PixelSize(width: 4, height: 8)))
        renderer.linkRate = 4_300
        var out: [UInt8] = []
        renderer.render(canvas(text: text), now: 0, into: &out)
        return try #require(kittyCommands(out).first)
    }

    @Test("over a slow link the image goes smaller, placed over the same cells, its o=z data the smaller pixels")
    func smallerImage() throws {
        let command = try Self.sentOverSlowLink(text: false)
        #expect(command.keys.hasPrefix("a=T,f=24,s=8,v=8,i=1,p=1,c=4,r=2,C=1,z=-1,t=d,o=z"))
        let data = try #require(inflated(base64Decoded(command.payload), size: 8 * 8 * 3))
        let expected: [UInt8] = (0..<64).flatMap { $0 % 8 < 4 ? [40, 80, 120] : [240, 160, 0] as [UInt8] }
        #expect(data == expected)
    }

    @Test("the cells cut out of a smaller image are the same cells, at its own pixels")
    func smallerHoles() throws {
        let command = try Self.sentOverSlowLink(text: true)
        #expect(command.keys.hasPrefix("a=T,f=32,s=8,v=8,"))
        let rgba = try #require(inflated(base64Decoded(command.payload), size: 8 * 8 * 4))
        let cut = (0..<64).map { ($0 / 8) / 4 == 1 && [1, 2].contains(($0 % 8) / 2) }
        #expect((0..<64).map { rgba[4 * $0 + 3] == 0 } == cut)
    }

    @Test("a still picture that went smaller goes once more, whole, in the frame drawn refining it; then nothing more")
    func stillRefined() throws {
        var renderer = FrameRenderer(graphics: .kitty(transport: .direct, cell: PixelSize(width: 4, height: 8)))
        renderer.linkRate = 4_300
        var out: [UInt8] = []
        renderer.render(Self.canvas(text: false), now: 0, into: &out)
        #expect(try #require(kittyCommands(out).first).keys.contains("s=8,v=8,"), "a frame's time: smaller")
        #expect(renderer.refinesStill)
        renderer.render(Self.canvas(text: false), now: 1, into: &out)
        #expect(kittyCommands(out).isEmpty, "unchanged, not refining: nothing sent")
        renderer.refiningStill = true
        renderer.render(Self.canvas(text: false), now: 2, into: &out)
        // Half a second of the link (2,150 bytes) carries the 16 × 16 pixels whole.
        let refined = try #require(kittyCommands(out).first)
        #expect(refined.keys.hasPrefix("a=T,f=24,s=16,v=16,i=2,p=1,c=4,r=2,"), "\(refined.keys)")
        #expect(show(out).contains("a=d,d=I,i=1"), "the smaller image deleted: \(show(out))")
        #expect(!renderer.refiningStill, "one frame only")
        #expect(!renderer.refinesStill, "whole now: nothing left to refine")
        renderer.refiningStill = true
        renderer.render(Self.canvas(text: false), now: 3, into: &out)
        #expect(kittyCommands(out).isEmpty)
    }

    @Test("paced by the status question, kitty's answer holds back no screen: the controls go behind the picture")
    func pacedKittyHoldsNothing() {
        var renderer = GraphicsRenderer(mode: .kitty(transport: .direct, cell: PixelSize(width: 4, height: 8)))
        var out: [UInt8] = []
        renderer.render(Self.canvas(text: false), now: 0, into: &out)
        #expect(renderer.holdsScreens(now: 0.1), "unpaced: the next screen waits for kitty's OK")
        renderer.pacedByStatus = true
        #expect(!renderer.holdsScreens(now: 0.1))
        #expect(renderer.isAwaitingTerminal(now: 0.1), "the answer is still read before reel leaves")
    }
}
