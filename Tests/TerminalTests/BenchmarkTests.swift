import Testing
import Terminal

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

    @Test("encode + diff timings", arguments: [
        (120, 40, FrameEncoder.Blitter.half, ColorMode.truecolor, UInt8(0)),
        (120, 40, .half, .truecolor, 8),
        (120, 40, .half, .palette256, 0),
        (120, 40, .quadrant, .truecolor, 0),
        (300, 100, .half, .truecolor, 0),
        (300, 100, .half, .truecolor, 8),
    ])
    func timings(columns: Int, rows: Int, blitter: FrameEncoder.Blitter, mode: ColorMode, tolerance: UInt8) {
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
            BenchmarkTests.frame(t, width: size.width, height: size.height, into: &image, rng: &rng)
            images.append(image)
        }
        let clock = ContinuousClock()
        var encodeTime = Duration.zero, diffTime = Duration.zero
        var bytes = 0
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
            }
        }
        let n = Double(frames - 1)
        func ms(_ d: Duration) -> Double { Double(d.components.attoseconds) / 1e15 / n + Double(d.components.seconds) * 1e3 / n }
        print("bench \(columns)x\(rows) \(blitter) \(mode) tol \(tolerance): encode \(ms(encodeTime)) ms, diff \(ms(diffTime)) ms, \(bytes / (frames - 1)) bytes/frame")
        #expect(bytes > 0)
    }
}
