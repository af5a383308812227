import Testing
@testable import Drawing

/// A frame's storage across changes of size: sized by the largest frame, allocated once.
@Suite("Pixel buffer resize")
struct PixelBufferResizeTests {
    /// The address of the buffer's storage.
    static func storage(_ buffer: PixelBuffer) -> UnsafeRawPointer? {
        buffer.pixels.withUnsafeBytes { $0.baseAddress }
    }

    @Test("back to the largest size after a smaller one, the storage is the same: malloc is not asked again")
    func reusesStorage() {
        var buffer = PixelBuffer(width: 800, height: 360, fill: .white)
        let largest = Self.storage(buffer)
        let capacity = buffer.pixels.capacity
        buffer.resize(width: 200, height: 60, fill: RGB(1, 2, 3))
        #expect(buffer.pixels.count == 200 * 60)
        #expect(buffer.pixels.allSatisfy { $0 == RGB(1, 2, 3) }, "blanked to the fill")
        #expect(buffer == PixelBuffer(width: 200, height: 60, fill: RGB(1, 2, 3)))
        buffer.resize(width: 800, height: 360)
        #expect(Self.storage(buffer) == largest)
        #expect(buffer.pixels.capacity == capacity)
        #expect(buffer == PixelBuffer(width: 800, height: 360))
    }

    @Test("a larger size grows the storage to that size, not by doubling")
    func growsExactly() {
        var buffer = PixelBuffer(width: 100, height: 100)
        buffer.resize(width: 150, height: 100)
        #expect(buffer.pixels.count == 15_000)
        #expect(buffer.pixels.capacity < 20_000, "capacity \(buffer.pixels.capacity)")
    }

    @Test("a copy held elsewhere keeps its pixels when the original is resized")
    func copiesStayIntact() {
        var buffer = PixelBuffer(width: 4, height: 2, fill: .white)
        let copy = buffer
        buffer.resize(width: 2, height: 2)
        #expect(copy == PixelBuffer(width: 4, height: 2, fill: .white))
        #expect(buffer == PixelBuffer(width: 2, height: 2))
    }
}
