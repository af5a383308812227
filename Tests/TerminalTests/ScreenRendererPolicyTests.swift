@testable import Drawing
import TestTerminal
import Testing
@testable import Terminal
import TestRandom

/// How the renderer spends its tolerance (``ScreenRenderer/LossyPolicy``) and how its byte
/// budget sets the tolerance of each frame (``ScreenRenderer/ByteBudget``).
@Suite("ScreenRenderer policy and budget")
struct ScreenRendererPolicyTests {
    let grey = RGB(40, 40, 40)

    /// A renderer with `policy` that has already drawn a blank `width` × 1 canvas of grey, so the
    /// next frame is a diff starting with a carriage return.
    func primed(width: Int, tolerance: UInt8, policy: ScreenRenderer.LossyPolicy = .init()) -> (ScreenRenderer, Canvas) {
        var renderer = ScreenRenderer(tolerance: tolerance)
        renderer.policy = policy
        let canvas = Canvas(width: width, height: 1, background: grey)
        _ = render(&renderer, canvas)
        return (renderer, canvas)
    }

    static let unchanged = esc("⎋[?2026h⎋[?2026l")

    @Test("a still picture written in the pen's colours is not written again")
    func penColoursStay() {
        // The pen's allowance (8) is above the skip share (2): the skip allowance follows it.
        let policy = ScreenRenderer.LossyPolicy(skipShare: 0.25, penShare: 1, blankShare: 0.5, smoothCap: 255,
                                                detailGain: 0)
        var (renderer, canvas) = primed(width: 3, tolerance: 8, policy: policy)
        paint(&canvas, 0, RGB(200, 50, 50), RGB(10, 20, 30))
        paint(&canvas, 1, RGB(200, 50, 56), RGB(10, 20, 36))
        paint(&canvas, 2, RGB(200, 50, 57), RGB(10, 20, 37))
        #expect(show(render(&renderer, canvas))
            == show(esc("⎋[?2026h\r⎋[38;2;200;50;50;48;2;10;20;30m▀▀▀⎋[?2026l")))
        #expect(render(&renderer, canvas) == Self.unchanged)
        #expect(!renderer.lastFrameChanged)
    }

    @Test("a smooth area keeps to the smooth cap, however high the tolerance")
    func smoothCap() {
        var (renderer, canvas) = primed(width: 3, tolerance: 24)
        canvas.clear(background: RGB(44, 44, 44))
        #expect(render(&renderer, canvas) == Self.unchanged)
        canvas.clear(background: RGB(45, 45, 45))
        #expect(show(render(&renderer, canvas)) == show(esc("⎋[?2026h\r⎋[48;2;45;45;45m   ⎋[?2026l")))
    }

    @Test("detail raises a cell's allowance: a textured area moved by 10 levels stays as it was written")
    func detailMasks() {
        var (renderer, canvas) = primed(width: 3, tolerance: 24)
        for x in 0..<3 { paint(&canvas, x, .black, RGB(200, 200, 200)) }
        _ = render(&renderer, canvas)
        for x in 0..<3 { paint(&canvas, x, RGB(10, 10, 10), RGB(190, 190, 190)) }
        #expect(render(&renderer, canvas) == Self.unchanged)
        // The same move in a smooth area is written.
        var (flat, plain) = primed(width: 3, tolerance: 24)
        plain.clear(background: RGB(50, 50, 50))
        #expect(render(&flat, plain) != Self.unchanged)
    }

    @Test("a flat cell beside an edge counts as flat")
    func edgeIsNotTexture() {
        var (renderer, canvas) = primed(width: 3, tolerance: 24)
        paint(&canvas, 2, .white, .white)
        _ = render(&renderer, canvas)
        paint(&canvas, 0, RGB(46, 46, 46), RGB(46, 46, 46))
        paint(&canvas, 1, RGB(46, 46, 46), RGB(46, 46, 46))
        // Cell 1 has a white neighbour, but also a grey one: its allowance stays the smooth cap, 4.
        #expect(show(render(&renderer, canvas)) == show(esc("⎋[?2026h\r⎋[48;2;46;46;46m  ⎋[?2026l")))
    }

    @Test("with hysteresis a change waits a frame, and one that goes away is never written")
    func hysteresis() {
        let policy = ScreenRenderer.LossyPolicy(skipShare: 0.5, penShare: 0.5, blankShare: 0.5, smoothCap: 255,
                                                detailGain: 0, hysteresis: 2)
        var (renderer, canvas) = primed(width: 2, tolerance: 8, policy: policy)
        // 6 levels: above the skip allowance (4), within twice it.
        canvas.clear(background: RGB(46, 46, 46))
        #expect(render(&renderer, canvas) == Self.unchanged)
        #expect(show(render(&renderer, canvas)) == show(esc("⎋[?2026h\r⎋[48;2;46;46;46m  ⎋[?2026l")))
        // Grain: there for one frame, gone the next.
        canvas.clear(background: RGB(52, 52, 52))
        #expect(render(&renderer, canvas) == Self.unchanged)
        canvas.clear(background: RGB(46, 46, 46))
        #expect(render(&renderer, canvas) == Self.unchanged)
        // Beyond twice the allowance: written at once.
        canvas.clear(background: RGB(55, 55, 55))
        #expect(show(render(&renderer, canvas)) == show(esc("⎋[?2026h\r⎋[48;2;55;55;55m  ⎋[?2026l")))
    }

    @Test("the budget moves the tolerance by its gain for each budget's worth over or under, within floor and ceiling")
    func budgetController() {
        var budget = ScreenRenderer.ByteBudget(share: 0.5, gain: 1, ceiling: 8)
        var seen: [UInt8] = [budget.tolerance(floor: 0)]
        // A redraw costs 200 bytes, so a frame may write 100.
        for bytes in [400, 800, 100, 0, 1, 150, 0, 0, 0] {
            budget.spend(bytes, cost: 200, floor: 0)
            seen.append(budget.tolerance(floor: 0))
        }
        // Three budgets over: +2, the most a frame; seven over: +2; on budget: no change; nothing
        // written: −1, the most a frame; half a budget over: +0.5 (2.01 + 0.5 rounds to 3).
        #expect(seen == [0, 2, 4, 4, 3, 2, 3, 2, 1, 0])
        for _ in 0..<10 { budget.spend(10_000, cost: 200, floor: 3) }
        #expect(budget.tolerance(floor: 3) == 8)
        #expect(budget.tolerance(floor: 9) == 9)
    }

    @Test("a frame is worth a plain redraw of its cells, both colours each, and black blanks are worth nothing")
    func redrawCost() {
        var canvas = Canvas(width: 3, height: 1, background: .black)
        paint(&canvas, 1, RGB(1, 22, 255), RGB(100, 0, 9))
        paint(&canvas, 2, RGB(7, 7, 7), RGB(7, 7, 7))
        // `⎋[38;2;1;22;255;48;2;100;0;9m▀` is 32 bytes, `⎋[38;2;7;7;7;48;2;7;7;7m▀` 27.
        #expect(ScreenRenderer.redrawCost(of: canvas) == 32 + 27)
    }

    @Test("the same cells drawn again are not a frame to the budget: the next picture keeps the tolerance it had")
    func budgetSkipsRepeats() {
        func tolerances(repeating repeats: Int) -> [UInt8] {
            var renderer = ScreenRenderer(tolerance: 0)
            renderer.budget = ScreenRenderer.ByteBudget(share: 0.3, gain: 1, ceiling: 16)
            var canvas = Canvas(width: 10, height: 2, background: grey)
            var out: [UInt8] = []
            for frame in 0..<8 {
                for x in 0..<10 { paint(&canvas, x, RGB(UInt8(20 * x + 9 * frame), 100, 7), RGB(3, UInt8(20 * x), UInt8(200 - 9 * frame))) }
                _ = render(&renderer, canvas)
                out.append(renderer.lastFrameTolerance)
                // The loop drawing the picture again for something else on screen.
                for _ in 0..<repeats { _ = render(&renderer, canvas) }
            }
            return out
        }
        let plain = tolerances(repeating: 0)
        #expect(plain.last! > 0)
        #expect(tolerances(repeating: 2) == plain)
    }

    @Test("a renderer with a budget starts exact, raises the tolerance while frames cost more than their share, and comes back down")
    func budgetInTheRenderer() {
        var renderer = ScreenRenderer(tolerance: 0)
        renderer.budget = ScreenRenderer.ByteBudget(share: 0.3, gain: 1, ceiling: 16)
        var canvas = Canvas(width: 10, height: 2, background: grey)
        var tolerances: [UInt8] = []
        for frame in 0..<12 {
            // Six frames in which every cell changes, then six in which one cell does, a little.
            if frame < 6 {
                for x in 0..<10 { paint(&canvas, x, RGB(UInt8(20 * x + 9 * frame), 100, 7), RGB(3, UInt8(20 * x), UInt8(200 - 9 * frame))) }
            } else {
                paint(&canvas, 0, RGB(UInt8(frame), 100, 7), RGB(3, 0, 150))
            }
            _ = render(&renderer, canvas)
            tolerances.append(renderer.lastFrameTolerance)
        }
        #expect(tolerances.first == 0)
        #expect(tolerances.allSatisfy { $0 <= 16 })
        #expect(tolerances[5] > tolerances[1])
        #expect(tolerances.last == 0)
    }

    @Test("moving video with the budget and reel's policy stays within each frame's tolerance",
          arguments: [FrameEncoder.Blitter.half, .quadrant])
    func videoWithinEachFramesTolerance(blitter: FrameEncoder.Blitter) {
        let columns = 24, rows = 8
        let encoder = FrameEncoder(blitter: blitter)
        let size = encoder.pixelSize(columns: columns, rows: rows)
        var image = PixelBuffer(width: size.width, height: size.height)
        var renderer = ScreenRenderer(tolerance: 0)
        renderer.budget = .reel
        var exact = ScreenRenderer()
        var terminal = MiniTerminal(width: columns, height: rows)
        var canvas = Canvas(width: columns, height: rows)
        var rng = SplitMix64(seed: 17)
        var bytes = 0, exactBytes = 0
        var tolerances = Set<UInt8>()
        for frame in 0..<90 {
            // Texture on the left, a smooth drifting gradient on the right, grain over both, and a
            // cut at frame 45.
            for y in 0..<size.height {
                for x in 0..<size.width {
                    let grain = UInt8(truncatingIfNeeded: rng.next() % 3)
                    let cut = frame >= 45 ? UInt8(90) : 0
                    let texture = (x / 2 + y) % 2 == 0 ? UInt8(30) : 200
                    image[x, y] = x < size.width / 2
                        ? RGB(texture &+ grain &+ cut, texture / 2 &+ UInt8(frame % 7), 90)
                        : RGB(UInt8(truncatingIfNeeded: 4 * x + frame) &+ grain, UInt8(truncatingIfNeeded: 3 * y) &+ cut, 120)
                }
            }
            encoder.encode(image, into: &canvas, at: canvas.bounds)
            let out = render(&renderer, canvas)
            bytes += out.count
            exactBytes += render(&exact, canvas).count
            tolerances.insert(renderer.lastFrameTolerance)
            terminal.feed(out)
            let differences = terminal.differences(from: canvas, tolerance: renderer.lastFrameTolerance)
            #expect(differences.isEmpty, "frame \(frame) at \(renderer.lastFrameTolerance): \(differences.prefix(2))")
            #expect(terminal.problems.isEmpty, "frame \(frame): \(terminal.problems.prefix(2))")
            if !differences.isEmpty || !terminal.problems.isEmpty { break }
        }
        #expect(bytes < exactBytes)
        #expect(tolerances.count > 1)
    }
}
