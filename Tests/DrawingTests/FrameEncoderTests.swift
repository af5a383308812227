import Testing
import Drawing
import TestRandom

@Suite("FrameEncoder and palette")
struct FrameEncoderTests {
    let a = RGB(255, 0, 0), b = RGB(0, 0, 255), c = RGB(0, 200, 0), k = RGB.black

    @Test("half blocks: ▀ with the top pixel in front and the bottom behind; equal pixels make a blank")
    func halfBlocks() {
        let encoder = FrameEncoder()
        #expect(encoder.pixelSize(columns: 3, rows: 2) == (3, 4))
        var image = PixelBuffer(width: 3, height: 4, fill: k)
        image[0, 0] = a; image[0, 1] = b
        image[1, 0] = c; image[1, 1] = c
        image[2, 2] = a
        var canvas = Canvas(width: 5, height: 3, background: RGB(9, 9, 9))
        encoder.encode(image, into: &canvas, at: Rect(x: 1, y: 1, width: 3, height: 2))
        #expect(canvas[1, 1] == Cell(symbol: .upperHalf, fg: a, bg: b))
        #expect(canvas[2, 1] == .blank(c))
        #expect(canvas[3, 1] == .blank(k))
        #expect(canvas[3, 2] == Cell(symbol: .upperHalf, fg: a, bg: k))
        #expect(canvas[0, 0] == .blank(RGB(9, 9, 9)), "cells outside the rect are untouched")
        #expect(canvas[4, 2] == .blank(RGB(9, 9, 9)))
        #expect(canvas.pixel(x: 1, py: 2) == a && canvas.pixel(x: 1, py: 3) == b)
    }

    @Test("pixel aspect: square half-block pixels and 4 × 8 samples on 1:2 cells")
    func pixelAspect() {
        #expect(FrameEncoder(blitter: .half).pixelAspect(cellAspect: 0.5) == 1)
        #expect(FrameEncoder(blitter: .quadrant).pixelAspect(cellAspect: 0.5) == 1)
        #expect(FrameEncoder(blitter: .half).pixelAspect(cellAspect: 0.45) == 0.9)
    }

