import CZlib
@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal

#if canImport(Glibc)
import Glibc
import TestTerminal
#endif

/// The APC commands `ESC _ G keys ; payload ESC \` in `bytes`, as (keys, payload) pairs.
func kittyCommands(_ bytes: [UInt8]) -> [(keys: String, payload: [UInt8])] {
    var commands: [(String, [UInt8])] = []
    var i = 0
    while i + 2 < bytes.count {
        guard bytes[i] == 0x1B, bytes[i + 1] == 0x5F, bytes[i + 2] == 0x47 else { i += 1; continue }
        var end = i + 3
        while end + 1 < bytes.count, !(bytes[end] == 0x1B && bytes[end + 1] == 0x5C) { end += 1 }
        let body = bytes[(i + 3)..<end]
        let semicolon = body.firstIndex(of: 0x3B) ?? body.endIndex
        commands.append((String(decoding: body[..<semicolon], as: UTF8.self),
                         semicolon < body.endIndex ? Array(body[(semicolon + 1)...]) : []))
        i = end + 2
    }
    return commands
}

/// Standard base64 decoded (the tests' own, to check the encoder's output independently).
func base64Decoded(_ text: [UInt8]) -> [UInt8] {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    var buffer = 0, bits = 0
    for c in text where c != 0x3D {
        guard let value = alphabet.firstIndex(of: c) else { continue }
        buffer = buffer << 6 | value
        bits += 6
        if bits >= 8 {
            bits -= 8
            out.append(UInt8((buffer >> bits) & 0xFF))
        }
    }
    return out
}

/// zlib-decompresses `data` into `size` bytes, or nil.
func inflated(_ data: [UInt8], size: Int) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: size)
    var length = uLong(size)
    let status = out.withUnsafeMutableBufferPointer { o in
        data.withUnsafeBufferPointer { i in uncompress(o.baseAddress, &length, i.baseAddress, uLong(data.count)) }
    }
    return status == Z_OK && Int(length) == size ? out : nil
}

@Suite("kitty graphics")
struct KittyGraphicsTests {
    @Test("base64 as RFC 4648 gives it", arguments: [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ])
    func base64(input: String, expected: String) {
        #expect(String(decoding: Base64.encode(Array(input.utf8)), as: UTF8.self) == expected)
    }

    @Test("direct data goes in chunks of at most 4096 characters; the keys ride the first, m=1 on all but the last")
    func chunking() {
        let payload = (0..<10_000).map { UInt8(0x41 + $0 % 26) }
        var out: [UInt8] = []
        KittyGraphics.appendChunked(firstKeys: "a=T,i=5", payload: payload, into: &out)
        let commands = kittyCommands(out)
        #expect(commands.map(\.keys) == ["a=T,i=5,m=1", "m=1", "m=0"])
        #expect(commands.allSatisfy { $0.payload.count <= KittyGraphics.chunkSize })
        #expect(commands.flatMap(\.payload) == payload)
        out.removeAll()
        KittyGraphics.appendChunked(firstKeys: "a=T,i=6", payload: Array(payload[..<100]), into: &out)
        #expect(kittyCommands(out).map(\.keys) == ["a=T,i=6"], "one chunk: no m at all")
    }

    @Test("a frame sent directly inflates back to its pixels")
    func directRoundTrip() throws {
        var image = PixelBuffer(width: 90, height: 40)
        for y in 0..<40 { for x in 0..<90 { image[x, y] = RGB(UInt8(x), UInt8(y * 6), UInt8((x * y) % 256)) } }
        var out: [UInt8] = []
        let compressed = try #require(image.pixels.withUnsafeBytes { Deflate.compress($0) })
        KittyGraphics.transmitDirect(keys: KittyGraphics.placementKeys(id: 3, format: .rgb, width: 90, height: 40, columns: 10, rows: 2),
                                     compressed: compressed, into: &out)
        let commands = kittyCommands(out)
        #expect(commands.first?.keys.hasPrefix("a=T,f=24,s=90,v=40,i=3,p=1,c=10,r=2,C=1,z=-1,t=d,o=z") == true)
        let data = try #require(inflated(base64Decoded(commands.flatMap(\.payload)), size: 90 * 40 * 3))
        #expect(data == image.pixels.flatMap { [$0.r, $0.g, $0.b] })
    }
}

@Suite("GraphicsRenderer")
struct GraphicsRendererTests {
    static let cell = PixelSize(width: 4, height: 8)

    /// A 6 × 3 canvas with a picture of `colour` over its top-left 4 × 2 cells.
    static func canvas(_ colour: RGB, text: String? = nil, textBackground: RGB? = nil) -> Canvas {
        var canvas = Canvas(width: 6, height: 3)
        let encoder = FrameEncoder(blitter: .pixels(width: cell.width, height: cell.height))
        let size = encoder.pixelSize(columns: 4, rows: 2)
        encoder.encode(PixelBuffer(width: size.width, height: size.height, fill: colour), into: &canvas,
                       at: Rect(x: 0, y: 0, width: 4, height: 2))
        if let text { canvas.drawText(text, x: 1, y: 1, fg: .white, bg: textBackground) }
        return canvas
    }

