@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal
import TestTerminal

/// The OSC 1337 `File=` sequences in `bytes`, as (arguments, payload) pairs.
func itermImages(_ bytes: [UInt8]) -> [(arguments: String, payload: [UInt8])] {
    let opening = esc("⎋]1337;File=")
    var images: [(String, [UInt8])] = []
    var i = 0
    while i + opening.count <= bytes.count {
        guard Array(bytes[i..<(i + opening.count)]) == opening else { i += 1; continue }
        var end = i + opening.count
        while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == 0x5C) { end += 1 }
        let body = bytes[(i + opening.count)..<end]
        let colon = body.firstIndex(of: 0x3A) ?? body.endIndex
        images.append((String(decoding: body[..<colon], as: UTF8.self), colon < body.endIndex ? Array(body[(colon + 1)...]) : []))
        i = end + 2
    }
    return images
}

/// The RGB pixels of a PNG as reel writes it (8-bit truecolour, one IDAT, filter 0), or nil.
func pngPixels(_ png: [UInt8]) -> (width: Int, height: Int, rgb: [UInt8])? {
    guard png.count > 33, Array(png[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
    func word(_ at: Int) -> Int { Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3]) }
    let width = word(16), height = word(20)
    var at = 8
    var data: [UInt8] = []
    while at + 8 <= png.count {
        let length = word(at)
        let type = String(decoding: png[(at + 4)..<(at + 8)], as: UTF8.self)
        if type == "IDAT" { data += png[(at + 8)..<(at + 8 + length)] }
        at += 12 + length
    }
    guard let raw = inflated(data, size: height * (width * 3 + 1)) else { return nil }
    var rgb: [UInt8] = []
    let stride = width * 3 + 1
    for y in 0..<height {
        let start: Int = y * stride + 1
        rgb += raw[start..<(start + width * 3)]
    }
    return (width, height, rgb)
}

@Suite("iTerm2's inline images")
struct ITermImageTests {
    static let cell = PixelSize(width: 4, height: 8)

    @Test("the sequence: inline, the PNG's size in bytes, its cells, no aspect kept, the PNG in base64, ended by ST")
    func sequenceBytes() throws {
        let png: [UInt8] = [1, 2, 3, 4, 5]
        let bytes = ITermImage.sequence(png: png, columns: 12, rows: 7)
        #expect(show(bytes) == "⎋]1337;File=inline=1;size=5;width=12;height=7;preserveAspectRatio=0:AQIDBAU=⎋\\")
    }

    @Test("the picture goes as a PNG of its own pixels, which the test's own decoder reads back")
    func picturePNG() throws {
        var pixels = PixelBuffer(width: 8, height: 16, fill: RGB(10, 20, 30))
        pixels.fill(Rect(x: 4, y: 8, width: 4, height: 8), color: RGB(250, 128, 0))
        let image = try #require(itermImages(ITermImage.sequence(pixels: pixels, columns: 2, rows: 2)).first)
        let png = base64Decoded(image.payload)
        #expect(image.arguments == "inline=1;size=\(png.count);width=2;height=2;preserveAspectRatio=0")
        let decoded = try #require(pngPixels(png))
        #expect(decoded.width == 8 && decoded.height == 16)
        #expect(Array(decoded.rgb[0..<3]) == [10, 20, 30])
        #expect(Array(decoded.rgb[(15 * 8 + 7) * 3..<((15 * 8 + 7) * 3 + 3)]) == [250, 128, 0])
    }

    @Test("a frame: the picture from its top-left cell, then DA1 as its acknowledgement; the same picture again sends nothing")
    func frame() throws {
        var renderer = GraphicsRenderer(mode: .iterm2(cell: Self.cell))
        let canvas = renderer.cellCanvas(for: GraphicsRendererTests.canvas(RGB(0, 0, 255)))
        var out: [UInt8] = []
        renderer.render(canvas, now: 0, into: &out)
        #expect(show(out).hasPrefix("⎋[1;1H⎋]1337;File=inline=1;"))
        #expect(show(out).hasSuffix("⎋\\⎋[c"))
        let image = try #require(itermImages(out).first)
        #expect(image.arguments.hasSuffix(";width=4;height=2;preserveAspectRatio=0"))
        let decoded = try #require(pngPixels(base64Decoded(image.payload)))
        #expect(decoded.width == 16 && decoded.height == 16)
        #expect(renderer.isAwaitingTerminal(now: 0.5))
        renderer.receive(.deviceAttributes([63, 4]))
        #expect(!renderer.isAwaitingTerminal(now: 0.5))
        out.removeAll()
        renderer.render(canvas, now: 1, into: &out)
        #expect(out.isEmpty && !renderer.lastFrameChanged)
        #expect(renderer.restoreSequence == [0x18, 0x1B, 0x5C])
    }