    @Test("quadrant, sextant and octant pictures go on whole cells down and half cells across; half blocks on any pixel",
          arguments: [(FrameEncoder.Blitter.sextant, 2, 8), (.octant, 2, 8), (.half, 1, 1), (.quadrant, 2, 8),
                      (.pixels(width: 8, height: 16), 1, 1)])
    func pictureGrain(blitter: FrameEncoder.Blitter, across: Int, down: Int) {
        #expect(blitter.pictureGrain == (across, down))
        // A whole cell down, in the blitter's own pixels, wherever the grain is coarser than one.
        if down > 1 { #expect(down == blitter.pixelsPerRow && 2 * across == blitter.pixelsPerColumn) }
    }

    @Test("an image too small for the rect leaves the rest, and the rect is clipped to the canvas")
    func clipping() {
        var canvas = Canvas(width: 2, height: 1, background: RGB(9, 9, 9))
        FrameEncoder().encode(PixelBuffer(width: 1, height: 2, fill: a), into: &canvas, at: Rect(x: 1, y: 0, width: 5, height: 5))
        #expect(canvas[1, 0] == .blank(a))
        #expect(canvas[0, 0] == .blank(RGB(9, 9, 9)))
    }

    @Test("a clip shows the part of the picture inside it, in the rows and columns where it belongs")
    func clipRect() {
        // Three rows of cells, each a different colour: a, b, then c.
        var image = PixelBuffer(width: 2, height: 6, fill: a)
        for x in 0..<2 { image[x, 2] = b; image[x, 3] = b; image[x, 4] = c; image[x, 5] = c }
        var canvas = Canvas(width: 3, height: 4, background: k)
        FrameEncoder().encode(image, into: &canvas, at: Rect(x: 0, y: 0, width: 2, height: 3), clip: Rect(x: 1, y: 1, width: 5, height: 5))
        #expect(canvas[1, 1] == .blank(b) && canvas[1, 2] == .blank(c), "the lower rows, where they belong")
        #expect(canvas[0, 1] == .blank(k) && canvas[1, 0] == .blank(k), "nothing outside the clip")
        #expect(canvas[2, 1] == .blank(k) && canvas[1, 3] == .blank(k), "nothing outside the rect")
    }

    @Test("rgb0, bgr0 and rgb24 frames load with their stride")
    func loading() {
        let bytes: [UInt8] = [1, 2, 3, 0, 4, 5, 6, 0, 99, 99, 99, 99,
                              7, 8, 9, 0, 10, 11, 12, 0, 99, 99, 99, 99]
        var image = PixelBuffer(width: 1, height: 1)
        bytes.withUnsafeBytes { image.load(rgb0: $0.baseAddress!, width: 2, height: 2, stride: 12) }
        #expect(image.pixels == [RGB(1, 2, 3), RGB(4, 5, 6), RGB(7, 8, 9), RGB(10, 11, 12)])
        bytes.withUnsafeBytes { image.load(bgr0: $0.baseAddress!, width: 2, height: 2, stride: 12) }
        #expect(image.pixels == [RGB(3, 2, 1), RGB(6, 5, 4), RGB(9, 8, 7), RGB(12, 11, 10)])
        let packed: [UInt8] = [1, 2, 3, 4, 5, 6, 99, 99, 7, 8, 9, 10, 11, 12, 99, 99]
        packed.withUnsafeBytes { image.load(rgb24: $0.baseAddress!, width: 2, height: 2, stride: 8) }
        #expect(image.pixels == [RGB(1, 2, 3), RGB(4, 5, 6), RGB(7, 8, 9), RGB(10, 11, 12)])
    }

    @Test("blending a rectangle gives each pixel what RGB.blended gives it, clipped to the image",
          arguments: [0, 0.1, 0.25, 0.5, 0.6, 0.999, 1, -1, 2, .nan])
    func rectangleBlend(alpha: Double) {
        var image = PixelBuffer(width: 5, height: 4)
        for index in image.pixels.indices { image.pixels[index] = RGB(UInt8(index * 13 % 256), UInt8(index * 71 % 256), UInt8(255 - index * 7)) }
        let before = image
        let colour = RGB(30, 200, 90)
        image.blend(Rect(x: 1, y: -2, width: 9, height: 5), with: colour, alpha: alpha)
        for y in 0..<4 {
            for x in 0..<5 {
                let inside = x >= 1 && y < 3
                #expect(image[x, y] == (inside ? before[x, y].blended(with: colour, alpha: alpha) : before[x, y]), "at \(x), \(y)")
            }
        }
    }

    @Test("an RGB is three bytes, red first: frames are copied and sent as raw bytes")
    func rgbLayout() {
        #expect(MemoryLayout<RGB>.size == 3 && MemoryLayout<RGB>.stride == 3)
        let bytes = [RGB(1, 2, 3), RGB(4, 5, 6)].withUnsafeBytes { Array($0) }
        #expect(bytes == [1, 2, 3, 4, 5, 6])
    }

    @Test("pixel buffer effects: fill, darken rows, blend and disc")
    func pixelEffects() {
        var image = PixelBuffer(width: 4, height: 4, fill: RGB(200, 200, 200))
        image.darken(rows: 1..<2, by: 0.5)
        #expect(image[0, 1] == RGB(100, 100, 100) && image[3, 1] == RGB(100, 100, 100) && image[0, 0] == RGB(200, 200, 200))
        image.fill(Rect(x: 2, y: 2, width: 5, height: 5), color: a)
        #expect(image[3, 3] == a && image[1, 3] == RGB(200, 200, 200))
        image.blend(Rect(x: 0, y: 3, width: 1, height: 1), with: .black, alpha: 1)
        #expect(image[0, 3] == .black)
        image.paintDisc(cx: 2, cy: 2, radius: 1.5, color: b)
        #expect(image[1, 1] == b && image[0, 0] == RGB(200, 200, 200))
    }

    @Test("256 colours: the nearest of the cube and the grey ramp", arguments: [
        (RGB(255, 0, 0), 196), (RGB(0, 0, 0), 16), (RGB(255, 255, 255), 231), (RGB(8, 8, 8), 232),
        (RGB(128, 128, 128), 244), (RGB(95, 95, 95), 59), (RGB(238, 238, 238), 255), (RGB(250, 10, 10), 196),
        (RGB(0, 95, 135), 24),
    ] as [(RGB, UInt8)])
    func palette(color: RGB, index: UInt8) {
        #expect(Palette256.index(of: color) == index)
    }

    @Test("the fast palette search agrees with a brute-force search")
    func paletteBruteForce() {
        var rng = SplitMix64(seed: 256)
        func distance(_ x: RGB, _ y: RGB) -> Int {
            let dr = Int(x.r) - Int(y.r), dg = Int(x.g) - Int(y.g), db = Int(x.b) - Int(y.b)
            return dr * dr + dg * dg + db * db
        }
        for _ in 0..<20_000 {
            let color = RGB(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng))
            let best = (16...255).map { distance(color, Palette256.color(at: UInt8($0))) }.min()!
            #expect(distance(color, Palette256.color(at: Palette256.index(of: color))) == best)
        }
    }
}

