import Drawing
import TestRandom
import TestTerminal
import Testing
@testable import Terminal

/// The link's hard cap on a frame's bytes (``ScreenRenderer/frameCap``): a frame over it is
/// rendered again, coarser, and the screen stays within the tolerance it was written with.
@Suite("ScreenRenderer: the link's cap on a frame")
struct ScreenRendererCapTests {
    /// A half-block picture of grain over a drifting gradient: every cell changes every frame.
    static func picture(_ frame: Int, columns: Int, rows: Int, rng: inout SplitMix64) -> Canvas {
        let encoder = FrameEncoder(blitter: .half)
        let size = encoder.pixelSize(columns: columns, rows: rows)
        var image = PixelBuffer(width: size.width, height: size.height)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let grain = UInt8(truncatingIfNeeded: rng.next() % 5)
                image[x, y] = RGB(UInt8(truncatingIfNeeded: 3 * x + 2 * frame) &+ grain, UInt8(truncatingIfNeeded: 5 * y) &+ grain, 90)
            }
        }
        var canvas = Canvas(width: columns, height: rows)
        encoder.encode(image, into: &canvas, at: canvas.bounds)
        return canvas
    }

    @Test("with a cap each frame after the first keeps within it, drawn within its tolerance; without, it takes several times more")
    func capHolds() {
        let (columns, rows) = (60, 20)
        var capped = ScreenRenderer()
        capped.budget = .reel
        var free = ScreenRenderer()
        free.budget = .reel
        var terminal = MiniTerminal(width: columns, height: rows)
        var rng = SplitMix64(seed: 49)
        let cap = 9_000
        var freeLargest = 0
        for frame in 0..<8 {
            let canvas = Self.picture(frame, columns: columns, rows: rows, rng: &rng)
            capped.frameCap = frame == 0 ? nil : cap
            let out = render(&capped, canvas)
            freeLargest = max(freeLargest, render(&free, canvas).count)
            terminal.feed(out)
            if frame > 0 { #expect(out.count <= cap, "frame \(frame): \(out.count) bytes at \(capped.lastFrameTolerance)") }
            let differences = terminal.differences(from: canvas, tolerance: capped.lastFrameTolerance)
            #expect(differences.isEmpty, "frame \(frame): \(differences.prefix(2))")
        }
        #expect(freeLargest > 2 * cap, "\(freeLargest)")
        #expect(capped.totalBytes < free.totalBytes)
    }

    @Test("a frame already under the cap is the frame without one, byte for byte")
    func underTheCapUnchanged() {
        var rng = SplitMix64(seed: 5)
        var capped = ScreenRenderer(), free = ScreenRenderer()
        capped.frameCap = 1_000_000
        for frame in 0..<4 {
            let canvas = Self.picture(frame, columns: 40, rows: 12, rng: &rng)
            #expect(render(&capped, canvas) == render(&free, canvas))
        }
    }
}
