@testable import Drawing
import Testing
@testable import Graphics
@testable import Terminal

/// Sixel in pieces, for Konsole (``FrameRenderer/sixelInPieces``): Konsole has no see-through
/// sixel pixels (a cut-out cell shows as a flat rectangle in colour register 0) and makes each
/// image as tall as its last band of six pixel rows, erasing the text of a row it reaches into and
/// scrolling the screen when that is the last. Cells of 4 × 17 pixels, as Konsole's here are 8 × 17.
@Suite("Sixel in pieces around the controls")
struct SixelPiecesTests {
    static let cell = PixelSize(width: 4, height: 17)

    /// A 10 × 8 screen whose picture fills it, with text at (2…4, 3) and, when `more`, at (7, 5).
    static func canvas(more: Bool = false) -> Canvas {
        var canvas = Canvas(width: 10, height: 8)
        let encoder = FrameEncoder(blitter: .pixels(width: cell.width, height: cell.height))
        let size = encoder.pixelSize(columns: 10, rows: 8)
        var pixels = PixelBuffer(width: size.width, height: size.height)
        for y in 0..<size.height { for x in 0..<size.width { pixels[x, y] = RGB(UInt8(x * 6), UInt8(y), 90) } }
        encoder.encode(pixels, into: &canvas, at: Rect(x: 0, y: 0, width: 10, height: 8))
        canvas.drawText("abc", x: 2, y: 3, fg: .white, bg: RGB(1, 2, 3))
        if more { canvas.drawText("z", x: 7, y: 5, fg: .white, bg: RGB(1, 2, 3)) }
        return canvas
    }

    /// Each sixel image of `out`: the cell it is drawn from and what it decodes to.
    static func images(_ out: [UInt8]) -> [(row: Int, column: Int, image: SixelDecoder)] {
        var found: [(Int, Int, SixelDecoder)] = []
        for i in out.indices where i + 1 < out.count && out[i] == 0x1B && out[i + 1] == 0x50 {
            // The cursor move just before it: ESC [ row ; column H.
            let head = String(decoding: out[max(0, i - 12)..<i], as: UTF8.self)
            guard let move = head.split(separator: "\u{1B}").last, move.hasPrefix("["), move.hasSuffix("H"),
                  let image = SixelDecoder(Array(out[i...])) else { continue }
            let numbers = move.dropFirst().dropLast().split(separator: ";").compactMap { Int($0) }
            found.append((numbers[0] - 1, numbers[1] - 1, image))
        }
        return found
    }

    /// The rows Konsole gives an image `height` pixels tall: its last band of six rows whole.
    static func konsoleRows(_ height: Int) -> Int {
        ((height + 5) / 6 * 6 - 1) / cell.height + 1
    }

    @Test("the pieces cover every cell of the picture but the text's, in whole pixels, and none reaches into text or the last row",
          arguments: [false, true])
    func pieces(more: Bool) throws {
        var renderer = FrameRenderer(graphics: .sixel(colors: 255, maxSize: nil, cell: Self.cell))
        renderer.sixelInPieces = true
        var out: [UInt8] = []
        let canvas = Self.canvas(more: more)
        renderer.render(canvas, now: 0, into: &out)
        let images = Self.images(out)
        #expect(images.count > 1, "around the text: several images")
        var covered = Set<Int>()
        for (row, column, image) in images {
            #expect(image.pixels.allSatisfy { $0 != nil }, "no see-through pixel: Konsole paints them")
            #expect(image.width % Self.cell.width == 0)
            let columns = column..<(column + image.width / Self.cell.width)
            for y in row..<(row + (image.height + Self.cell.height - 1) / Self.cell.height) {
                for x in columns { covered.insert(y * canvas.width + x) }
            }
            // What Konsole makes of it: the cells it erases, its rows and the column right of
            // them, must be the picture's own (written again, or drawn over by the pieces after it).
            let reach = row + Self.konsoleRows(image.height)
            #expect(reach <= canvas.height - 1, "an image reaching the last row scrolls the screen: rows \(row)..<\(reach)")
            for y in row..<reach {
                for x in columns.lowerBound...min(columns.upperBound, canvas.width - 1) {
                    let cell = canvas.cells[y * canvas.width + x]
                    #expect(cell.style.contains(.seeThrough), "(\(x), \(y)) holds text and is under the image from row \(row)")
                }
            }
        }
        // The cells left of the text are no image's (Konsole erases the column right of one):
        // they are written again after the images, as the text is.
        let afterImages = String(decoding: out[(out.lastIndex(of: 0x5C) ?? 0)...], as: UTF8.self)
        for y in 0..<(canvas.height - 1) {
            for x in 0..<canvas.width where canvas.cells[y * canvas.width + x].style.contains(.seeThrough) && !covered.contains(y * canvas.width + x) {
                let beforeText = x + 1 < canvas.width && !canvas.cells[y * canvas.width + x + 1].style.contains(.seeThrough)
                #expect(beforeText, "(\(x), \(y)) of the picture is drawn")
                #expect(afterImages.contains("\u{1B}[\(y + 1);\(x + 1)H"), "(\(x), \(y)), left of the text, is written after the images")
            }
        }
    }

    @Test("without pieces (any other terminal) the picture is one image with see-through holes")
    func oneImage() {
        var renderer = FrameRenderer(graphics: .sixel(colors: 255, maxSize: nil, cell: Self.cell))
        var out: [UInt8] = []
        renderer.render(Self.canvas(), now: 0, into: &out)
        let images = Self.images(out)
        #expect(images.count == 1)
        #expect(images.first?.image.pixels.contains { $0 == nil } == true)
    }

    @Test("pieces only for sixel written straight to the terminal")
    func onlyDirect() {
        var renderer = FrameRenderer(graphics: .sixel(colors: 255, maxSize: nil, cell: Self.cell, route: .tmuxNative))
        renderer.sixelInPieces = true
        #expect(!renderer.sixelInPieces)
        var kitty = FrameRenderer(graphics: .kitty(transport: .direct, cell: Self.cell))
        kitty.sixelInPieces = true
        #expect(!kitty.sixelInPieces)
    }

    @Test("Konsole, by its XTVERSION, gets pieces; other terminals do not")
    func whichTerminals() {
        #expect(GraphicsMode.sixelInPieces(answer: TerminalVersion("Konsole 22.12.3")))
        #expect(!GraphicsMode.sixelInPieces(answer: TerminalVersion("XTerm(379)")))
        #expect(!GraphicsMode.sixelInPieces(answer: TerminalVersion("foot(1.13.1)")))
        #expect(!GraphicsMode.sixelInPieces(answer: nil))
    }
}
