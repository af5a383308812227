import CBlitter
import Testing
@testable import Drawing

/// The sextant fit at the terminal's own cell size: each glyph's coverage of the 4 × 8 samples
/// as kitty draws it on that many pixels, and the fit by those coverages.
@Suite("Sextant fit at any cell size")
struct SextantModelTests {
    /// A row of `count` cells of samples, each from `colour(cell, column, row)`.
    static func row(_ count: Int, _ colour: (Int, Int, Int) -> RGB) -> PixelBuffer {
        var image = PixelBuffer(width: 4 * count, height: 8)
        for cell in 0..<count {
            for y in 0..<8 { for x in 0..<4 { image[4 * cell + x, y] = colour(cell, x, y) } }
        }
        return image
    }

    /// The cells of `image` (one row) fitted by `model`, or by the constant 8 × 16 tables.
    static func fit(_ image: PixelBuffer, model: SextantModel?) -> [Cell] {
        let count = image.width / 4
        var cells = [Cell](repeating: .blank(.black), count: count)
        image.pixels.withUnsafeBufferPointer { pixels in
            cells.withUnsafeMutableBufferPointer { out in
                FrameEncoder.sextantRow(pixels, origin: 0, width: image.width, count: count, into: out, at: 0, model: model)
            }
        }
        return cells
    }

    /// A reproducible stream of numbers (an LCG).
    struct Numbers {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    @Test("at 8 × 16 a sextant's rows are kitty's 5, 5 and 6 pixels: the third sample row half top, half middle")
    func sextantRowsAt8x16() {
        let model = SextantModel(size: PixelSize(width: 8, height: 16))
        // Lane 1 is the top-left sextant.
        let covered = (0..<32).map { model.coverage(lane: 1, sample: $0) }
        #expect(covered == [1, 1, 0, 0, 1, 1, 0, 0, 0.5, 0.5, 0, 0] + [Float](repeating: 0, count: 20))
    }

    @Test("at 7 × 15 kitty splits the sextants' columns at pixel 3: the second sample column is 5/7 left")
    func oddWidth() {
        let model = SextantModel(size: PixelSize(width: 7, height: 15))
        // Lane 3 (pattern 3 ^ 1 = 2) is the top-right sextant, from pixel 3 of 7: 1.75-pixel samples.
        let right = (0..<4).map { model.coverage(lane: 3, sample: $0) }
        #expect(right[0] == 0 && abs(right[1] - 0.5 / 1.75) < 1e-6 && right[2] == 1 && right[3] == 1)
        // Rows at 15/3 = 5 and 10: sample rows of 1.875 px; the top sextant covers row 2 by 1.25/1.875.
        #expect(abs(model.coverage(lane: 1, sample: 8) - Float(1.25 / 1.875)) < 1e-6)
    }

    @Test("`▌` is drawn on kitty's eighths, 4 pixels of 7 and 6 of 11, not at the sextants' half", arguments: [
        (PixelSize(width: 7, height: 15), Float(0.5 / 1.75)), (PixelSize(width: 11, height: 23), Float(0.5 / 2.75)),
        (PixelSize(width: 10, height: 19), Float(0)), (PixelSize(width: 8, height: 16), Float(0)),
    ])
    func leftHalfOnEighths(size: PixelSize, third: Float) {
        let model = SextantModel(size: size)
        // Lane 25 (pattern 25 ^ 12 = 21: the three left sextants) is drawn as `▌`.
        #expect(FrameEncoder.SextantSplit.symbols[25].rawValue == 0x258C)
        for row in 0..<8 {
            let left = (0..<4).map { model.coverage(lane: 25, sample: row * 4 + $0) }
            #expect(left[0] == 1 && left[1] == 1 && abs(left[2] - third) < 1e-6 && left[3] == 0, "row \(row) at \(size): \(left)")
        }
    }

