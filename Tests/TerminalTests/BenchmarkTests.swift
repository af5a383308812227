import Drawing
import Testing
import Terminal
import TestRandom

/// Encode + diff timings for the report; run with `REEL_BENCH=1 swift test -c release --filter Benchmark`.
///
/// They print figures and assert only what must hold whatever the speed (no wall-clock assertion).
@Suite("Benchmark", .enabled(if: getenvString("REEL_BENCH") != nil))
struct BenchmarkTests {
    /// A moving, noisy gradient: roughly what a video frame looks like to the encoder.
    static func frame(_ t: Int, width: Int, height: Int, into image: inout PixelBuffer, rng: inout SplitMix64) {
        for y in 0..<height {
            for x in 0..<width {
                let noise = UInt8(truncatingIfNeeded: rng.next() & 3)
                image[x, y] = RGB(UInt8(truncatingIfNeeded: x * 2 + t) &+ noise,
                                  UInt8(truncatingIfNeeded: y * 3 + t / 2),
                                  UInt8(truncatingIfNeeded: (x + y + t) / 3))
            }
        }
    }

    /// A still, smooth background with a disc moving across it: a frame where a tenth of the cells change.
    static func movingDisc(_ t: Int, width: Int, height: Int, into image: inout PixelBuffer) {
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGB(UInt8(truncatingIfNeeded: x), UInt8(truncatingIfNeeded: y * 2), 90)
            }
        }
        image.paintDisc(cx: Double((t * 3) % width), cy: Double(height) / 2, radius: Double(height) / 4,
                       color: RGB(250, 200, 40))
    }

    /// The bytes a tct-style output would write for this canvas: every cell as
    /// `ESC[38;2;r;g;b;48;2;r;g;bm▀` (21 bytes plus the digits), and a cursor position per row.
    static func tctBytes(_ canvas: Canvas) -> Int {
        var total = 0
        for y in 0..<canvas.height {
            total += 4 + decimalDigits(y + 1)
            for x in 0..<canvas.width {
                let c = canvas[x, y]
                total += 21 + [c.fg.r, c.fg.g, c.fg.b, c.bg.r, c.bg.g, c.bg.b].reduce(0) { $0 + decimalDigits(Int($1)) }
            }
        }
        return total
    }

    static func decimalDigits(_ v: Int) -> Int { v < 10 ? 1 : v < 100 ? 2 : 3 }

    @Test("encode + diff timings", arguments: [
        (120, 40, FrameEncoder.Blitter.half, ColorMode.truecolor, UInt8(0), true),
        (120, 40, .half, .truecolor, 2, true),
        (120, 40, .half, .truecolor, 8, true),
        (120, 40, .half, .palette256, 0, true),
        (120, 40, .quadrant, .truecolor, 0, true),
        (120, 40, .half, .truecolor, 0, false),
        (300, 100, .half, .truecolor, 0, true),
        (300, 100, .half, .truecolor, 8, true),
        (300, 100, .half, .truecolor, 0, false),
    ])
    func timings(columns: Int, rows: Int, blitter: FrameEncoder.Blitter, mode: ColorMode, tolerance: UInt8, noisy: Bool) {
        let encoder = FrameEncoder(blitter: blitter)
        let size = encoder.pixelSize(columns: columns, rows: rows)
        var image = PixelBuffer(width: size.width, height: size.height)
        var canvas = Canvas(width: columns, height: rows)
        var renderer = ScreenRenderer(colorMode: mode, tolerance: tolerance)
        var rng = SplitMix64(seed: 7)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 20)
        let frames = 300
        var images: [PixelBuffer] = []
        for t in 0..<frames {
            if noisy {
                BenchmarkTests.frame(t, width: size.width, height: size.height, into: &image, rng: &rng)
            } else {
                BenchmarkTests.movingDisc(t, width: size.width, height: size.height, into: &image)
            }
            images.append(image)
        }
        let clock = ContinuousClock()
        var encodeTime = Duration.zero, diffTime = Duration.zero
        var bytes = 0, tct = 0
        for t in 0..<frames {
            let t0 = clock.now
            encoder.encode(images[t], into: &canvas, at: canvas.bounds)
            let t1 = clock.now
            renderer.render(canvas, into: &out)
            let t2 = clock.now
            if t > 0 {  // the first frame is a full redraw
                encodeTime += t1 - t0
                diffTime += t2 - t1
                bytes += out.count
                tct += BenchmarkTests.tctBytes(canvas)
            }
        }
        let n = Double(frames - 1)
        func ms(_ d: Duration) -> Double { Double(d.components.attoseconds) / 1e15 / n + Double(d.components.seconds) * 1e3 / n }
        let scene = noisy ? "noisy pan" : "moving disc"
        print("bench \(columns)x\(rows) \(scene) \(blitter) \(mode) tol \(tolerance): encode \(ms(encodeTime)) ms, "
              + "diff \(ms(diffTime)) ms, \(bytes / (frames - 1)) bytes/frame (tct-like \(tct / (frames - 1)))")
        #expect(bytes > 0)
    }
}
