import CBlitter
@testable import Drawing
import Testing
@testable import Terminal

/// The encoder's fast paths against the plain code they stand in for, and CBlitter's records and
/// look distance: the same cells and distances.
@Suite("Renderer fast paths")
struct RendererFastPathTests {
    /// A deterministic generator, so that a failure repeats.
    typealias Numbers = RendererGoldenBytesTests.Numbers

    @Test("a cell is CBlitter's cell record: 12 bytes, its fields where C reads them")
    func cellLayout() {
        #expect(MemoryLayout<Cell>.size == MemoryLayout<reel_cell>.size && MemoryLayout<Cell>.stride == 12)
        var cell = Cell(symbol: .upperHalf, fg: RGB(1, 2, 3), bg: RGB(4, 5, 6), style: .bold)
        let bytes = withUnsafeBytes(of: &cell) { Array($0) }
        #expect(bytes == [0x80, 0x25, 0, 0, 1, 2, 3, 4, 5, 6, 1, 0])
    }

    @Test("a row of sextant cells written by the fit is the fits of its cells one by one")
    func sextantRow() {
        var numbers = Numbers(state: 7)
        let columns = 37, rows = 3
        var image = PixelBuffer(width: columns * 4, height: rows * 8)
        for y in 0..<image.height {
            for x in 0..<image.width { image[x, y] = numbers.next(3) == 0 ? numbers.colour() : RGB(40, 80, 120) }
        }
        var canvas = Canvas(width: columns, height: rows)
        FrameEncoder(blitter: .sextant).encode(image, into: &canvas, at: canvas.bounds)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<rows {
                for x in 0..<columns {
                    let one = FrameEncoder.sextantCell(pixels, origin: y * 8 * image.width + x * 4, width: image.width)
                    #expect(canvas[x, y] == one, "cell \(x), \(y)")
                }
            }
        }
    }

    @Test(
        "a row fitted eight cells at a time gives each cell its own fit, at every row length, in ties and out of range",
        arguments: 1...24)
    func sextantEights(columns: Int) {
        // Rows of 1 to 24 cells: fewer than eight (fitted one by one), whole eights, and a last
        // eight that overlaps the one before. The cells' samples as in buildsAgree: any levels,
        // two levels, 0 or 254 (half-covered samples ask for colours out of range, which are
        // fitted again clamped), coarse steps (ties between splits).
        var numbers = Numbers(state: UInt64(columns) * 977)
        let stride = columns * 12
        var image = [UInt8](repeating: 0, count: stride * 8)
        for family in 0..<4 {
            for i in image.indices {
                let v = numbers.next(256)
                image[i] = UInt8([v, v < 128 ? 0 : 255, v & 1 == 0 ? 0 : 254, v / 32 * 36][family])
            }
            image.withUnsafeBufferPointer { samples in
                guard let origin = samples.baseAddress else { return }
                var fits = [reel_cell_fit](repeating: reel_cell_fit(), count: columns)
                var cells = [Cell](repeating: .blank(.black), count: columns)
                fits.withUnsafeMutableBufferPointer { reel_fit_sextant_row(origin, stride, columns, $0.baseAddress) }
                cells.withUnsafeMutableBytes { reel_fit_sextant_row_cells(origin, stride, columns, $0.baseAddress) }
                for x in 0..<columns {
                    let one = reel_fit_sextant(origin + 12 * x, stride)
                    #expect(fits[x].split == one.split && fits[x].fg == one.fg && fits[x].bg == one.bg,
                            "family \(family), cell \(x) of \(columns)")
                    let cell = FrameEncoder.cell(one, symbol: CellSymbol(rawValue: reel_sextant_glyph(one.split)))
                    #expect(cells[x] == cell, "family \(family), cell \(x) of \(columns)")
                }
            }
        }
    }

    @Test("eights of one colour are written as blanks of it, and an eight with one sample apart is fitted")
    func sextantOneColour() {
        // 64 cells a row, in eights: of one colour (black, white, any), or one colour but for one
        // byte somewhere (its first row, its last, its last byte), which the check must see.
        var numbers = Numbers(state: 41)
        let columns = 64, stride = columns * 12
        for round in 0..<64 {
            var image = [UInt8](repeating: 0, count: stride * 8)
            for eight in 0..<8 {
                let colour = [RGB(0, 0, 0), RGB(255, 255, 255), numbers.colour(), numbers.colour()][numbers.next(4)]
                for y in 0..<8 {
                    for x in 0..<32 {
                        let at = y * stride + eight * 96 + x * 3
                        (image[at], image[at + 1], image[at + 2]) = (colour.r, colour.g, colour.b)
                    }
                }
                let odd = [-1, 0, 3, 7 * stride + 95, 4 * stride + 50, 92][(round + eight) % 6]
                if odd >= 0 { image[eight * 96 + odd] ^= UInt8(1 + numbers.next(255)) }
            }
            image.withUnsafeBufferPointer { samples in
                guard let origin = samples.baseAddress else { return }
                var cells = [Cell](repeating: .blank(.black), count: columns)
                cells.withUnsafeMutableBytes { reel_fit_sextant_row_cells(origin, stride, columns, $0.baseAddress) }
                for x in 0..<columns {
                    let one = reel_fit_sextant(origin + 12 * x, stride)
                    let cell = FrameEncoder.cell(one, symbol: CellSymbol(rawValue: reel_sextant_glyph(one.split)))
                    #expect(cells[x] == cell, "round \(round), cell \(x)")
                }
            }
        }
    }

    /// A cell's colours as `reel_look_distance` takes them: the foreground in bits 0–23, red
    /// lowest, and the background in bits 24–47.
    static func colours(of cell: Cell) -> UInt64 {
        UInt64(cell.fg.r) | UInt64(cell.fg.g) << 8 | UInt64(cell.fg.b) << 16
            | UInt64(cell.bg.r) << 24 | UInt64(cell.bg.g) << 32 | UInt64(cell.bg.b) << 40
    }

    /// The look distance as it was worked out in Swift, pairing by pairing.
    static func plainDistance(_ cell: Cell, _ a: UInt32, _ old: Cell, _ b: UInt32) -> Int {
        var worst: UInt8 = 0
        if a & b != 0 { worst = cell.fg.maxChannelDistance(to: old.fg) }
        if a & ~b != 0 { worst = max(worst, cell.fg.maxChannelDistance(to: old.bg)) }
        if ~a & b != 0 { worst = max(worst, cell.bg.maxChannelDistance(to: old.fg)) }
        if ~a & ~b != 0 { worst = max(worst, cell.bg.maxChannelDistance(to: old.bg)) }
        return Int(worst)
    }

    @Test("reel_look_distance is the largest of the pairings that meet, channel by channel")
    func lookDistance() {
        var numbers = Numbers(state: 11)
        let looks: [UInt32] = [0, 1, BlockGlyph.full, 0x0000_FFFF, 0xFFFF_0000, 0x3333_3333, 0x000C_C000, 0xFFFF_FFFE]
        for _ in 0..<20_000 {
            let cell = Cell(symbol: .upperHalf, fg: numbers.colour(), bg: numbers.colour())
            let old = Cell(symbol: .upperHalf, fg: numbers.colour(), bg: numbers.colour())
            let a = looks[numbers.next(looks.count)], b = looks[numbers.next(looks.count)]
            let fast = Int(reel_look_distance(Self.colours(of: cell), a, Self.colours(of: old), b))
            #expect(fast == Self.plainDistance(cell, a, old, b), "\(cell) \(a) \(old) \(b)")
        }
    }
}
