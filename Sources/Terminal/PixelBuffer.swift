/// An RGB image, row-major in one flat array, that screens composite video and effects into
/// before a ``FrameEncoder`` turns it into cells.
public struct PixelBuffer: Sendable, Equatable {
    /// The width in pixels.
    public private(set) var width: Int
    /// The height in pixels.
    public private(set) var height: Int
    /// The pixels, row by row (`pixels[y * width + x]`).
    public var pixels: [RGB]

    /// Creates a `width` × `height` image of colour `fill` (negative sizes become 0).
    public init(width: Int, height: Int, fill: RGB = .black) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.pixels = Array(repeating: fill, count: self.width * self.height)
    }

    /// The whole image as a rectangle at the origin.
    @inlinable
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The pixel at column `x`, row `y` (both must be inside the image).
    @inlinable
    public subscript(x: Int, y: Int) -> RGB {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// Changes the size to `width` × `height`; the content is blanked to `fill` when it changes.
    public mutating func resize(width: Int, height: Int, fill: RGB = .black) {
        let w = max(0, width)
        let h = max(0, height)
        guard w != self.width || h != self.height else { return }
        self = PixelBuffer(width: w, height: h, fill: fill)
    }

    /// Copies a frame in mpv's `rgb0` layout (bytes R, G, B, padding per pixel) into this image,
    /// resizing it to `width` × `height`. `stride` is the number of bytes from one row to the next.
    public mutating func load(rgb0 base: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
        load(base, width: width, height: height, stride: stride, red: 0, blue: 2)
    }

    /// Copies a frame in mpv's `bgr0` layout (bytes B, G, R, padding per pixel); see ``load(rgb0:width:height:stride:)``.
    public mutating func load(bgr0 base: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
        load(base, width: width, height: height, stride: stride, red: 2, blue: 0)
    }

    private mutating func load(_ base: UnsafeRawPointer, width: Int, height: Int, stride: Int, red: Int, blue: Int) {
        resize(width: width, height: height)
        let w = self.width
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<self.height {
                let row = base.advanced(by: y * stride).assumingMemoryBound(to: UInt8.self)
                let o = y * w
                for x in 0..<w {
                    let p = row + 4 * x
                    out[o + x] = RGB(p[red], p[1], p[blue])
                }
            }
        }
    }

    /// Paints `rect` (clipped to the image) in `color`.
    public mutating func fill(_ rect: Rect, color: RGB) {
        rect.intersection(bounds).forEachRowSpan(gridWidth: width) { _, span in
            for i in span { pixels[i] = color }
        }
    }

    /// Darkens the full-width rows `rows` (clipped to the image) by `factor`: 0 leaves them, 1 makes them black.
    public mutating func darken(rows: Range<Int>, by factor: Double) {
        blend(Rect(x: 0, y: rows.lowerBound, width: width, height: rows.count), with: .black, alpha: factor)
    }

    /// Darkens `rect` (clipped to the image) by `factor`.
    public mutating func darken(_ rect: Rect, by factor: Double) {
        blend(rect, with: .black, alpha: factor)
    }

    /// Lays `color` over `rect` (clipped to the image) at opacity `alpha`.
    public mutating func blend(_ rect: Rect, with color: RGB, alpha: Double) {
        rect.intersection(bounds).forEachRowSpan(gridWidth: width) { _, span in
            for i in span { pixels[i] = pixels[i].blended(with: color, alpha: alpha) }
        }
    }

}
