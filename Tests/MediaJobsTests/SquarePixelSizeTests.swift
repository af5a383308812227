@testable import MediaJobs
import Testing

/// mpv renders square pixels; reel's pixels may not be.
@Suite("Square-pixel render size")
struct SquarePixelSizeTests {
    @Test("narrow pixels render taller, wide ones wider, square ones as they are", arguments: [
        // (the encoder's size, its pixels' width over height, the square-pixel size)
        ((96, 54), 1.0, (96, 54)), ((192, 54), 0.5, (192, 108)), ((96, 54), 0.94, (96, 57)), ((96, 54), 2.0, (192, 54)),
        ((120, 80), 1.25, (150, 80)), ((96, 54), 0, (96, 54)), ((96, 54), .nan, (96, 54)), ((96, 54), .infinity, (96, 54)),
    ] as [((Int, Int), Double, (Int, Int))])
    func size(input: (Int, Int), aspect: Double, expected: (Int, Int)) {
        let size = VideoFrames.squarePixelSize((input.0, input.1), pixelAspect: aspect)
        #expect(size.width == expected.0 && size.height == expected.1)
    }
}
