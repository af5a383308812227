import Drawing
import Testing

@Suite("PixelBuffer equality")
struct PixelBufferEqualityTests {
    @Test("equal when the size and every byte match; the last byte, or the shape alone, tells them apart")
    func equality() {
        var a = PixelBuffer(width: 300, height: 200, fill: RGB(10, 20, 30))
        let b = PixelBuffer(width: 300, height: 200, fill: RGB(10, 20, 30))
        #expect(a == b)
        a[299, 199] = RGB(10, 20, 31)
        #expect(a != b, "the very last byte differs")
        #expect(PixelBuffer(width: 20, height: 30) != PixelBuffer(width: 30, height: 20), "same bytes, another shape")
        #expect(PixelBuffer(width: 0, height: 5) != PixelBuffer(width: 0, height: 7), "empty, but not the same size")
        #expect(PixelBuffer(width: 0, height: 0) == PixelBuffer(width: 0, height: 0))
    }
}
