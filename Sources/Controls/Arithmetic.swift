/// Rounding and square roots from the standard library alone.
///
/// On Linux, `Double.rounded()` and `Double.squareRoot()` can compile to calls into libm, which a
/// target that imports nothing does not link. These stay within plain arithmetic and `Int` conversion.
enum Arithmetic {
    /// `x` rounded to the nearest integer, halves away from zero (like `x.rounded()`).
    ///
    /// `x` must be finite with a magnitude below 2^62; callers clamp first.
    static func nearestInt(_ x: Double) -> Int {
        let truncated = Int(x)
        let fraction = x - Double(truncated)
        if fraction >= 0.5 { return truncated + 1 }
        if fraction <= -0.5 { return truncated - 1 }
        return truncated
    }

    /// The point in 0…1 where the increasing function `f` reaches `target`, by bisection.
    static func solveIncreasing(_ target: Double, _ f: (Double) -> Double) -> Double {
        var low = 0.0
        var high = 1.0
        for _ in 0..<64 {
            let mid = (low + high) / 2
            if f(mid) < target { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    /// The square root of `x` by Newton's method: NaN for negative `x`, and exact for 0 and infinity.
    static func squareRoot(_ x: Double) -> Double {
        guard x > 0 else { return x == 0 ? 0 : .nan }
        guard x.isFinite else { return x }
        var root = Double(sign: .plus, exponent: x.exponent / 2, significand: 1)
        for _ in 0..<64 {
            let next = (root + x / root) / 2
            if next == root { break }
            root = next
        }
        return root
    }
}
