@testable import Drawing
import Testing
@testable import Terminal
import TestTerminal

/// Each cell blitter's bytes for the same picture, exactly: what the terminal receives.
@Suite("Blitter bytes")
struct BlitterBytesTests {
    static let white = RGB.white, black = RGB.black, red = RGB(200, 0, 0)

    /// Two cells: the left one white above black (its top half), the right one red in its
    /// bottom quarter on black; `perColumn` × `perRow` pixels a cell.
    static func picture(perColumn: Int, perRow: Int) -> PixelBuffer {
        var image = PixelBuffer(width: 2 * perColumn, height: perRow)
        for y in 0..<perRow {
            for x in 0..<perColumn { image[x, y] = y < perRow / 2 ? white : black }
            for x in perColumn..<(2 * perColumn) { image[x, y] = y >= perRow * 3 / 4 ? red : black }
        }
        return image
    }

    static func bytes(_ blitter: FrameEncoder.Blitter) -> String {
        let encoder = FrameEncoder(blitter: blitter)
        var canvas = Canvas(width: 2, height: 1)
        encoder.encode(picture(perColumn: blitter.pixelsPerColumn, perRow: blitter.pixelsPerRow), into: &canvas, at: canvas.bounds)
        var renderer = ScreenRenderer()
        return show(render(&renderer, canvas))
    }

    @Test("half blocks: ▀ for the top half; the red quarter fills the bottom pixel")
    func half() {
        #expect(Self.bytes(.half) == show(esc("⎋[?2026h⎋[0m⎋[H⎋[2J⎋[38;2;255;255;255;48;2;0;0;0m▀⎋[38;2;0;0;0;48;2;200;0;0m▀⎋[?2026l")))
    }

    @Test("quadrants: ▀ for the top half, and ▂ (Block Elements have the eighths) for the bottom quarter in its own red")
    func quadrant() {
        #expect(Self.bytes(.quadrant) == show(esc("⎋[?2026h⎋[0m⎋[H⎋[2J⎋[38;2;255;255;255;48;2;0;0;0m▀⎋[38;2;200;0;0m▂⎋[?2026l")))
    }

    @Test("sextants: ▀ for the top half, ▂ for the bottom quarter in its own red")
    func sextant() {
        #expect(Self.bytes(.sextant) == show(esc("⎋[?2026h⎋[0m⎋[H⎋[2J⎋[38;2;255;255;255;48;2;0;0;0m▀⎋[38;2;200;0;0m▂⎋[?2026l")))
    }

    @Test("octants: ▀ and ▂, which are octants too")
    func octant() {
        #expect(Self.bytes(.octant) == show(esc("⎋[?2026h⎋[0m⎋[H⎋[2J⎋[38;2;255;255;255;48;2;0;0;0m▀⎋[38;2;200;0;0m▂⎋[?2026l")))
    }

    @Test("a sextant-only split is written as its 4-byte glyph")
    func sextantGlyph() {
        var image = PixelBuffer(width: 4, height: 8)
        // The middle third on the right.
        for y in 0..<8 { for x in 0..<4 { image[x, y] = x >= 2 && (y == 3 || y == 4) ? Self.white : Self.black } }
        var canvas = Canvas(width: 1, height: 1)
        FrameEncoder(blitter: .sextant).encode(image, into: &canvas, at: canvas.bounds)
        var renderer = ScreenRenderer()
        // kitty's middle row is pixels 5-9 of 16: all of sample rows 3 and 4 and half of row 2.
        // Least squares with those coverages (as SextantEncoderTests.sextantRows works out for the
        // top row) asks for 227.1 on -4.3, clamped to 0.
        #expect(show(render(&renderer, canvas)) == show(esc("⎋[?2026h⎋[0m⎋[H⎋[2J⎋[38;2;227;227;227;48;2;0;0;0m\u{1FB07}⎋[?2026l")))
    }

    @Test("every glyph the sextant and octant blitters draw is one column wide", arguments: [
        Array(0x1FB00...0x1FB3B), Array(0x1CD00...0x1CDE5), [0x1CEA0, 0x1CEA3, 0x1CEA8, 0x1CEAB, 0x1FB82, 0x1FB85, 0x1FBE6, 0x1FBE7],
        Array(0x2580...0x259F), Array(0x2500...0x2503), Array(0x2574...0x257B),
    ] as [[UInt32]])
    func widths(values: [UInt32]) {
        for value in values { #expect(TextWidth.of(Unicode.Scalar(value)!) == 1, "U+\(String(value, radix: 16))") }
    }
}
