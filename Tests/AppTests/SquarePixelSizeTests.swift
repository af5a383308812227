import Testing
@testable import App

/// mpv renders square pixels; reel's pixels may not be.
@Suite("Square-pixel render size")
struct SquarePixelSizeTests {
    @Test("narrow pixels render taller, wide ones wider, square ones as they are", arguments: [
        (1.0, 96, 54), (0.5, 192, 108), (0.94, 96, 57), (2.0, 192, 54), (0, 96, 54), (.nan, 96, 54),
    ] as [(Double, Int, Int)])
    func size(aspect: Double, width: Int, height: Int) {
        let columns = aspect == 0.5 ? 192 : 96
        let size = VideoFrames.squarePixelSize((columns, 54), pixelAspect: aspect)
        #expect(size.width == width && size.height == height)
    }
}