    @Test("kitty: a new picture is transmitted and placed under a new id, then the old one deleted; an unchanged one sends nothing")
    func kittyFrames() {
        var renderer = GraphicsRenderer(mode: .kitty(transport: .direct, cell: Self.cell))
        var out: [UInt8] = []
        renderer.render(Self.canvas(.black), now: 0, into: &out)
        #expect(show(out).hasPrefix("⎋[1;1H⎋_Ga=T,f=24,s=16,v=16,i=1,p=1,c=4,r=2,C=1,z=-1,t=d,o=z;"))
        #expect(renderer.isAwaitingTerminal(now: 0.1), "one frame in flight until kitty answers")
        renderer.receive(.kittyGraphics(image: 1, placement: 1, message: "OK"))
        #expect(!renderer.isAwaitingTerminal(now: 0.1))

        out.removeAll()
        renderer.render(Self.canvas(.black), now: 1, into: &out)
        #expect(out.isEmpty && !renderer.lastFrameChanged)

        renderer.render(Self.canvas(.white), now: 2, into: &out)
        let keys = kittyCommands(out).map(\.keys)
        #expect(keys.first?.contains("i=2,p=1") == true)
        #expect(keys.last == "a=d,d=I,i=1,q=2", "the old picture goes after the new one is placed")
        #expect(!renderer.isAwaitingTerminal(now: 2 + GraphicsRenderer.acknowledgementTimeout), "a lost answer is given up on")

        out.removeAll()
        renderer.render(Canvas(width: 6, height: 3), now: 4, into: &out)
        #expect(kittyCommands(out).map(\.keys) == ["a=d,d=I,i=2,q=2"], "a picture no longer there is deleted")
    }

    @Test("kitty: text on the picture stays on it; a background of its own cuts the cells out (RGBA, alpha 0)")
    func kittyHoles() throws {
        var renderer = GraphicsRenderer(mode: .kitty(transport: .direct, cell: Self.cell))
        var out: [UInt8] = []
        renderer.render(Self.canvas(.white, text: "ab"), now: 0, into: &out)
        #expect(kittyCommands(out).first?.keys.contains("f=24") == true, "glyphs lie over the picture")

        out.removeAll()
        renderer.render(Self.canvas(.white, text: "ab", textBackground: RGB(1, 2, 3)), now: 1, into: &out)
        let first = try #require(kittyCommands(out).first)
        #expect(first.keys.contains("f=32"))
        let rgba = try #require(inflated(base64Decoded(first.payload), size: 16 * 16 * 4))
        for y in 0..<16 {
            for x in 0..<16 {
                let cut = y / 8 == 1 && (x / 4 == 1 || x / 4 == 2)
                #expect(rgba[4 * (y * 16 + x) + 3] == (cut ? 0 : 255), "(\(x), \(y))")
            }
        }
    }