    @Test("text on the picture is cut out of it and written again after it, on the colour under it")
    func textAfterPicture() throws {
        var renderer = FrameRenderer(graphics: .iterm2(cell: Self.cell))
        #expect(renderer.cells.seeThroughOnOwnColour)
        var out: [UInt8] = []
        renderer.render(GraphicsRendererTests.canvas(RGB(200, 0, 0), text: "ab"), now: 0, into: &out)
        let text = show(out)
        let image = try #require(text.firstRange(of: "⎋]1337;File="))
        let again = try #require(text[image.upperBound...].firstRange(of: "ab"), "the text after the picture: \(text)")
        #expect(text[again.upperBound...].hasSuffix("⎋[?2026l"))
    }

    @Test("through tmux's passthrough: wrapped with the cursor saved, moved from the pane's origin and restored")
    func passthrough() throws {
        var renderer = GraphicsRenderer(mode: .iterm2(cell: Self.cell, route: .tmuxPassthrough))
        renderer.origin = CellOrigin(column: 10, row: 2)
        let canvas = renderer.cellCanvas(for: GraphicsRendererTests.canvas(RGB(0, 90, 0)))
        var out: [UInt8] = []
        renderer.render(canvas, now: 0, into: &out)
        #expect(show(out).hasPrefix("⎋Ptmux;⎋⎋7⎋⎋[3;11H⎋⎋]1337;File=inline=1;"))
        #expect(show(out).hasSuffix("⎋⎋\\⎋⎋8⎋\\⎋Ptmux;⎋⎋[c⎋\\"))
    }

    @Test("through passthrough a picture too large for one goes in bands of whole rows, each sized to its cells")
    func bands() throws {
        var renderer = GraphicsRenderer(mode: .iterm2(cell: Self.cell, route: .tmuxPassthrough))
        var canvas = Canvas(width: 4, height: 5)
        var pixels = PixelBuffer(width: 16, height: 32)
        for y in 0..<32 { for x in 0..<16 { pixels[x, y] = RGB(UInt8(x * 16), UInt8(y * 8), UInt8((x * y) & 255)) } }
        renderer.passthroughLimit = ITermImage.sequence(pixels: pixels, columns: 4, rows: 4).count * 3 / 4 + 64
        FrameEncoder(blitter: .pixels(width: 4, height: 8)).encode(pixels, into: &canvas, at: Rect(x: 0, y: 0, width: 4, height: 4))
        var out: [UInt8] = []
        renderer.render(renderer.cellCanvas(for: canvas), now: 0, into: &out)
        let images = itermImages(out.undoubled)
        #expect(images.count > 1)
        #expect(images.allSatisfy { $0.arguments.contains(";width=4;") })
        let rows = images.compactMap { $0.arguments.split(separator: ";").first { $0.hasPrefix("height=") }.flatMap { Int($0.dropFirst(7)) } }
        #expect(rows.reduce(0, +) == 4)
    }

    @Test("--graphics=iterm2 draws iTerm2's images on the terminal, and through tmux's passthrough inside tmux")
    func choice() {
        var capabilities = TerminalCapabilities()
        capabilities.cellSize = PixelSize(width: 7, height: 14)
        let size = TerminalSize(columns: 100, rows: 30, pixelWidth: 700, pixelHeight: 420)
        let mode = GraphicsMode.choose(.iterm2, capabilities: capabilities, size: size, environment: [:])
        #expect(mode == .iterm2(cell: PixelSize(width: 7, height: 14)))
        #expect(mode.name == "iterm2" && mode.drawsOverCells && !mode.textOverPicturesIsCostly)
        let inTmux = GraphicsMode.chooseInTmux(.iterm2, capabilities: capabilities, size: size, view: nil)
        #expect(inTmux.mode == .iterm2(cell: PixelSize(width: 7, height: 14), route: .tmuxPassthrough))
        #expect(inTmux.mode.name == "iterm2 via tmux passthrough")
        #expect(GraphicsMode.Preference(rawValue: "iterm2") == .iterm2)
        #expect(GraphicsMode.choose(.auto, capabilities: capabilities, size: size, environment: [:]) == .blocks,
                "auto never picks it")
        let blitter = BlitterChoice.choose(blitter: .auto, graphics: .iterm2, pixels: mode, richest: .sextant, multiplexed: false)
        #expect(blitter.graphics == mode)
    }
}

extension Array where Element == UInt8 {
    /// The bytes with tmux's doubled ESCs made single again, and its passthrough's openings and
    /// closings left in (harmless to the image parser, which looks for OSC 1337 in them).
    var undoubled: [UInt8] {
        var out: [UInt8] = []
        var i = 0
        while i < count {
            out.append(self[i])
            i += self[i] == 0x1B && i + 1 < count && self[i + 1] == 0x1B ? 2 : 1
        }
        return out
    }
}
