import Glibc

/// The wall clock and the local time zone, for what the continue-watching list says of when
/// something was watched. Engines take these as arguments; this is where they are read.
public enum WallClock {
    /// Seconds since the Unix epoch.
    public static func now() -> Int64 { Int64(time(nil)) }

    /// The local time zone's offset from UTC at `time`, in seconds east.
    public static func utcOffset(at time: Int64 = now()) -> Int64 {
        var seconds = time_t(time)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return 0 }
        return Int64(parts.tm_gmtoff)
    }
}
