@testable import Drawing
import Testing
import TestRandom

/// The quadrant blitter: the sextant fit's 4 × 8 samples a cell, over Unicode's Block Elements
/// alone (U+2580–259F), which every terminal that draws quadrants draws.
@Suite("Quadrant encoder")
struct QuadrantEncoderTests {
    /// A picture of `columns` × `rows` quadrant cells, each sample by `colour(x, y)`.
    static func picture(columns: Int, rows: Int, _ colour: (Int, Int) -> RGB) -> PixelBuffer {
        var image = PixelBuffer(width: 4 * columns, height: 8 * rows)
        for y in 0..<image.height { for x in 0..<image.width { image[x, y] = colour(x, y) } }
        return image
    }

    /// One cell whose four quarters (2 × 4 samples each) are `p`: top left, top right, bottom
    /// left, bottom right.
    static func quarters(_ p: [RGB]) -> PixelBuffer {
        picture(columns: 1, rows: 1) { x, y in p[(y < 4 ? 0 : 2) + (x < 2 ? 0 : 1)] }
    }

    static func encode(_ image: PixelBuffer, cell: CellModel = .assumed) -> Canvas {
        var canvas = Canvas(width: image.width / 4, height: image.height / 8)
        FrameEncoder(blitter: .quadrant, cell: cell).encode(image, into: &canvas, at: canvas.bounds)
        return canvas
    }

    @Test("a split into whole quarters: its glyph, each side its mean", arguments: [
        ([RGB(255, 0, 0), RGB(0, 0, 255), RGB(255, 0, 0), RGB(0, 0, 255)], "▌", RGB(255, 0, 0), RGB(0, 0, 255)),
        ([RGB(255, 0, 0), RGB(255, 0, 0), RGB(0, 0, 255), RGB(0, 0, 255)], "▀", RGB(255, 0, 0), RGB(0, 0, 255)),
        ([RGB(255, 0, 0), RGB(0, 0, 255), RGB(0, 0, 255), RGB(255, 0, 0)], "▚", RGB(255, 0, 0), RGB(0, 0, 255)),
        ([RGB(0, 0, 0), RGB(0, 0, 0), RGB(0, 0, 0), RGB(200, 200, 200)], "▗", RGB(200, 200, 200), RGB(0, 0, 0)),
        ([RGB(10, 10, 10), RGB(250, 250, 250), RGB(250, 250, 250), RGB(250, 250, 250)], "▘", RGB(10, 10, 10), RGB(250, 250, 250)),
        ([RGB(7, 7, 7), RGB(7, 7, 7), RGB(7, 7, 7), RGB(7, 7, 7)], " ", RGB(7, 7, 7), RGB(7, 7, 7)),
    ] as [([RGB], Character, RGB, RGB)])
    func wholeQuarters(quarters: [RGB], symbol: Character, fg: RGB, bg: RGB) {
        #expect(FrameEncoder(blitter: .quadrant).pixelSize(columns: 1, rows: 1) == (4, 8))
        let canvas = Self.encode(Self.quarters(quarters))
        #expect(grid(canvas) == [String(symbol)])
        #expect(canvas[0, 0].bg == bg)
        if symbol != " " { #expect(canvas[0, 0].fg == fg) }
    }

    @Test("a cell whose lower quarter differs is drawn with the eighth ▂, in both its colours exactly")
    func lowerQuarter() {
        let red = RGB(200, 0, 0), black = RGB.black
        let canvas = Self.encode(Self.picture(columns: 1, rows: 1) { _, y in y >= 6 ? red : black })
        #expect(canvas[0, 0] == Cell(symbol: CellSymbol("▂", wide: false), fg: red, bg: black))
    }

    @Test("only Block Elements (U+2580–259F) and spaces, over a table of pictures, at each cell size",
          arguments: [PixelSize(width: 8, height: 16), PixelSize(width: 7, height: 15), PixelSize(width: 10, height: 19),
                      PixelSize(width: 11, height: 23)])
    func onlyBlockElements(size: PixelSize) {
        var rng = SplitMix64(seed: 2580)
        let noise = (0..<(40 * 80)).map { _ in
            RGB(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng))
        }
        let pictures: [String: (Int, Int) -> RGB] = [
            "noise": { x, y in noise[y * 40 + x] },
            "gradient": { x, y in RGB(UInt8(x * 6), UInt8(y * 3), 128) },
            "thin vertical lines (a │ would fit)": { x, _ in x % 4 == 1 ? .white : .black },
            "thin horizontal lines (a ─ would fit)": { _, y in y % 8 == 3 || y % 8 == 4 ? .white : .black },
            "a sextant's middle third": { x, y in x % 4 >= 2 && (y % 8 == 3 || y % 8 == 4) ? .white : .black },
            "checkers of single samples": { x, y in (x + y) % 2 == 0 ? RGB(250, 30, 30) : RGB(20, 20, 220) },
            "a disc": { x, y in (x - 20) * (x - 20) + (y - 40) * (y - 40) < 500 ? RGB(240, 200, 40) : RGB(10, 60, 10) },
        ]
        for (name, colour) in pictures {
            let canvas = Self.encode(Self.picture(columns: 10, rows: 10, colour), cell: CellModel(size: size, reported: true))
            for y in 0..<canvas.height {
                for x in 0..<canvas.width {
                    let value = canvas[x, y].symbol.scalar?.value ?? 0
                    #expect(value == 0x20 || (0x2580...0x259F).contains(value), "\(name) at \(x), \(y): U+\(String(value, radix: 16))")
                }
            }
        }
    }

