/// A 24-bit colour: one byte each of red, green and blue, in that order and nothing else, so
/// that an array of them is the bytes of an RGB image (``PixelBuffer`` relies on it).
public struct RGB: Sendable, Hashable {
    /// The red channel, 0…255.
    public var r: UInt8
    /// The green channel, 0…255.
    public var g: UInt8
    /// The blue channel, 0…255.
    public var b: UInt8

    /// Creates a colour from its three channels.
    @inlinable
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Creates a colour from its three channels, labelled.
    @inlinable
    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.init(r, g, b)
    }

    /// Black, `(0, 0, 0)`.
    public static let black = RGB(0, 0, 0)
    /// White, `(255, 255, 255)`.
    public static let white = RGB(255, 255, 255)

    /// This colour with `factor` of it taken away: 0 leaves it, 1 makes it black.
    ///
    /// It is the colour seen through a black scrim of opacity `factor`. The factor is clamped to 0…1.
    @inlinable
    public func darkened(by factor: Double) -> RGB {
        blended(with: .black, alpha: factor)
    }

    /// This colour with `color` laid over it at opacity `alpha` (clamped to 0…1).
    @inlinable
    public func blended(with color: RGB, alpha: Double) -> RGB {
        let a = alpha.isNaN ? 0 : min(max(alpha, 0), 1)
        // Fixed point in 1/256ths keeps the per-pixel work to integer arithmetic.
        let top = UInt32((a * 256).rounded())
        let bottom = 256 - top
        @inline(__always) func mix(_ under: UInt8, _ over: UInt8) -> UInt8 {
            UInt8((UInt32(under) &* bottom &+ UInt32(over) &* top &+ 128) >> 8)
        }
        return RGB(mix(r, color.r), mix(g, color.g), mix(b, color.b))
    }

    /// The largest difference between this colour and `other` in any one channel.
    @inlinable @inline(__always)
    public func maxChannelDistance(to other: RGB) -> UInt8 {
        @inline(__always) func delta(_ a: UInt8, _ b: UInt8) -> UInt8 { a > b ? a &- b : b &- a }
        return max(delta(r, other.r), delta(g, other.g), delta(b, other.b))
    }
}
