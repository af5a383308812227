import Drawing
import Playback

extension PixelBuffer {
    /// A still's packed RGB bytes as a pixel buffer.
    public init(_ still: Still) {
        self.init(width: still.width, height: still.height)
        for index in 0..<(still.width * still.height) {
            pixels[index] = RGB(still.rgb[index * 3], still.rgb[index * 3 + 1], still.rgb[index * 3 + 2])
        }
    }
}
