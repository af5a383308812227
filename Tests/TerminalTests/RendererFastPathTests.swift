import CBlitter
@testable import Drawing
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

    /// `CellJudge.canKeep(_:for:at:x:next:held:detail:)` without its inline decision on the
    /// changes it writes: every change beyond the skip allowance goes to the out-of-line rest.
    static func fullKeep(
        _ judge: CellJudge, _ old: Cell, for cell: Cell, next: UnsafeBufferPointer<Cell>, held: inout UInt8
    ) -> Bool {
        if cell == old {
            held = 0
            return true
        }
        guard let d = judge.lookDistance(cell, old) else {
            held = 0
            return false
        }
        var skip = judge.allowances.skip
        if d > skip, judge.allowances.masks { skip = judge.allowances.skip(detail: judge.localContrast(at: 1, x: 1, next: next)) }
        if d <= skip {
            held = 0
            return true
        }
        return judge.canKeep(old, for: cell, distance: d, skip: skip, held: &held)
    }

    @Test("the judge's inline decision to write a change agrees with the out-of-line rest, also at its thresholds")
    func keepDecision() {
        var numbers = Numbers(state: 17)
        // Blocks and their complements, a sextant, blanks and full blocks: same symbols compare
        // colours, others their looks, and blocks of close colours stand as blanks.
        let symbols: [CellSymbol] = [.upperHalf, CellSymbol("\u{2584}"), CellSymbol(BlockGlyph.sextant(5)), .space, .fullBlock]
        for tolerance in [1, 2, 3, 6, 9, 12, 16, 24] as [UInt8] {
            for hysteresis in [1, 1.5, 2] {
                let judge = CellJudge(allowances: ScreenRenderer.Allowances(tolerance: tolerance, policy: .init(hysteresis: hysteresis)),
                                      width: 3)
                for k in 0..<3_000 {
                    var cell = Cell(symbol: symbols[numbers.next(symbols.count)], fg: numbers.colour(), bg: numbers.colour())
                    var old = Cell(symbol: symbols[numbers.next(symbols.count)], fg: numbers.colour(), bg: numbers.colour())
                    if k % 2 == 0 {
                        // The same symbol moved by exactly 0 to 30 levels in one channel: every
                        // allowance's edge, and one past it.
                        let step = UInt8(k / 2 % 31)
                        old = cell
                        old.bg.g = cell.bg.g > 127 ? cell.bg.g - step : cell.bg.g + step
                        if k % 4 == 0 { cell.fg = cell.bg }  // close colours: a blank stands for the block
                    }
                    if !cell.showsForeground { cell.fg = cell.bg }
                    if !old.showsForeground { old.fg = old.bg }
                    let neighbours = [Cell(symbol: .upperHalf, fg: numbers.colour(), bg: numbers.colour()), cell,
                                      Cell(symbol: .space, fg: numbers.colour(), bg: numbers.colour())]
                    neighbours.withUnsafeBufferPointer { next in
                        for before in [0, 1] as [UInt8] {
                            var fastHeld = [0, before, 0], fullHeld = before, detail = -1
                            let fast = fastHeld.withUnsafeMutableBufferPointer {
                                judge.canKeep(old, for: cell, at: 1, x: 1, next: next, held: $0, detail: &detail)
                            }
                            let full = Self.fullKeep(judge, old, for: cell, next: next, held: &fullHeld)
                            #expect(fast == full && fastHeld[1] == fullHeld, "\(cell) \(old) t=\(tolerance) h=\(hysteresis) held \(before)")
                        }
                    }
                }
            }
        }
    }

    /// A picture's cell: a block glyph (sextants most often, and the blitters' other glyphs), a
    /// space or a letter, in colours often close.
    static func pictureCell(_ numbers: inout Numbers) -> Cell {
        let symbols: [UInt32] = [0x20, 0x2580, 0x2584, 0x258C, 0x2590, 0x2588, 0x2596, 0x259E, 0x2502, 0x2501, 0x257B,
                                 0x1CD00, 0x1CDE5, 0x1FB82, 0x41]
        let v = numbers.next(3) == 0 ? symbols[numbers.next(symbols.count)] : 0x1FB00 + UInt32(numbers.next(60))
        var cell = Cell(symbol: CellSymbol(rawValue: v), fg: numbers.colour(), bg: numbers.colour())
        if numbers.next(6) == 0 { cell.bg = cell.fg }
        return cell
    }

    /// `colour` moved by up to `most` levels in each channel, kept within 0…255.
    static func jittered(_ colour: RGB, by most: Int, _ numbers: inout Numbers) -> RGB {
        func move(_ c: UInt8) -> UInt8 { UInt8(clamping: Int(c) + numbers.next(2 * most + 1) - most) }
        return RGB(move(colour.r), move(colour.g), move(colour.b))
    }

    @Test("a picture's rows rendered by CBlitter are the Swift loop's bytes, frame after frame, in every setting")
    func pictureRows() {
        var numbers = Numbers(state: 23)
        let columns = 23, rows = 7
        let policies = [ScreenRenderer.LossyPolicy(), .init(hysteresis: 1.5), .init(skipShare: 1, penShare: 1, detailGain: 0),
                        .init(blankShare: 1, blankMinimum: 0, smoothCap: 24, detailGain: 3, detailFloor: 0)]
        for tolerance in [0, 2, 8, 24] as [UInt8] {
            for budget in [nil, ScreenRenderer.ByteBudget.reel] {
                for (p, policy) in policies.enumerated() {
                    for mode in [ColorMode.truecolor, .palette256] where p == 0 || mode == .truecolor {
                        var fast = ScreenRenderer(colorMode: mode, tolerance: tolerance)
                        fast.budget = budget
                        fast.policy = policy
                        var plain = fast
                        plain.usesPictureRows = false
                        var canvas = Canvas(width: columns, height: rows)
                        var fastBytes: [UInt8] = [], plainBytes: [UInt8] = []
                        for frame in 0..<40 {
                            for y in 0..<rows {
                                for x in 0..<columns {
                                    var cell = canvas[x, y]
                                    if frame == 0 || numbers.next(4) == 0 || cell.symbol.isContinuation || cell.symbol.isWide
                                        || cell.symbol.isCluster || !cell.style.isEmpty {
                                        cell = Self.pictureCell(&numbers)
                                    } else if numbers.next(3) != 0 {
                                        // Grain: a change of a few levels, within or just beyond the allowances.
                                        let most = [1, 3, 6, 12][numbers.next(4)]
                                        cell.fg = Self.jittered(cell.fg, by: most, &numbers)
                                        cell.bg = Self.jittered(cell.bg, by: most, &numbers)
                                    }
                                    canvas[x, y] = cell
                                }
                            }
                            // Rows the Swift loop keeps: text in a style (after which the pen has
                            // one), wide symbols, clusters, see-through cells; and the rows the
                            // model keeps them in afterwards.
                            switch frame % 6 {
                            case 1: canvas.drawText("ab\u{754C}c", x: numbers.next(columns - 5), y: numbers.next(rows), fg: .white, style: .bold)
                            case 3: canvas.drawText("e\u{301}\u{1F600}", x: numbers.next(columns - 4), y: numbers.next(rows), fg: numbers.colour())
                            case 4: canvas[numbers.next(columns), numbers.next(rows)] = Cell(symbol: .space, bg: numbers.colour(), style: .seeThrough)
                            default: break
                            }
                            if frame == 25 {
                                fast.invalidate()
                                plain.invalidate()
                            }
                            fast.render(canvas, into: &fastBytes)
                            plain.render(canvas, into: &plainBytes)
                            let setting = "t=\(tolerance) budget=\(budget != nil) policy \(p) \(mode) frame \(frame)"
                            // Compared first, so that a failure names the setting rather than
                            // printing thousands of bytes.
                            let same = fastBytes == plainBytes, sameModel = fast.written == plain.written
                            #expect(same, "\(setting)")
                            #expect(fast.lastFrameCellsWritten == plain.lastFrameCellsWritten, "\(setting)")
                            #expect(sameModel && fast.held == plain.held, "\(setting)")
                            #expect(fast.pen == plain.pen && fast.cursorRow == plain.cursorRow
                                && fast.cursorColumn == plain.cursorColumn, "\(setting)")
                            if !same || !sameModel { return }
                        }
                    }
                }
            }
        }
    }
}
