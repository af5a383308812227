import Drawing
import Testing
import Terminal

/// The renderer's bytes for fixed sequences of canvases, held as hashes taken before the renderer
/// was rewritten: any change to what it writes (a cell judged otherwise, another cursor move or
/// pen) changes a hash. When a change of the bytes is meant, the new hashes are printed by a
/// failure, to be copied here with the reason in the commit.
@Suite("Renderer golden bytes")
struct RendererGoldenBytesTests {
    /// A deterministic generator (an LCG), so that the canvases are the same on every run.
    struct Numbers {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }

        mutating func colour() -> RGB {
            next(4) == 0 ? RGB(UInt8(next(256)), UInt8(next(256)), UInt8(next(256)))
                : RGB(UInt8(100 + next(12)), UInt8(100 + next(12)), UInt8(100 + next(12)))
        }

        /// `colour` moved by up to `most` levels in each channel.
        mutating func jittered(_ colour: RGB, by most: Int) -> RGB {
            func move(_ c: UInt8) -> UInt8 { UInt8(clamping: Int(c) + next(2 * most + 1) - most) }
            return RGB(move(colour.r), move(colour.g), move(colour.b))
        }
    }

    /// A running FNV-1a hash of every frame's bytes and figures.
    struct Digest {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325

        mutating func add(_ bytes: [UInt8]) {
            for byte in bytes {
                value ^= UInt64(byte)
                value = value &* 0x0000_0100_0000_01B3
            }
        }

        mutating func add(_ number: Int) {
            add(withUnsafeBytes(of: UInt64(truncatingIfNeeded: number).littleEndian) { Array($0) })
        }

        /// Renders `canvas` and adds the frame's bytes, the cells it wrote and its tolerance.
        mutating func render(_ canvas: Canvas, with renderer: inout ScreenRenderer, into out: inout [UInt8]) {
            renderer.render(canvas, into: &out)
            add(out)
            add(renderer.lastFrameCellsWritten)
            add(Int(renderer.lastFrameTolerance))
        }
    }

    /// Expects every hash as held; names each that changed with its new value, as the table
    /// holds it.
    static func expect(_ actual: [String: UInt64], _ expected: [String: UInt64]) {
        let changed = actual.keys.sorted().filter { expected[$0] != actual[$0] }
        let lines = changed.map { "\"\($0)\": 0x\(String(actual[$0] ?? 0, radix: 16, uppercase: true))," }
        #expect(changed.isEmpty, "\(lines.joined(separator: "\n"))")
    }

    /// A picture's cell: block glyphs (sextants most often), spaces, box lines, a letter.
    static func pictureCell(_ numbers: inout Numbers) -> Cell {
        let symbols: [UInt32] = [0x20, 0x2580, 0x2584, 0x258C, 0x2590, 0x2588, 0x2596, 0x259E, 0x2502, 0x2501, 0x257B,
                                 0x1CD00, 0x1CDE5, 0x1FB82, 0x41]
        let v = numbers.next(3) == 0 ? symbols[numbers.next(symbols.count)] : 0x1FB00 + UInt32(numbers.next(60))
        var cell = Cell(symbol: CellSymbol(Unicode.Scalar(v)!), fg: numbers.colour(), bg: numbers.colour())
        if numbers.next(6) == 0 { cell.bg = cell.fg }
        return cell
    }

    /// The next frame of a mixed screen: picture cells that change a little or much, and text in
    /// styles, wide symbols, clusters and see-through cells put over it now and then.
    static func step(_ canvas: inout Canvas, frame: Int, _ numbers: inout Numbers) {
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                var cell = canvas[x, y]
                if frame == 0 || numbers.next(4) == 0 || cell.symbol.isContinuation || cell.symbol.isWide
                    || cell.symbol.isCluster || !cell.style.isEmpty {
                    cell = pictureCell(&numbers)
                } else if numbers.next(3) != 0 {
                    let most = [1, 3, 6, 12][numbers.next(4)]
                    cell.fg = numbers.jittered(cell.fg, by: most)
                    cell.bg = numbers.jittered(cell.bg, by: most)
                }
                canvas[x, y] = cell
            }
        }
        let columns = canvas.width, rows = canvas.height
        switch frame % 6 {
        case 1: canvas.drawText("ab\u{754C}c", x: numbers.next(columns - 5), y: numbers.next(rows), fg: .white, style: .bold)
        case 2: canvas.drawText("u v", x: numbers.next(columns - 4), y: numbers.next(rows), fg: numbers.colour(), style: [.underline, .italic])
        case 3: canvas.drawText("e\u{301}\u{1F600}", x: numbers.next(columns - 4), y: numbers.next(rows), fg: numbers.colour())
        case 4: canvas[numbers.next(columns), numbers.next(rows)] = Cell(symbol: .space, bg: numbers.colour(), style: .seeThrough)
        case 5: canvas.drawText("r", x: numbers.next(columns - 2), y: numbers.next(rows), fg: numbers.colour(), style: [.reverse, .dim])
        default: break
        }
    }

    /// The renderer settings the mixed screens are rendered with, by name.
    static let settings: [(String, ScreenRenderer)] = {
        var all: [(String, ScreenRenderer)] = []
        let policies: [ScreenRenderer.LossyPolicy] = [
            .init(), .init(hysteresis: 1.5), .init(skipShare: 1, penShare: 1, detailGain: 0),
            .init(blankShare: 1, blankMinimum: 0, smoothCap: 24, detailGain: 3, detailFloor: 0)]
        for tolerance in [0, 2, 8, 24] as [UInt8] {
            for budget in [false, true] {
                for (p, policy) in policies.enumerated() where p == 0 || tolerance > 0 || budget {
                    var renderer = ScreenRenderer(colorMode: .truecolor, tolerance: tolerance)
                    renderer.budget = budget ? .reel : nil
                    renderer.policy = policy
                    all.append(("truecolor t=\(tolerance) budget=\(budget) policy \(p)", renderer))
                }
            }
        }
        for own in [false, true] {
            var renderer = ScreenRenderer(colorMode: .palette256)
            renderer.seeThroughOnOwnColour = own
            all.append(("palette own=\(own)", renderer))
            var truecolor = ScreenRenderer(colorMode: .truecolor, tolerance: 4)
            truecolor.seeThroughOnOwnColour = own
            all.append(("truecolor t=4 own=\(own)", truecolor))
        }
        return all
    }()

    /// The hash of 40 mixed frames (23x7, then 19x5 after a resize at frame 30, and redrawn in
    /// full at frame 20) rendered with `renderer`.
    static func mixedDigest(_ renderer: ScreenRenderer, seed: UInt64) -> UInt64 {
        var renderer = renderer
        var numbers = Numbers(state: seed)
        var canvas = Canvas(width: 23, height: 7)
        var digest = Digest()
        var out: [UInt8] = []
        for frame in 0..<40 {
            if frame == 30 { canvas = Canvas(width: 19, height: 5) }
            step(&canvas, frame: frame == 30 ? 0 : frame, &numbers)
            if frame == 20 { renderer.invalidate() }
            digest.render(canvas, with: &renderer, into: &out)
        }
        return digest.value
    }

    /// The hashes of the mixed frames in each setting, taken from the renderer of commit 304cc46d
    /// (its Swift row loop and render.c's picture rows, which wrote the same bytes).
    static let expected: [String: UInt64] = [
        "palette own=false": 0x20643C4667B1BDEF,
        "palette own=true": 0x4D889CAC496A75E6,
        "truecolor t=0 budget=false policy 0": 0x225E0F6E09D6A813,
        "truecolor t=0 budget=true policy 0": 0x3F8F3AA5C5C74D77,
        "truecolor t=0 budget=true policy 1": 0x2C07422CF317FCAF,
        "truecolor t=0 budget=true policy 2": 0xAE006A0F93797335,
        "truecolor t=0 budget=true policy 3": 0x4779E4FA7B4BA2FE,
        "truecolor t=2 budget=false policy 0": 0x62E295FBA6B7E8EB,
        "truecolor t=2 budget=false policy 1": 0x62E295FBA6B7E8EB,
        "truecolor t=2 budget=false policy 2": 0xEABC37E26EC05416,
        "truecolor t=2 budget=false policy 3": 0x62E295FBA6B7E8EB,
        "truecolor t=2 budget=true policy 0": 0x4F150D5FE4D18A2E,
        "truecolor t=2 budget=true policy 1": 0x59029C6B31EDA856,
        "truecolor t=2 budget=true policy 2": 0xCDA927BFD52FA922,
        "truecolor t=2 budget=true policy 3": 0xEF9B1814AB25F7EB,
        "truecolor t=24 budget=false policy 0": 0x9B348DFDD0A82F30,
        "truecolor t=24 budget=false policy 1": 0xBCFDE3DA3B989195,
        "truecolor t=24 budget=false policy 2": 0x2B9CA08DDFAB9747,
        "truecolor t=24 budget=false policy 3": 0xC0AC39A7A6EFFF16,
        "truecolor t=24 budget=true policy 0": 0x9B348DFDD0A82F30,
        "truecolor t=24 budget=true policy 1": 0xBCFDE3DA3B989195,
        "truecolor t=24 budget=true policy 2": 0x2B9CA08DDFAB9747,
        "truecolor t=24 budget=true policy 3": 0xC0AC39A7A6EFFF16,
        "truecolor t=4 own=false": 0x708A8E438E960867,
        "truecolor t=4 own=true": 0x55DBE0F707B1E3E0,
        "truecolor t=8 budget=false policy 0": 0x12AFDD10D3510D22,
        "truecolor t=8 budget=false policy 1": 0x9D3E8FEB2B613A2B,
        "truecolor t=8 budget=false policy 2": 0x14D9D13953B0D41B,
        "truecolor t=8 budget=false policy 3": 0x26597475B021BDE3,
        "truecolor t=8 budget=true policy 0": 0xED6EFA3A43BB53C3,
        "truecolor t=8 budget=true policy 1": 0x9D3E8FEB2B613A2B,
        "truecolor t=8 budget=true policy 2": 0x1E40FDF5ACDE4B67,
        "truecolor t=8 budget=true policy 3": 0x26597475B021BDE3,
    ]

    @Test("mixed screens are written with the same bytes as before, in every setting")
    func mixedScreens() {
        var actual: [String: UInt64] = [:]
        for (name, renderer) in Self.settings { actual[name] = Self.mixedDigest(renderer, seed: 23) }
        Self.expect(actual, Self.expected)
    }

    /// The hash of 30 frames of a moving gradient with grain, encoded by `blitter` into 40x12
    /// cells and rendered as reel renders a picture (truecolor, its byte budget).
    static func pictureDigest(_ blitter: FrameEncoder.Blitter) -> UInt64 {
        var numbers = Numbers(state: 5)
        let encoder = FrameEncoder(blitter: blitter)
        let (width, height) = encoder.pixelSize(columns: 40, rows: 12)
        var image = PixelBuffer(width: width, height: height)
        var canvas = Canvas(width: 40, height: 12)
        var renderer = ScreenRenderer(colorMode: .truecolor)
        renderer.budget = .reel
        var digest = Digest()
        var out: [UInt8] = []
        for frame in 0..<30 {
            for y in 0..<height {
                for x in 0..<width {
                    let base = RGB(UInt8((x * 3 + frame * 5) & 255), UInt8((y * 2 + x) & 255), UInt8((frame * 9 + y) & 255))
                    image[x, y] = numbers.next(5) == 0 ? numbers.jittered(base, by: 9) : base
                }
            }
            encoder.encode(image, into: &canvas, at: canvas.bounds)
            digest.render(canvas, with: &renderer, into: &out)
        }
        return digest.value
    }

    /// The hashes of the encoded pictures in each blitter, from the same renderer.
    static let expectedPictures: [String: UInt64] = [
        "half": 0xCDAE69905F08CE14,
        "octant": 0xC8A48A034FA2080E,
        "quadrant": 0x2313FCF4B2C697F9,
        "sextant": 0x48F18F1A4C1ADB54,
    ]

    @Test("encoded pictures are written with the same bytes as before, in every blitter")
    func pictures() {
        var actual: [String: UInt64] = [:]
        for blitter in [FrameEncoder.Blitter.half, .quadrant, .sextant, .octant] {
            actual["\(blitter)"] = Self.pictureDigest(blitter)
        }
        Self.expect(actual, Self.expectedPictures)
    }
}
