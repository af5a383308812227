@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal
import TestRandom
import TestTerminal

@Suite("Sixel encoder")
struct SixelEncoderTests {
    /// A smooth two-way gradient with a hard-edged block: many colours, the hard case.
    static func gradient(width: Int = 96, height: Int = 60) -> PixelBuffer {
        var image = PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGB(UInt8(x * 255 / (width - 1)), UInt8(y * 255 / (height - 1)), UInt8(255 - x * 200 / (width - 1)))
            }
        }
        image.fill(Rect(x: 10, y: 10, width: 20, height: 15), color: RGB(250, 250, 250))
        return image
    }

    /// Flat areas of a few colours, as `samples/segments.mp4` has.
    static func flat() -> PixelBuffer {
        var image = PixelBuffer(width: 64, height: 40, fill: RGB(255, 0, 0))
        image.fill(Rect(x: 16, y: 0, width: 16, height: 40), color: RGB(0, 255, 0))
        image.fill(Rect(x: 32, y: 0, width: 16, height: 40), color: RGB(0, 0, 255))
        image.fill(Rect(x: 48, y: 0, width: 16, height: 20), color: RGB(255, 255, 0))
        image.fill(Rect(x: 48, y: 20, width: 16, height: 20), color: RGB(255, 255, 255))
        return image
    }

    func encode(_ image: PixelBuffer, holes: CellMask? = nil, with encoder: inout SixelEncoder) -> [UInt8] {
        var out: [UInt8] = []
        encoder.encode(image, holes: holes, into: &out)
        return out
    }

    @Test("what it sends decodes back to the picture: a gradient within 32 dB, at its size, one band feed fewer than bands")
    func gradientRoundTrip() throws {
        let image = Self.gradient()
        var encoder = SixelEncoder(maxColors: 255)
        let bytes = encode(image, with: &encoder)
        let decoded = try #require(SixelDecoder(bytes))
        #expect(decoded.width == image.width && decoded.height == image.height)
        #expect(decoded.pixels.allSatisfy { $0 != nil }, "every pixel drawn")
        #expect(decoded.lineFeeds == (image.height + 5) / 6 - 1, "no band feed after the last band, which could scroll the screen")
        #expect(decoded.psnr(against: image) > 32)
        #expect(show(bytes).hasPrefix("⎋P0;1;0q\"1;1;96;60#0;2;") && show(bytes).hasSuffix("⎋\\"))
    }

    @Test("a few flat colours come back as they were (within the sixel percentages)")
    func flatRoundTrip() throws {
        let image = Self.flat()
        var encoder = SixelEncoder(maxColors: 255)
        let decoded = try #require(SixelDecoder(encode(image, with: &encoder)))
        for y in 0..<image.height {
            for x in 0..<image.width {
                let shown = try #require(decoded.pixels[y * image.width + x])
                #expect(shown.maxChannelDistance(to: image[x, y]) <= 2, "(\(x), \(y))")
            }
        }
    }

    @Test("with only 16 registers the picture still comes back within 20 dB")
    func fewRegisters() throws {
        var encoder = SixelEncoder(maxColors: 16)
        let bytes = encode(Self.gradient(), with: &encoder)
        #expect(encoder.quantizer.palette.count <= 16)
        #expect(try #require(SixelDecoder(bytes)).psnr(against: Self.gradient()) > 20)
    }

    @Test("cut-out cells are left transparent (background mode 1), every other pixel is drawn")
    func holes() throws {
        let image = Self.gradient(width: 48, height: 36)  // 6 × 3 cells of 8 × 12
        var mask = CellMask(columns: 6, rows: 3, cellWidth: 8, cellHeight: 12)
        mask.cut(column: 2, row: 1)
        mask.cut(column: 5, row: 2)
        var encoder = SixelEncoder(maxColors: 255)
        let decoded = try #require(SixelDecoder(encode(image, holes: mask, with: &encoder)))
        #expect(decoded.backgroundMode == 1)
        for y in 0..<36 {
            for x in 0..<48 {
                let hole = (x / 8 == 2 && y / 12 == 1) || (x / 8 == 5 && y / 12 == 2)
                #expect((decoded.pixels[y * 48 + x] == nil) == hole, "(\(x), \(y))")
            }
        }
    }

    @Test("a still picture settles on one palette: sent again, it is the same bytes (no shimmer)")
    func stable() {
        let image = Self.gradient()
        var encoder = SixelEncoder(maxColors: 255)
        var last: [UInt8] = []
        var repeats = 0
        for _ in 0..<12 {
            let bytes = encode(image, with: &encoder)
            repeats = bytes == last ? repeats + 1 : 0
            last = bytes
        }
        #expect(repeats >= 3, "the palette stopped moving")
    }

    @Test("after a cut to another scene the new colours are right at once")
    func sceneCut() throws {
        var encoder = SixelEncoder(maxColors: 255)
        for _ in 0..<3 { _ = encode(PixelBuffer(width: 48, height: 24, fill: RGB(255, 0, 0)), with: &encoder) }
        let green = Self.flat()
        let decoded = try #require(SixelDecoder(encode(green, with: &encoder)))
        #expect(decoded.psnr(against: green) > 40)
    }

    @Test("the nearest colour is the nearest", arguments: [0, 1, 2, 3, 4])
    func nearest(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed))
        let colours = (0..<40).map { _ in RGB(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng)) }
        let search = NearestColour(colours)
        func distance(_ a: RGB, _ b: RGB) -> Int {
            let r = Int(a.r) - Int(b.r), g = Int(a.g) - Int(b.g), b2 = Int(a.b) - Int(b.b)
            return r * r + g * g + b2 * b2
        }
        for _ in 0..<200 {
            let c = RGB(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng))
            let best = colours.map { distance($0, c) }.min()
            #expect(distance(colours[search.nearest(c)], c) == best)
        }
    }
}
