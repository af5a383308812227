@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal
import TestTerminal

/// The cells in a sixel's holes are written again after it: mlterm paints a sixel's transparent
/// pixels in the background colour, over the text written before the image.
@Suite("Cells written again after the pictures drawn over them")
struct CellsAfterPicturesTests {
    static let cell = PixelSize(width: 4, height: 8)
    static let sixel = GraphicsMode.sixel(colors: 255, maxSize: nil, cell: cell)

    /// The frame's bytes after the end of its last image (sixel's or iTerm2's).
    static func afterImages(_ out: [UInt8]) -> String {
        let text = show(out)
        guard let last = text.ranges(of: "⎋P0;1;0q").last ?? text.ranges(of: "⎋]1337;").last,
              let end = text[last.upperBound...].firstRange(of: "⎋\\") else { return "" }
        return String(text[end.upperBound...])
    }

    @Test("sixel: the text on the picture comes after the image, in every frame that sends it")
    func textAfterSixel() {
        var renderer = FrameRenderer(graphics: Self.sixel)
        var out: [UInt8] = []
        renderer.render(GraphicsRendererTests.canvas(RGB(200, 0, 0), text: "ab"), now: 0, into: &out)
        #expect(Self.afterImages(out).contains("ab"), "\(show(out))")
        renderer.receive(.deviceAttributes([63, 4]))
        renderer.render(GraphicsRendererTests.canvas(RGB(0, 0, 200), text: "ab"), now: 1, into: &out)
        let after = Self.afterImages(out)
        #expect(after.contains("48;2;0;0;200mab") || after.contains("ab"), "a new picture: the text again (\(show(out)))")
        #expect(after.hasSuffix("⎋[?2026l"), "inside the synchronized update")
    }

    /// The modes whose images are drawn over the cells, so that the text goes after them.
    static let overTheText: [GraphicsMode] = [sixel, .iterm2(cell: cell)]

    @Test("after an image the text's colours are set again in full: mlterm's pen does not survive one", arguments: overTheText)
    func penAfterImage(mode: GraphicsMode) {
        var renderer = FrameRenderer(graphics: mode)
        var out: [UInt8] = []
        renderer.render(GraphicsRendererTests.canvas(RGB(200, 0, 0), text: "ab"), now: 0, into: &out)
        renderer.receive(.deviceAttributes([63, 4]))
        // A new picture under the same text: its cells are written before the image in the pen
        // that they are written in again after it. mlterm keeps a 24-bit pen as an entry of a
        // colour table that loading an image can reuse (seen: the title in red, then in blue,
        // where nothing but "F" without an SGR followed the picture), so it is not trusted.
        renderer.render(GraphicsRendererTests.canvas(RGB(0, 0, 200), text: "ab"), now: 1, into: &out)
        let after = Self.afterImages(out)
        let reset = after.firstRange(of: "⎋[0;"), text = after.firstRange(of: "ab")
        #expect(reset != nil && text != nil && reset!.lowerBound < text!.lowerBound, "\(after)")
        #expect(after.contains("38;2;255;255;255"), "the text's own colour, not the one before the image: \(after)")
    }

    @Test("a frame whose picture is unchanged writes the text once, and a picture with no holes writes no cells after it")
    func nothingExtra() {
        var renderer = FrameRenderer(graphics: Self.sixel)
        var out: [UInt8] = []
        renderer.render(GraphicsRendererTests.canvas(RGB(200, 0, 0)), now: 0, into: &out)
        #expect(Self.afterImages(out) == "⎋[c⎋[?2026l", "\(show(out))")
        renderer.receive(.deviceAttributes([63, 4]))
        renderer.render(GraphicsRendererTests.canvas(RGB(200, 0, 0), text: "ab"), now: 1, into: &out)
        #expect(show(out).ranges(of: "ab").count == 2, "before and after the new image: \(show(out))")
        renderer.receive(.deviceAttributes([63, 4]))
        renderer.render(GraphicsRendererTests.canvas(RGB(200, 0, 0), text: "ab"), now: 2, into: &out)
        #expect(!renderer.lastFrameChanged, "nothing changed: nothing sent")
    }

    @Test("where tmux draws the sixel itself nothing is written after it: tmux would delete the image under new text")
    func tmuxNative() {
        var renderer = FrameRenderer(graphics: .sixel(colors: 255, maxSize: nil, cell: Self.cell, route: .tmuxNative))
        var out: [UInt8] = []
        renderer.render(GraphicsRendererTests.canvas(RGB(200, 0, 0), text: "ab"), now: 0, into: &out)
        #expect(Self.afterImages(out) == "⎋[c⎋[?2026l", "\(show(out))")
    }

    @Test("kitty's pictures lie under the text: nothing is written after them")
    func kitty() {
        var renderer = FrameRenderer(graphics: .kitty(transport: .direct, cell: Self.cell))
        var out: [UInt8] = []
        renderer.render(GraphicsRendererTests.canvas(RGB(200, 0, 0), text: "ab"), now: 0, into: &out)
        #expect(show(out).ranges(of: "ab").count == 1, "\(show(out))")
    }
}