    @Test("no split of the cell into whole quarters leaves less squared error than the cell chosen")
    func againstEveryQuarterSplit() {
        let model = SextantModel(size: PixelSize(width: 8, height: 16), glyphs: .blockElements)
        func samples(_ p: [RGB]) -> [RGB] { (0..<32).map { s in p[(s / 4 < 4 ? 0 : 2) + (s % 4 < 2 ? 0 : 1)] } }
        func distance(_ p: RGB, _ shown: [Double]) -> Double {
            let d = [Double(p.r) - shown[0], Double(p.g) - shown[1], Double(p.b) - shown[2]]
            return d.reduce(0) { $0 + $1 * $1 }
        }
        // The error of splitting the quarters by `mask` (bit 0 top left ... 3 bottom right), each side its mean.
        func error(_ p: [RGB], _ mask: Int) -> Double {
            var total = 0.0
            for side in [mask, 15 ^ mask] {
                let members = (0..<4).filter { side >> $0 & 1 == 1 }.map { p[$0] }
                let mean = [\RGB.r, \RGB.g, \RGB.b].map { k in members.reduce(0.0) { $0 + Double($1[keyPath: k]) } / Double(members.count) }
                total += 8 * members.reduce(0) { $0 + distance($1, mean) }
            }
            return total
        }
        var rng = SplitMix64(seed: 50)
        let levels: [UInt8] = [0, 40, 90, 128, 200, 255]
        for round in 0..<3_000 {
            let p = (0..<4).map { _ in
                round % 2 == 0
                    ? RGB(levels.randomElement(using: &rng)!, levels.randomElement(using: &rng)!, levels.randomElement(using: &rng)!)
                    : RGB(UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng))
            }
            let cell = Self.encode(Self.quarters(p))[0, 0]
            let lane = cell.symbol == CellSymbol(" ", wide: false) ? 0 : FrameEncoder.SextantSplit.symbols.firstIndex(of: cell.symbol)
            guard let lane else {
                Issue.record("\(cell.symbol) is not a glyph of the fit")
                continue
            }
            let chosen = samples(p).enumerated().reduce(0.0) { total, sample in
                let a = Double(model.coverage(lane: lane, sample: sample.offset))
                let shown = [(cell.fg.r, cell.bg.r), (cell.fg.g, cell.bg.g), (cell.fg.b, cell.bg.b)].map { a * Double($0.0) + (1 - a) * Double($0.1) }
                return total + distance(sample.element, shown)
            }
            let best = (1...14).map { error(p, $0) }.min()!
            // Colours rounded to bytes cost at most a quarter a channel a sample.
            #expect(chosen <= best + 32 * 3 * 0.25 + 1e-6, "\(p): \(cell) leaves \(chosen), a quarter split \(best)")
        }
    }
}
