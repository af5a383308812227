import Glibc

/// Memory for one video frame, rows and start aligned to 64 bytes, as mpv's software renderer
/// wants them. The caller owns it and reuses it from frame to frame.
public final class FrameBuffer {
    /// The byte order of a pixel.
    public enum Format: String, Sendable {
        /// Red, green, blue, then an unused byte.
        case rgb0
        /// Blue, green, red, then an unused byte.
        case bgr0
        /// Red, green, blue, three bytes a pixel: rows that are already an RGB image's, so a
        /// frame is copied out a row at a time. libmpv 0.35 renders it, though its API promises
        /// only the four-byte formats; ``MpvPlayer/render(into:)`` falls back to `rgb0` if not.
        case rgb24

        /// Bytes a pixel.
        public var bytesPerPixel: Int { self == .rgb24 ? 3 : 4 }
    }

    /// Width in pixels.
    public private(set) var width: Int
    /// Height in pixels.
    public private(set) var height: Int
    /// Bytes from one row to the next: a multiple of 64 and of the pixel's size.
    public private(set) var stride: Int
    /// The pixel format.
    public private(set) var format: Format
    /// The first byte of the first row, 64-byte aligned.
    public private(set) var baseAddress: UnsafeMutableRawPointer
    private var capacity: Int

    /// Makes a buffer of `width` × `height` pixels (at least 1 × 1), cleared to black.
    public init(width: Int, height: Int, format: Format = .rgb0) {
        self.format = format
        self.width = max(width, 1)
        self.height = max(height, 1)
        stride = FrameBuffer.alignedStride(self.width, format)
        capacity = stride * self.height
        baseAddress = FrameBuffer.allocate(capacity)
    }

    deinit { free(baseAddress) }

    /// Changes the size, reallocating only when it grows. The contents become undefined.
    public func resize(width: Int, height: Int) {
        let newWidth = max(width, 1), newHeight = max(height, 1)
        guard newWidth != self.width || newHeight != self.height else { return }
        self.width = newWidth
        self.height = newHeight
        stride = FrameBuffer.alignedStride(newWidth, format)
        reserve(stride * newHeight)
    }

    /// Changes the pixel format (when mpv turns one down). The contents become undefined.
    public func change(to format: Format) {
        guard format != self.format else { return }
        self.format = format
        stride = FrameBuffer.alignedStride(width, format)
        reserve(stride * height)
    }

    private func reserve(_ needed: Int) {
        if needed > capacity {
            free(baseAddress)
            baseAddress = FrameBuffer.allocate(needed)
            capacity = needed
        }
    }

    /// The red, green and blue of the pixel at (`x`, `y`), for checks and tests.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the frame")
        let pixel = baseAddress.advanced(by: y * stride + x * format.bytesPerPixel).assumingMemoryBound(to: UInt8.self)
        switch format {
        case .rgb0, .rgb24: return (pixel[0], pixel[1], pixel[2])
        case .bgr0: return (pixel[2], pixel[1], pixel[0])
        }
    }

    /// A row's bytes, rounded up to a multiple of 64 that is also a whole number of pixels (mpv
    /// turns down a stride that is not): 64 bytes for four-byte pixels, 192 for three.
    private static func alignedStride(_ width: Int, _ format: Format) -> Int {
        let unit = format.bytesPerPixel == 4 ? 64 : 192
        return (width * format.bytesPerPixel + unit - 1) / unit * unit
    }

    private static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer {
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, 64, max(bytes, 64)) == 0, let memory else {
            fatalError("reel: out of memory for a \(bytes)-byte frame")
        }
        memset(memory, 0, max(bytes, 64))
        return memory
    }
}
