import Drawing
import TestTerminal
import Testing
import Terminal
import TestRandom

/// The renderer's lossy mode: what it may leave on screen with a colour tolerance, and the bound
/// it never passes.
@Suite("ScreenRenderer tolerance")
struct ScreenRendererToleranceTests {
    let grey = RGB(40, 40, 40)

    /// The tolerance spent evenly, as before reel's policy had a smooth cap and masking: skip and
    /// pen get half of it each, a blank all of it. These tests pin each way of saving bytes down
    /// with it; ScreenRendererPolicyTests covers the policy itself.
    static let evenSplit = ScreenRenderer.LossyPolicy(skipShare: 0.5, penShare: 0.5, blankShare: 1, blankMinimum: 0,
                                                      smoothCap: 255, detailGain: 0)

    /// A renderer that has already drawn a blank `width` × 1 canvas, so the next frame is a diff
    /// starting with a carriage return (the cursor was left after the last column).
    func primed(width: Int, tolerance: UInt8) -> (ScreenRenderer, Canvas) {
        var renderer = ScreenRenderer(tolerance: tolerance)
        renderer.policy = Self.evenSplit
        let canvas = Canvas(width: width, height: 1, background: grey)
        _ = render(&renderer, canvas)
        return (renderer, canvas)
    }