    @Test("a cell kitty shows as `▌` at 7 × 15 (4 pixels of one colour, 3 of the other) is fitted as `▌` in those colours")
    func leftHalfFittedBack() {
        // Without the blend, which moves the colours apart to pay for splits inside samples.
        let model = SextantModel(size: PixelSize(width: 7, height: 15), blend: 0)
        let a = RGB(200, 40, 10), b = RGB(10, 90, 220)
        // The 1.75-pixel samples of pixels 0-3 in a, 4-6 in b: the third sample is 0.5/1.75 a.
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
            let share: Double = 0.5 / 1.75
            let value: Double = share * Double(x) + (1 - share) * Double(y)
            return UInt8(value.rounded())
        }
        let third = RGB(mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b))
        let cells = Self.fit(Self.row(8) { _, x, _ in x < 2 ? a : x == 2 ? third : b }, model: model)
        for cell in cells {
            #expect(cell.symbol.rawValue == 0x258C, "\(cell)")
            #expect(abs(Int(cell.fg.r) - Int(a.r)) <= 1 && abs(Int(cell.fg.b) - Int(a.b)) <= 1, "\(cell)")
            #expect(abs(Int(cell.bg.r) - Int(b.r)) <= 1 && abs(Int(cell.bg.b) - Int(b.b)) <= 1, "\(cell)")
        }
    }

    @Test("at 8 × 16 the model fits as the constant tables do (cells whose best two lanes are within rounding aside)")
    func builtInAgrees() {
        var numbers = Numbers(state: 40)
        let model = SextantModel(size: PixelSize(width: 8, height: 16))
        var same = 0, total = 0
        for _ in 0..<40 {
            // Cells of two colours on random samples, and noisy ones.
            let image = Self.row(16) { cell, _, _ in
                cell % 2 == 0 ? (numbers.next(2) == 0 ? RGB(200, 40, 10) : RGB(10, 90, 220))
                    : RGB(UInt8(numbers.next(256)), UInt8(numbers.next(256)), UInt8(numbers.next(256)))
            }
            let a = Self.fit(image, model: model), b = Self.fit(image, model: nil)
            total += a.count
            same += zip(a, b).filter { $0 == $1 }.count
        }
        #expect(Double(same) / Double(total) > 0.97, "\(same) of \(total)")
    }

    @Test("each lane drawn at its cell's coverages is fitted back exactly (by its glyph or one that draws the samples alike)",
          arguments: [
              PixelSize(width: 7, height: 15), PixelSize(width: 8, height: 17), PixelSize(width: 10, height: 20),
              PixelSize(width: 11, height: 23),
          ])
    func lanesRoundTrip(size: PixelSize) {
        let model = SextantModel(size: size, blend: 0)
        let lanes = Array(1..<62)
        let image = Self.row(lanes.count) { cell, x, y in
            let level = UInt8((model.coverage(lane: lanes[cell], sample: y * 4 + x) * 200).rounded())
            return RGB(level, level, level)
        }
        let cells = Self.fit(image, model: model)
        let symbols = FrameEncoder.SextantSplit.symbols
        for (index, (cell, lane)) in zip(cells, lanes).enumerated() {
            // A blank shows its background everywhere (lane 0 covers nothing).
            guard let chosen = cell.symbol == .space ? 0 : symbols.firstIndex(of: cell.symbol) else {
                Issue.record("lane \(lane) at \(size): \(cell)")
                continue
            }
            let worst = (0..<32).map { sample -> Float in
                let a = model.coverage(lane: chosen, sample: sample)
                let shown = a * Float(cell.fg.r) + (1 - a) * Float(cell.bg.r)
                return abs(shown - Float(image[4 * index + sample % 4, sample / 4].r))
            }.max() ?? 0
            #expect(worst <= 1.5, "lane \(lane) at \(size) drawn as lane \(chosen), \(worst) off")
        }
    }

    @Test("splits inside samples count for nothing at 8 × 16, a quarter below samples of 2.5 pixels, a half from there")
    func blend() {
        let blends = [(8, 16), (7, 15), (8, 17), (9, 18), (10, 20), (11, 23), (16, 32)].map {
            SextantModel.blend(for: PixelSize(width: $0.0, height: $0.1))
        }
        #expect(blends == [0, 0.25, 0.25, 0.25, 0.5, 0.5, 0.5])
    }

    @Test("a cell of one colour is a blank of it at any size, and a row under eight cells is fitted too")
    func flatAndShort() {
        let model = SextantModel(size: PixelSize(width: 11, height: 23))
        #expect(Self.fit(Self.row(10) { _, _, _ in RGB(9, 80, 200) }, model: model).allSatisfy { $0 == .blank(RGB(9, 80, 200)) })
        let short = Self.fit(Self.row(3) { _, _, y in y < 4 ? .white : .black }, model: model)
        #expect(short.allSatisfy { $0.symbol.rawValue == 0x2580 || $0.symbol.rawValue == 0x2584 || $0.symbol.rawValue >= 0x1FB00 })
    }

    @Test("the model is the terminal's reported cell, else 8 × 16 assumed, as --stats names it")
    func cellModel() {
        #expect(CellModel(reported: nil).description == "8x16 (assumed)")
        #expect(CellModel(reported: PixelSize(width: 10, height: 20)).description == "10x20 (terminal)")
        #expect(CellModel(reported: PixelSize(width: 1, height: 2)) == .assumed)
        #expect(FrameEncoder(blitter: .sextant, cell: CellModel(reported: PixelSize(width: 8, height: 16))).sextantModel == nil)
        #expect(FrameEncoder(blitter: .sextant, cell: CellModel(reported: PixelSize(width: 7, height: 15))).sextantModel?.size
            == PixelSize(width: 7, height: 15))
        #expect(FrameEncoder(blitter: .quadrant, cell: CellModel(reported: PixelSize(width: 7, height: 15))).sextantModel?.glyphs
            == .blockElements)
        #expect(FrameEncoder(blitter: .quadrant).sextantModel?.size == PixelSize(width: 8, height: 16), "the Block Elements' own tables at 8 × 16 too")
    }

    @Test("quadrant, sextant and octant pictures go on whole cells across on a cell of odd width, half cells on an even one")
    func grain() {
        func grain(_ blitter: FrameEncoder.Blitter, _ width: Int) -> [Int] {
            let g = FrameEncoder(blitter: blitter, cell: CellModel(reported: PixelSize(width: width, height: 15))).pictureGrain
            return [g.across, g.down]
        }
        #expect(grain(.sextant, 7) == [4, 8] && grain(.octant, 11) == [4, 8])
        #expect(grain(.sextant, 8) == [2, 8] && grain(.sextant, 10) == [2, 8])
        #expect(grain(.quadrant, 7) == [4, 8] && grain(.quadrant, 8) == [2, 8] && grain(.half, 7) == [1, 1])
    }
}
