/// Small numeric helpers the engines share.
enum Arithmetic {
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
}

/// `x` rounded to the nearest integer, halves away from zero. `x` must be finite with a magnitude
/// below 2^62; callers clamp first.
func nearestInt(_ x: Double) -> Int { Int(x.rounded()) }
