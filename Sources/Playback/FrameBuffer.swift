import Glibc

/// Memory for one video frame: 4 bytes a pixel, rows and start aligned to 64 bytes, as mpv's
/// software renderer wants them. The caller owns it and reuses it from frame to frame.
public final class FrameBuffer {
    /// The byte order of a pixel.
    public enum Format: String, Sendable {
        /// Red, green, blue, then an unused byte.
        case rgb0
        /// Blue, green, red, then an unused byte.
        case bgr0
    }

    /// Width in pixels.
    public private(set) var width: Int
    /// Height in pixels.
    public private(set) var height: Int
    /// Bytes from one row to the next: a multiple of 64.
    public private(set) var stride: Int
    /// The pixel format.
    public let format: Format
    /// The first byte of the first row, 64-byte aligned.
    public private(set) var baseAddress: UnsafeMutableRawPointer
    private var capacity: Int

    /// Makes a buffer of `width` × `height` pixels (at least 1 × 1), cleared to black.
    public init(width: Int, height: Int, format: Format = .rgb0) {
        self.format = format
        self.width = max(width, 1)
        self.height = max(height, 1)
        stride = FrameBuffer.alignedStride(self.width)
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
        stride = FrameBuffer.alignedStride(newWidth)
        let needed = stride * newHeight
        if needed > capacity {
            free(baseAddress)
            baseAddress = FrameBuffer.allocate(needed)
            capacity = needed
        }
    }

    /// The red, green and blue of the pixel at (`x`, `y`), for checks and tests.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel outside the frame")
        let pixel = baseAddress.advanced(by: y * stride + x * 4).assumingMemoryBound(to: UInt8.self)
        switch format {
        case .rgb0: return (pixel[0], pixel[1], pixel[2])
        case .bgr0: return (pixel[2], pixel[1], pixel[0])
        }
    }

    private static func alignedStride(_ width: Int) -> Int { (width * 4 + 63) & ~63 }

    private static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer {
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, 64, max(bytes, 64)) == 0, let memory else {
            fatalError("reel: out of memory for a \(bytes)-byte frame")
        }
        memset(memory, 0, max(bytes, 64))
        return memory
    }
}
