import Glibc

/// The one clock reel reads: seconds on CLOCK_MONOTONIC, which never jumps with the wall
/// clock. Engines never read it; they are given `now`.
public enum MonotonicClock {
    /// Seconds since an arbitrary fixed point.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
