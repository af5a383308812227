import Testing
@testable import Terminal

/// The encoder's table of quadrant blocks and the renderer's switch over the same blocks (kept
/// apart so that the per-cell path needs no lazily made global) must name the same masks.
@Suite("Quadrant tables")
struct QuadrantTableTests {
    @Test("every mask's block reads back as that mask", arguments: 0..<16)
    func roundTrip(mask: Int) {
        #expect(ScreenRenderer.quadrantMask(FrameEncoder.quadrantSymbols[mask]) == mask)
    }

    @Test("a block's complement lights the other quadrants; a blank and █ have none", arguments: 0..<16)
    func complement(mask: Int) {
        let complement = ScreenRenderer.complement(ofMask: mask)
        if mask == 0 || mask == 15 {
            #expect(complement == nil)
        } else {
            #expect(complement.flatMap(ScreenRenderer.quadrantMask) == 15 - mask)
        }
    }

    @Test("other symbols are no quadrant block")
    func others() {
        #expect(ScreenRenderer.quadrantMask(CellSymbol("a", wide: false)) == nil)
    }
}
