@testable import App
import Controls
import Drawing
import Terminal
import Testing

/// The loop's ladder: the rungs it may take for the terminal's cells and colours.
@Suite("The loop's link ladder")
struct LinkLadderRungsTests {
    /// The rungs a link that never fits takes the loop's ladder down through.
    static func descent(_ ladder: LinkLadder) -> [LinkLadder.Rung] {
        var ladder = ladder
        return (0..<100).compactMap { ladder.event(.picture(overflowed: true, rate: 1e5), now: Double($0) * 0.2) }
    }

    @Test("a link that never fits takes it down to half blocks in full colour, and no further", arguments: [
        (ColorMode.truecolor, FrameEncoder.Blitter.sextant, [LinkLadder.Rung.tolerant, .coarse]),
        (.truecolor, .quadrant, [.tolerant, .coarse]),
        (.truecolor, .half, [.tolerant]),
        (.palette256, .sextant, [.coarse]),
        (.palette256, .half, []),
        (.truecolor, .pixels(width: 8, height: 16), [.tolerant]),
    ] as [(ColorMode, FrameEncoder.Blitter, [LinkLadder.Rung])])
    func stopsAtHalfBlocks(colorMode: ColorMode, blitter: FrameEncoder.Blitter, rungs: [LinkLadder.Rung]) {
        let ladder = AppLoop.linkLadder(colorMode: colorMode, blitter: blitter)
        #expect(Self.descent(ladder) == rungs)
        #expect(!rungs.contains { $0.setting.palette || $0.setting.picturesPerSecond != nil })
    }
}