    @Test("a half block whose colours differ by less than twice the tolerance is a blank of the colour between")
    func closeColoursMakeABlank() {
        var (renderer, canvas) = primed(width: 2, tolerance: 2)
        paint(&canvas, 0, RGB(100, 100, 100), RGB(103, 100, 97))
        #expect(show(render(&renderer, canvas)) == show(esc("⎋[?2026h\r⎋[48;2;101;100;98m ⎋[?2026l")))
        // Four apart is too far for a tolerance of 2: a half block, both colours exact.
        paint(&canvas, 1, RGB(100, 100, 100), RGB(104, 100, 100))
        #expect(show(render(&renderer, canvas))
            == show(esc("⎋[?2026h⎋[38;2;100;100;100;48;2;104;100;100m▀⎋[?2026l")))
    }

    @Test("a colour within half the tolerance of the pen is written in the pen's colour, with no SGR")
    func penIsReused() {
        var (renderer, canvas) = primed(width: 3, tolerance: 4)
        for (x, delta) in [(0, 0), (1, 2), (2, 3)] {
            paint(&canvas, x, RGB(200, 50, 50 + UInt8(delta)), RGB(10, 20, 30 + UInt8(delta)))
        }
        // Cell 1 is within 2 of the pen in both colours; cell 2 is 3 away: both colours again.
        #expect(show(render(&renderer, canvas))
            == show(esc("⎋[?2026h\r⎋[38;2;200;50;50;48;2;10;20;30m▀▀⎋[38;2;200;50;53;48;2;10;20;33m▀⎋[?2026l")))
    }

    @Test("a half block is written as ▄ with its colours swapped when that keeps the pen")
    func complementKeepsThePen() {
        var (renderer, canvas) = primed(width: 2, tolerance: 2)
        paint(&canvas, 0, RGB(255, 0, 0), RGB(0, 0, 255))
        // The next cell is upside down: blue on top of red; ▄ shows red below and blue above.
        paint(&canvas, 1, RGB(0, 0, 255), RGB(255, 0, 0))
        #expect(show(render(&renderer, canvas)) == show(esc("⎋[?2026h\r⎋[38;2;255;0;0;48;2;0;0;255m▀▄⎋[?2026l")))
    }

    @Test("a blank near the pen's foreground is a full block in it, with no SGR; one near neither needs its own")
    func blankTakesThePenForeground() {
        var (renderer, canvas) = primed(width: 3, tolerance: 4)
        paint(&canvas, 0, RGB(200, 50, 50), RGB(10, 20, 30))
        // Within 2 of the pen's red foreground: █ in that red. Then a grey blank far from both.
        paint(&canvas, 1, RGB(201, 50, 50), RGB(202, 51, 50))
        paint(&canvas, 2, RGB(90, 90, 90), RGB(90, 90, 90))
        #expect(show(render(&renderer, canvas))
            == show(esc("⎋[?2026h\r⎋[38;2;200;50;50;48;2;10;20;30m▀█⎋[48;2;90;90;90m ⎋[?2026l")))
        // Drawn so, the still picture is kept as it is.
        #expect(render(&renderer, canvas) == esc("⎋[?2026h⎋[?2026l"))
    }

    @Test("a still picture written with blanks and swapped blocks is not written again")
    func stillPictureStays() {
        var (renderer, canvas) = primed(width: 3, tolerance: 2)
        paint(&canvas, 0, RGB(100, 100, 100), RGB(103, 100, 97))
        paint(&canvas, 1, RGB(0, 0, 255), RGB(255, 0, 0))
        paint(&canvas, 2, RGB(255, 0, 0), RGB(0, 0, 255))
        _ = render(&renderer, canvas)
        #expect(render(&renderer, canvas) == esc("⎋[?2026h⎋[?2026l"))
        #expect(!renderer.lastFrameChanged)
    }

    @Test("256-colour output ignores the tolerance")
    func paletteIsExact() {
        var renderer = ScreenRenderer(colorMode: .palette256, tolerance: 8)
        var canvas = Canvas(width: 1, height: 1, background: grey)
        _ = render(&renderer, canvas)
        paint(&canvas, 0, RGB(255, 0, 0), RGB(250, 0, 0))
        #expect(show(render(&renderer, canvas)) == show(esc("⎋[?2026h\r⎋[38;5;196;48;5;196m▀⎋[?2026l")))
    }

    @Test("moving video never drifts past the tolerance, and costs fewer bytes than exact output",
          arguments: [FrameEncoder.Blitter.half, .quadrant], [UInt8(1), 2, 3, 6])
    func videoStaysWithinTolerance(blitter: FrameEncoder.Blitter, tolerance: UInt8) {
        let columns = 24, rows = 8
        let encoder = FrameEncoder(blitter: blitter)
        let size = encoder.pixelSize(columns: columns, rows: rows)
        var image = PixelBuffer(width: size.width, height: size.height)
        var lossy = ScreenRenderer(tolerance: tolerance)
        var exact = ScreenRenderer()
        var terminal = MiniTerminal(width: columns, height: rows)
        var canvas = Canvas(width: columns, height: rows)
        var rng = SplitMix64(seed: UInt64(tolerance))
        var lossyBytes = 0, exactBytes = 0
        for frame in 0..<60 {
            // Smooth gradients drifting by a level or two a frame, with a little noise and a sharp edge.
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let noise = UInt8(truncatingIfNeeded: rng.next() & 1)
                    image[x, y] = RGB(UInt8(truncatingIfNeeded: 3 * x + frame) &+ noise,
                                      UInt8(truncatingIfNeeded: 2 * y + frame / 2),
                                      x > size.width / 2 + frame % 5 ? 220 : UInt8(truncatingIfNeeded: x + y))
                }
            }
            encoder.encode(image, into: &canvas, at: canvas.bounds)
            if frame % 50 == 0 { canvas.drawText("12:34", x: 2, y: 1, fg: .white, bg: grey) }
            let bytes = render(&lossy, canvas)
            lossyBytes += bytes.count
            exactBytes += render(&exact, canvas).count
            terminal.feed(bytes)
            let differences = terminal.differences(from: canvas, tolerance: tolerance)
            #expect(differences.isEmpty, "frame \(frame): \(differences.prefix(2))")
            #expect(terminal.problems.isEmpty, "frame \(frame): \(terminal.problems.prefix(2))")
            if !differences.isEmpty || !terminal.problems.isEmpty { break }
        }
        // A tolerance of 1 only merges blocks of two colours one level apart, which this has none of.
        #expect(tolerance < 2 ? lossyBytes <= exactBytes : lossyBytes < exactBytes)
    }
}
