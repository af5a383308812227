import Drawing
import Foundation
import Testing
import Terminal
import TestTerminal

/// The renderer's bytes for fixed sequences of canvases, held in golden files of readable text
/// (Golden/RendererBytes: `\e` for ESC, a line for each cursor move), first written from the
/// renderer that still matched the hashes taken before it was rewritten (commit 304cc46d): any
/// change to what it writes (a cell judged otherwise, another cursor move or pen) shows as a diff
/// of those lines. When a change of the bytes is meant, run the suite with `REEL_WRITE_GOLDEN=1`,
/// read the files' diff, and commit it with the reason.
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

    /// The frames a renderer wrote, as golden text: for each, a line with the cells it wrote and
    /// its tolerance, then its bytes as ``GoldenText/lines(_:)`` writes them.
    struct Transcript {
        var lines: [String] = []
        var frames = 0

        /// Renders `canvas` and adds the frame's bytes, the cells it wrote and its tolerance.
        mutating func render(_ canvas: Canvas, with renderer: inout ScreenRenderer, into out: inout [UInt8]) {
            renderer.render(canvas, into: &out)
            lines.append("# frame \(frames): \(renderer.lastFrameCellsWritten) cells written, tolerance \(renderer.lastFrameTolerance)")
            lines += GoldenText.lines(out)
            frames += 1
        }
    }

    /// The folder of the golden files.
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Golden/RendererBytes/"

    /// Expects each transcript as its golden file (named after its key) holds it, and shows the
    /// lines that differ where it does not.
    static func expect(_ transcripts: [(name: String, transcript: Transcript)]) throws {
        for (name, transcript) in transcripts {
            let file = name.replacingOccurrences(of: " ", with: "_") + ".txt"
            let difference = try GoldenText.compare(transcript.lines, withFileAt: golden + file)
            #expect(difference.isEmpty, "\(file) differs:\n\(difference.joined(separator: "\n"))")
        }
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

    /// 40 mixed frames (23x7, then 19x5 after a resize at frame 30, and redrawn in full at frame
    /// 20) rendered with `renderer`.
    static func mixedFrames(_ renderer: ScreenRenderer, seed: UInt64) -> Transcript {
        var renderer = renderer
        var numbers = Numbers(state: seed)
        var canvas = Canvas(width: 23, height: 7)
        var transcript = Transcript()
        var out: [UInt8] = []
        for frame in 0..<40 {
            if frame == 30 { canvas = Canvas(width: 19, height: 5) }
            step(&canvas, frame: frame == 30 ? 0 : frame, &numbers)
            if frame == 20 { renderer.invalidate() }
            transcript.render(canvas, with: &renderer, into: &out)
        }
        return transcript
    }

    @Test("mixed screens are written with the same bytes as before, in every setting")
    func mixedScreens() throws {
        try Self.expect(Self.settings.map { ($0.0, Self.mixedFrames($0.1, seed: 23)) })
    }

    /// 30 frames of a moving gradient with grain, encoded by `blitter` into 40x12 cells and
    /// rendered as reel renders a picture (truecolor, its byte budget).
    static func pictureFrames(_ blitter: FrameEncoder.Blitter) -> Transcript {
        var numbers = Numbers(state: 5)
        let encoder = FrameEncoder(blitter: blitter)
        let (width, height) = encoder.pixelSize(columns: 40, rows: 12)
        var image = PixelBuffer(width: width, height: height)
        var canvas = Canvas(width: 40, height: 12)
        var renderer = ScreenRenderer(colorMode: .truecolor)
        renderer.budget = .reel
        var transcript = Transcript()
        var out: [UInt8] = []
        for frame in 0..<30 {
            for y in 0..<height {
                for x in 0..<width {
                    let base = RGB(UInt8((x * 3 + frame * 5) & 255), UInt8((y * 2 + x) & 255), UInt8((frame * 9 + y) & 255))
                    image[x, y] = numbers.next(5) == 0 ? numbers.jittered(base, by: 9) : base
                }
            }
            encoder.encode(image, into: &canvas, at: canvas.bounds)
            transcript.render(canvas, with: &renderer, into: &out)
        }
        return transcript
    }

    @Test("encoded pictures are written with the same bytes as before, in every blitter")
    func pictures() throws {
        try Self.expect([FrameEncoder.Blitter.half, .quadrant, .sextant, .octant].map { ("picture \($0)", Self.pictureFrames($0)) })
    }
}
