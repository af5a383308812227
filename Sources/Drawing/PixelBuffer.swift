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
    ///
    /// The storage is kept and reused (a copy elsewhere aside): it grows to the largest size asked
    /// for, no further, and never shrinks. A new array at each change of size made malloc find room
    /// for the largest frame again and again, each time it came back after a smaller one (4.5 MiB
    /// at 400 × 120 cells of sextants, which the soak saw as steps in RSS).
    public mutating func resize(width: Int, height: Int, fill: RGB = .black) {
        let w = max(0, width)
        let h = max(0, height)
        guard w != self.width || h != self.height else { return }
        self.width = w
        self.height = h
        pixels.removeAll(keepingCapacity: true)
        pixels.reserveCapacity(w * h)
        pixels.append(contentsOf: repeatElement(fill, count: w * h))
    }

    /// Copies a frame in mpv's `rgb0` layout (bytes R, G, B, padding per pixel) into this image,
    /// resizing it to `width` × `height`. `stride` is the number of bytes from one row to the next.
    public mutating func load(rgb0 base: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
        load(base, width: width, height: height, stride: stride, red: 0, blue: 2)
    }

    /// Copies a frame of packed `rgb24` rows (bytes R, G, B per pixel), a row at a time; see
    /// ``load(rgb0:width:height:stride:)``.
    public mutating func load(rgb24 base: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
        resize(width: width, height: height)
        let rowBytes = 3 * self.width, h = self.height
        pixels.withUnsafeMutableBytes { out in
            guard let target = out.baseAddress else { return }
            for y in 0..<h { (target + rowBytes * y).copyMemory(from: base + stride * y, byteCount: rowBytes) }
        }
    }

    /// Copies a frame in mpv's `bgr0` layout (bytes B, G, R, padding per pixel); see ``load(rgb0:width:height:stride:)``.
    public mutating func load(bgr0 base: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
        load(base, width: width, height: height, stride: stride, red: 2, blue: 0)
    }

    private mutating func load(_ base: UnsafeRawPointer, width: Int, height: Int, stride: Int, red: Int, blue: Int) {
        resize(width: width, height: height)
        let w = self.width, h = self.height
        // Byte by byte through raw pointers, the channel order fixed for each loop, so that the
        // compiler can vectorise it: a frame is copied for every picture shown.
        pixels.withUnsafeMutableBytes { out in
            guard let target = out.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            for y in 0..<h {
                let row = base.advanced(by: y * stride).assumingMemoryBound(to: UInt8.self)
                let o = target + 3 * w * y
                if red == 0 {
                    Self.copyRow(from: row, to: o, count: w, red: 0, blue: 2)
                } else {
                    Self.copyRow(from: row, to: o, count: w, red: 2, blue: 0)
                }
            }
        }
    }

    @inline(__always)
    private static func copyRow(from row: UnsafePointer<UInt8>, to out: UnsafeMutablePointer<UInt8>, count: Int, red: Int, blue: Int) {
        for x in 0..<count {
            out[3 * x] = row[4 * x + red]
            out[3 * x + 1] = row[4 * x + 1]
            out[3 * x + 2] = row[4 * x + blue]
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
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        // ``RGB/blended(with:alpha:)``'s fixed point, worked out once for the whole rectangle.
        let a = alpha.isNaN ? 0 : min(max(alpha, 0), 1)
        let top = UInt32((a * 256).rounded())
        guard top > 0 else { return }
        let bottom = 256 - top
        let over = (UInt32(color.r) &* top &+ 128, UInt32(color.g) &* top &+ 128, UInt32(color.b) &* top &+ 128)
        let w = width
        pixels.withUnsafeMutableBytes { raw in
            guard let bytes = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            for y in area.y..<area.maxY {
                let row = bytes + 3 * (y * w + area.x)
                for x in 0..<area.width {
                    let p = row + 3 * x
                    p[0] = UInt8(truncatingIfNeeded: (UInt32(p[0]) &* bottom &+ over.0) >> 8)
                    p[1] = UInt8(truncatingIfNeeded: (UInt32(p[1]) &* bottom &+ over.1) >> 8)
                    p[2] = UInt8(truncatingIfNeeded: (UInt32(p[2]) &* bottom &+ over.2) >> 8)
                }
            }
        }
    }

}
