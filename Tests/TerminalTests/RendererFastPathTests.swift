import CBlitter
import Testing
@testable import Terminal

/// The encoder's and the renderer's fast paths against the plain code they stand in for: the
/// same cells, distances and bytes.
@Suite("Renderer fast paths")
struct RendererFastPathTests {
    /// A deterministic generator (an LCG), so that a failure repeats.
    struct Numbers {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func colour() -> RGB {
            // Near colours often, so that the thresholds are crossed both ways.
            next(4) == 0 ? RGB(UInt8(next(256)), UInt8(next(256)), UInt8(next(256)))
                : RGB(UInt8(100 + next(12)), UInt8(100 + next(12)), UInt8(100 + next(12)))
        }
    }

    @Test("a cell is laid out as CBlitter's cell records")
    func cellLayout() {
        #expect(Cell.hasCLayout)
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
            let fast = Int(reel_look_distance(CellJudge.colours(of: cell), a, CellJudge.colours(of: old), b))
            #expect(fast == Self.plainDistance(cell, a, old, b), "\(cell) \(a) \(old) \(b)")
        }
    }

    @Test("the pen's fast path writes what the general one writes")
    func penFastPath() {
        var numbers = Numbers(state: 13)
        var fastBytes = [UInt8](repeating: 0, count: 128), plainBytes = [UInt8](repeating: 0, count: 128)
        let symbols: [CellSymbol] = [.space, .upperHalf, .fullBlock]
        for _ in 0..<5_000 {
            let cell = Cell(symbol: symbols[numbers.next(3)], fg: numbers.colour(), bg: numbers.colour())
            let pen = ScreenRenderer.Pen(fg: numbers.next(5) == 0 ? nil : numbers.colour(),
                                         bg: numbers.next(5) == 0 ? nil : numbers.colour(), style: [])
            var fast = ScreenRenderer(), plain = ScreenRenderer()
            fast.pen = pen
            plain.pen = pen
            let fastCount = fastBytes.withUnsafeMutableBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                var writer = ByteWriter(base: base, count: 0)
                fast.setPen(for: cell, out: &writer)
                return writer.count
            }
            let plainCount = plainBytes.withUnsafeMutableBufferPointer { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                var writer = ByteWriter(base: base, count: 0)
                plain.setAnyPen(for: cell, seeThroughColour: nil, out: &writer)
                return writer.count
            }
            #expect(Array(fastBytes[0..<fastCount]) == Array(plainBytes[0..<plainCount]), "\(cell) \(pen)")
            #expect(fast.pen == plain.pen)
        }
    }
}
