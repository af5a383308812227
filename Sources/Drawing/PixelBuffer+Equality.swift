import CBlitter

extension PixelBuffer {
    /// Two images are equal when they have the same size and the same bytes.
    ///
    /// One `memcmp` over the pixel bytes, instead of a comparison per ``RGB``: the graphics
    /// renderer compares each new picture with the one the terminal shows (at 900x540, 1.5 MB a
    /// frame), and a frame that differs only below a still top half would be read pixel by pixel.
    public static func == (lhs: PixelBuffer, rhs: PixelBuffer) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        return lhs.pixels.withUnsafeBytes { left in
            rhs.pixels.withUnsafeBytes { right in
                guard left.count == right.count else { return false }
                guard let a = left.baseAddress, let b = right.baseAddress else { return left.count == 0 }
                return a == b || reel_same_bytes(a, b, left.count)
            }
        }
    }
}
