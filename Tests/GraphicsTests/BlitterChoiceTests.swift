import Drawing
import Testing
@testable import Graphics
import Terminal

/// The one decision between pixels and cells, and among the cell blitters.
@Suite("Blitter choice")
struct BlitterChoiceTests {
    static let kitty = GraphicsMode.kitty(transport: .sharedMemory, cell: PixelSize(width: 8, height: 16))

    @Test("each pairing of --blitter, --graphics and what the terminal has draws with one blitter", arguments: [
        // A terminal with pixels: auto takes them; a named cell blitter draws cells instead.
        (BlitterChoice.Preference.auto, GraphicsMode.Preference.auto, true, FrameEncoder.Blitter.sextant, false, "kitty-shm"),
        (.sextant, .auto, true, .sextant, false, "sextant"),
        (.half, .auto, true, .sextant, false, "half"),
        // A forced protocol wins over a named blitter.
        (.half, .kitty, true, .quadrant, false, "kitty-shm"),
        // Cells: auto is the richest the terminal is known to draw, never octants.
        (.auto, .blocks, true, .sextant, false, "sextant"),
        (.auto, .auto, false, .quadrant, false, "quadrant"),
        (.auto, .auto, false, .octant, false, "sextant"),
        (.octant, .auto, false, .quadrant, false, "octant"),
        // Octants never go through tmux.
        (.octant, .auto, false, .sextant, true, "quadrant"),
        (.quadrant, .auto, false, .quadrant, true, "quadrant"),
    ] as [(BlitterChoice.Preference, GraphicsMode.Preference, Bool, FrameEncoder.Blitter, Bool, String)])
    func choice(blitter: BlitterChoice.Preference, graphics: GraphicsMode.Preference, hasPixels: Bool,
                richest: FrameEncoder.Blitter, multiplexed: Bool, expected: String) {
        let choice = BlitterChoice.choose(blitter: blitter, graphics: graphics, pixels: hasPixels ? Self.kitty : .blocks,
                                          richest: richest, multiplexed: multiplexed)
        #expect(choice.name == expected)
        #expect((choice.graphics == .blocks) == choice.blitter.drawsCells)
        #expect((choice.notice != nil) == (blitter == .octant && multiplexed))
    }

    @Test("pixels take the cell size the terminal reported")
    func pixelCells() {
        let choice = BlitterChoice.choose(blitter: .auto, graphics: .auto, pixels: Self.kitty, richest: .quadrant, multiplexed: false)
        #expect(choice.blitter == .pixels(width: 8, height: 16))
    }

    @Test("the terminal is asked only when its answer can change the choice", arguments: [
        (BlitterChoice.Preference.auto, GraphicsMode.Preference.auto, false, true),
        (.auto, .auto, true, false),
        (.sextant, .auto, false, false),
        (.sextant, .kitty, true, true),
        (.auto, .blocks, false, true),
        (.half, .blocks, false, false),
    ] as [(BlitterChoice.Preference, GraphicsMode.Preference, Bool, Bool)])
    func probe(blitter: BlitterChoice.Preference, graphics: GraphicsMode.Preference, multiplexed: Bool, asks: Bool) {
        #expect(BlitterChoice.needsProbe(blitter: blitter, graphics: graphics, multiplexed: multiplexed) == asks)
    }
}
