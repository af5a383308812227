/// A timing curve that maps linear progress in 0…1 to eased progress in 0…1.
///
/// All curves are monotonic, start at exactly 0 and end at exactly 1, so an animation that is
/// read at its end time is exactly finished.
public enum Easing: Sendable, Equatable {
    /// Progress as it is.
    case linear
    /// Slow start: the cubic Bézier (0.42, 0, 1, 1), as SwiftUI's and CSS's `ease-in`.
    case easeIn
    /// Slow end: the cubic Bézier (0, 0, 0.58, 1), as SwiftUI's and CSS's `ease-out`.
    case easeOut
    /// Slow start and end: the cubic Bézier (0.42, 0, 0.58, 1), as SwiftUI's and CSS's `ease-in-out`.
    case easeInOut
    /// SwiftUI's `.smooth`: a critically damped spring whose response is the animation's duration,
    /// cut at that duration and scaled so that it ends at exactly 1 (it has reached 98.6 % by then).
    case smooth

    /// The eased progress for linear progress `progress`; clamped to 0…1, and NaN counts as 0.
    public func value(at progress: Double) -> Double {
        guard progress > 0 else { return 0 }
        guard progress < 1 else { return 1 }
        switch self {
        case .linear: return progress
        case .easeIn: return CubicBezier(0.42, 0, 1, 1).value(at: progress)
        case .easeOut: return CubicBezier(0, 0, 0.58, 1).value(at: progress)
        case .easeInOut: return CubicBezier(0.42, 0, 0.58, 1).value(at: progress)
        case .smooth: return Self.spring(progress) / Self.spring(1)
        }
    }

    /// The linear progress at which the curve reaches `value`: the inverse of ``value(at:)``.
    ///
    /// Used to turn an animation round from where it is without a jump.
    public func progress(reaching value: Double) -> Double {
        guard value > 0 else { return 0 }
        guard value < 1 else { return 1 }
        return Arithmetic.solveIncreasing(value) { self.value(at: $0) }
    }

    /// A critically damped spring released from rest at 0 towards 1: 1 − (1 + ωt)·e^(−ωt), with
    /// ω = 2π per duration (SwiftUI's response) and `t` in durations.
    private static func spring(_ t: Double) -> Double {
        let omegaT = 2 * Double.pi * t
        return 1 - (1 + omegaT) * exponential(-omegaT)
    }
}

/// e^x: a Taylor series on a range-reduced argument. The standard library has no `exp`, and
/// Controls imports nothing (not even Glibc), so the spring curve computes its own.
///
/// Accurate to a few ulps over the range the easing curves use.
func exponential(_ x: Double) -> Double {
    if x.isNaN { return x }
    if x > 709.78 { return .infinity }
    if x < -745.2 { return 0 }
    let ln2 = 0.693_147_180_559_945_3
    let k = nearestInt(x / ln2)
    let r = x - Double(k) * ln2
    var sum = 1.0
    var term = 1.0
    for n in 1...20 {
        term *= r / Double(n)
        sum += term
    }
    return Double(sign: .plus, exponent: k, significand: sum)
}
