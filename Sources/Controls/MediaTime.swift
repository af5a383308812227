/// Sanitises the duration and position that the player reports before anything shows them.
///
/// mpv may report nothing, NaN or infinity for a stream, and a position a little past the end.
/// Everything the controls show goes through these clamps first.
public enum MediaTime {
    /// The longest duration reel shows: 100 hours.
    public static let maximumDuration: Seconds = 360_000

    /// The duration to show: 0 when unknown or not finite, otherwise clamped to 0…``maximumDuration``.
    public static func safeDuration(_ duration: Seconds?) -> Seconds {
        guard let duration, duration.isFinite else { return 0 }
        return min(max(duration, 0), maximumDuration)
    }

    /// The position to show: 0 when unknown or not finite, otherwise clamped to 0…duration.
    ///
    /// The duration is sanitised with ``safeDuration(_:)`` first. When it is 0, which is how an
    /// unknown length arrives, a known position is kept (clamped to 0…``maximumDuration``) so
    /// that the elapsed time of a stream still counts up; the scrubber is disabled then anyway.
    public static func position(_ position: Seconds?, duration: Seconds?) -> Seconds {
        guard let position, position.isFinite else { return 0 }
        let duration = safeDuration(duration)
        let upper = duration > 0 ? duration : maximumDuration
        return min(max(position, 0), upper)
    }

    /// Where a relative seek lands: the sanitised position moved by `delta`, clamped like ``position(_:duration:)``.
    ///
    /// A non-finite `delta` moves nothing.
    public static func seekTarget(from position: Seconds?, by delta: Seconds, duration: Seconds?) -> Seconds {
        let start = self.position(position, duration: duration)
        guard delta.isFinite else { return start }
        return self.position(start + delta, duration: duration)
    }
}
