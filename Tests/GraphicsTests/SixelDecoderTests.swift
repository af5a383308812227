@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal

/// The tests' sixel decoder checked on sequences written by hand.
@Suite("SixelDecoder")
struct SixelDecoderTests {
    @Test("a hand-written sequence decodes to its raster, colours, repeats, bands and transparency")
    func decodes() throws {
        // 3 × 12, transparent background: band 1 is red, all six rows, three columns (`!3~`); band 2
        // has only the top row of its first column in blue (`@` = bit 0), the rest left undrawn.
        let text = "\u{1B}P0;1q\"1;1;3;12#1;2;100;0;0#2;2;0;0;100#1!3~-#2@\u{1B}\\"
        let sixel = try #require(SixelDecoder(Array(text.utf8)))
        #expect(sixel.width == 3 && sixel.height == 12 && sixel.backgroundMode == 1 && sixel.lineFeeds == 1)
        #expect((0..<18).allSatisfy { sixel.pixels[$0] == RGB(255, 0, 0) })
        #expect(sixel.pixels[18] == RGB(0, 0, 255))
        #expect(sixel.pixels[19] == nil && sixel.pixels[35] == nil)

        // Against a picture that matches where drawn, PSNR is infinite; one channel one level off in
        // 57 drawn channels: 10 log10(255² × 57) = 65.69 dB.
        var image = PixelBuffer(width: 3, height: 12, fill: RGB(255, 0, 0))
        image[0, 6] = RGB(0, 0, 255)
        #expect(sixel.psnr(against: image) == .infinity)
        image[1, 1] = RGB(254, 0, 0)
        #expect(abs(sixel.psnr(against: image) - 65.69) < 0.01)
    }

    @Test("no sequence, or a malformed one, decodes to nil", arguments: [
        "plain text", "\u{1B}P0;1q\"1;1;2\u{1B}\\", "\u{1B}P0;1q#0;9;1;2;3\u{1B}\\", "\u{1B}P0;1q!3\u{1B}\\",
    ])
    func malformed(text: String) {
        #expect(SixelDecoder(Array(text.utf8)) == nil)
    }
}