@Suite("Dithering to the 256-colour palette")
struct PaletteDitherTests {
    /// A horizontal ramp from dark red to orange, 64 × 8 pixels: the demo's kind of gradient.
    static func ramp() -> PixelBuffer {
        var image = PixelBuffer(width: 64, height: 8)
        for y in 0..<8 {
            for x in 0..<64 { image[x, y] = RGB(UInt8(120 + x * 2), UInt8(20 + x), 10) }
        }
        return image
    }

    /// The canvas's half-block pixels averaged over 4 × 4 blocks, against the source's.
    static func blockError(_ canvas: Canvas, _ image: PixelBuffer) -> Double {
        var total = 0.0, count = 0.0
        for by in stride(from: 0, to: 8, by: 4) {
            for bx in stride(from: 0, to: 64, by: 4) {
                var shown = (0.0, 0.0, 0.0), source = (0.0, 0.0, 0.0)
                for y in by..<by + 4 {
                    for x in bx..<bx + 4 {
                        let p = canvas.pixel(x: x, py: y), s = image[x, y]
                        shown.0 += Double(p.r); shown.1 += Double(p.g); shown.2 += Double(p.b)
                        source.0 += Double(s.r); source.1 += Double(s.g); source.2 += Double(s.b)
                    }
                }
                total += (abs(shown.0 - source.0) + abs(shown.1 - source.1) + abs(shown.2 - source.2)) / 16
                count += 1
            }
        }
        return total / count
    }

    @Test("a ramp dithers to palette colours that average closer to it than plain quantising, and the same every time")
    func ramp() {
        let image = Self.ramp()
        var plain = Canvas(width: 64, height: 4), dithered = Canvas(width: 64, height: 4), again = Canvas(width: 64, height: 4)
        FrameEncoder().encode(image, into: &plain, at: plain.bounds)
        for y in 0..<8 { for x in 0..<64 { plain.setPixel(x: x, py: y, color: Palette256.quantized(plain.pixel(x: x, py: y))) } }
        FrameEncoder(dithersToPalette: true).encode(image, into: &dithered, at: dithered.bounds)
        FrameEncoder(dithersToPalette: true).encode(image, into: &again, at: again.bounds)
        #expect(dithered == again, "the pattern must hold still")
        for y in 0..<8 { for x in 0..<64 { #expect(Palette256.quantized(dithered.pixel(x: x, py: y)) == dithered.pixel(x: x, py: y)) } }
        let plainError = Self.blockError(plain, image), ditheredError = Self.blockError(dithered, image)
        #expect(ditheredError < plainError * 0.6, "dithered \(ditheredError) against plain \(plainError)")
    }
}
