/// A CSS-style timing curve from (0, 0) to (1, 1) through two control points.
///
/// `value(at:)` solves the curve's x for the parameter by bisection and returns its y, so the
/// result is deterministic and exact at the ends.
public struct CubicBezier: Sendable, Equatable {
    /// The first control point's x, in 0…1.
    public var x1: Double
    /// The first control point's y.
    public var y1: Double
    /// The second control point's x, in 0…1.
    public var x2: Double
    /// The second control point's y.
    public var y2: Double

    /// Makes a curve from its two control points; x values are clamped to 0…1 so the curve is a function.
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
    }

    /// The curve's y where its x is `x`; 0 at or below 0 and 1 at or above 1.
    public func value(at x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let t = Arithmetic.solveIncreasing(x) { Self.coordinate($0, x1, x2) }
        return Self.coordinate(t, y1, y2)
    }

    /// One coordinate of the curve at parameter `t`, with the end points fixed at 0 and 1.
    private static func coordinate(_ t: Double, _ c1: Double, _ c2: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t
    }
}