    /// The bytes of the file at `path`, up to `count`.
    func contents(of path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, count) }
        return read == count ? bytes : nil
    }

    @Test("kitty through shared memory: one kept file, written again once kitty has answered, gone at the end")
    func sharedMemoryFile() throws {
        var renderer = GraphicsRenderer(mode: .kitty(transport: .sharedMemory, cell: Self.cell))
        var out: [UInt8] = []
        renderer.render(Self.canvas(RGB(7, 8, 9)), now: 0, into: &out)
        let command = try #require(kittyCommands(out).first)
        #expect(command.keys.contains("t=f,S=768"))
        let path = String(decoding: base64Decoded(command.payload), as: UTF8.self)
        #expect(path.hasPrefix("/dev/shm/reel-"))
        #expect(contents(of: path, count: 6) == [7, 8, 9, 7, 8, 9])
        renderer.receive(.kittyGraphics(image: 1, placement: nil, message: "OK"))
        #expect(access(path, F_OK) == 0, "kept once kitty answered")

        out.removeAll()
        renderer.render(Self.canvas(RGB(9, 8, 7)), now: 1, into: &out)
        #expect(String(decoding: base64Decoded(try #require(kittyCommands(out).first).payload), as: UTF8.self) == path,
                "the same file again")
        #expect(contents(of: path, count: 6) == [9, 8, 7, 9, 8, 7])
        // Not answered: the next frame goes in another file, and the first keeps its picture.
        out.removeAll()
        renderer.render(Self.canvas(RGB(1, 2, 3)), now: 2, into: &out)
        let other = String(decoding: base64Decoded(try #require(kittyCommands(out).first).payload), as: UTF8.self)
        #expect(other != path && contents(of: other, count: 3) == [1, 2, 3])
        #expect(contents(of: path, count: 3) == [9, 8, 7])
        renderer.releaseSharedMemory()
        #expect(access(path, F_OK) != 0 && access(other, F_OK) != 0, "unlinked on the way out")
    }

    @Test("kitty through shared memory: a file kitty refuses sends the rest as objects, each gone once answered")
    func sharedMemoryObjects() throws {
        var renderer = GraphicsRenderer(mode: .kitty(transport: .sharedMemory, cell: Self.cell))
        var out: [UInt8] = []
        renderer.render(Self.canvas(RGB(7, 8, 9)), now: 0, into: &out)
        let file = String(decoding: base64Decoded(try #require(kittyCommands(out).first).payload), as: UTF8.self)
        renderer.receive(.kittyGraphics(image: 1, placement: nil, message: "EBADF:Refusing to read from /dev"))
        #expect(access(file, F_OK) != 0, "the refused file is gone")

        out.removeAll()
        renderer.render(Self.canvas(RGB(9, 8, 7)), now: 1, into: &out)
        let command = try #require(kittyCommands(out).first { $0.keys.contains("t=") })
        #expect(command.keys.contains("t=s,S=768"))
        let path = "/dev/shm" + String(decoding: base64Decoded(command.payload), as: UTF8.self)
        #expect(contents(of: path, count: 3) == [9, 8, 7])
        renderer.receive(.kittyGraphics(image: 2, placement: nil, message: "OK"))
        #expect(access(path, F_OK) != 0, "unlinked once kitty answered")

        out.removeAll()
        renderer.render(Self.canvas(RGB(1, 2, 3)), now: 2, into: &out)
        let command3 = try #require(kittyCommands(out).first { $0.keys.contains("t=") })
        let second = "/dev/shm" + String(decoding: base64Decoded(command3.payload), as: UTF8.self)
        #expect(access(second, F_OK) == 0)
        renderer.releaseSharedMemory()
        #expect(access(second, F_OK) != 0, "unlinked on the way out, though kitty never answered")
    }

    @Test("invalidate: the next frame sends the picture again, after deleting the old id")
    func invalidate() {
        var renderer = GraphicsRenderer(mode: .kitty(transport: .direct, cell: Self.cell))
        var out: [UInt8] = []
        renderer.render(Self.canvas(.black), now: 0, into: &out)
        renderer.invalidate()
        out.removeAll()
        renderer.render(Self.canvas(.black), now: 1, into: &out)
        let keys = kittyCommands(out).map(\.keys)
        #expect(keys.first == "a=d,d=I,i=1,q=2" && keys.last?.contains("i=2") == true)
    }

    @Test("sixel: the picture from its top-left cell, then a DA1 query as its acknowledgement")
    func sixelFrame() throws {
        var renderer = GraphicsRenderer(mode: .sixel(colors: 255, maxSize: nil, cell: Self.cell))
        var out: [UInt8] = []
        let canvas = renderer.cellCanvas(for: Self.canvas(RGB(0, 0, 255)))
        renderer.render(canvas, now: 0, into: &out)
        #expect(show(out).hasPrefix("⎋[1;1H⎋P0;1;0q\"1;1;16;16"))
        #expect(show(out).hasSuffix("⎋\\⎋[c"))
        #expect(renderer.isAwaitingTerminal(now: 0.5))
        renderer.receive(.deviceAttributes([63, 4]))
        #expect(!renderer.isAwaitingTerminal(now: 0.5))
        let decoded = try #require(SixelDecoder(out))
        #expect(decoded.pixels.allSatisfy { $0 == RGB(0, 0, 255) })
    }

    @Test("sixel: text on the picture is cut out and drawn on the colour under it")
    func sixelText() throws {
        let renderer = GraphicsRenderer(mode: .sixel(colors: 255, maxSize: nil, cell: Self.cell))
        let canvas = renderer.cellCanvas(for: Self.canvas(RGB(200, 0, 0), text: "ab"))
        #expect(!canvas[1, 1].style.contains(.seeThrough) && canvas[1, 1].bg == RGB(200, 0, 0))
        #expect(canvas[0, 1].style.contains(.seeThrough), "blanks stay the picture's")
        var copy = renderer
        var out: [UInt8] = []
        copy.render(canvas, now: 0, into: &out)
        let decoded = try #require(SixelDecoder(out))
        #expect(decoded.pixels[12 * 16 + 5] == nil && decoded.pixels[12 * 16 + 1] != nil)
    }

    @Test("sixel: a picture that reaches the bottom row stops a row short, which is drawn in half blocks")
    func sixelBottomRow() throws {
        var renderer = GraphicsRenderer(mode: .sixel(colors: 255, maxSize: nil, cell: Self.cell))
        var canvas = Canvas(width: 2, height: 2)
        var image = PixelBuffer(width: 8, height: 16, fill: RGB(0, 200, 0))
        image.fill(Rect(x: 0, y: 12, width: 8, height: 4), color: RGB(0, 0, 200))
        FrameEncoder(blitter: .pixels(width: 4, height: 8)).encode(image, into: &canvas, at: canvas.bounds)
        let cells = renderer.cellCanvas(for: canvas)
        #expect(cells[0, 1] == Cell(symbol: .upperHalf, fg: RGB(0, 200, 0), bg: RGB(0, 0, 200)))
        var out: [UInt8] = []
        renderer.render(cells, now: 0, into: &out)
        let decoded = try #require(SixelDecoder(out))
        #expect(decoded.height == 8, "one row of cells, not two")
    }
}
