/// Where the end of a file is: the one rule that every screen, the session and resume use.
public enum PlaybackEnd {
    /// Whether playback is at the end: mpv says it stopped there (`eof-reached`), or the last
    /// frame is showing. mpv reports the last frame's start, a frame short of the length, and
    /// paused there it never says so; so a position within one and a half frames of the length
    /// counts (with 30 frames a second assumed when the rate is unknown).
    public static func isAtEnd(position: Seconds?, duration: Seconds?, frameDuration: Seconds?, eofReached: Bool) -> Bool {
        if eofReached { return true }
        let length = MediaTime.safeDuration(duration)
        guard length > 0, let position, position.isFinite else { return false }
        let frame = frameDuration.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? 1.0 / 30
        return position >= length - 1.5 * frame
    }

    /// The share of a file after which it counts as watched: resume forgets it (the next play
    /// starts from the beginning) and the list marks it ✓.
    public static let watchedFraction = 0.95

    /// Whether a file left at `position` has been watched: at its end, or past
    /// ``watchedFraction`` of it.
    public static func isWatched(position: Seconds?, duration: Seconds?, atEnd: Bool) -> Bool {
        if atEnd { return true }
        let length = MediaTime.safeDuration(duration)
        guard length > 0, let position, position.isFinite else { return false }
        return position >= length * watchedFraction
    }
}
