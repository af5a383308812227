/// Where the end of a file is: the one rule of "at end".
///
/// The session's core decides it with this rule, once for each look at mpv's state, and holds it
/// while the item is open (``isAtEnd(position:duration:frameDuration:eofReached:loopsFile:)``);
/// every screen, the end of the run and the resume save read that one decision, under the one
/// name `isAtEnd` (the core's, and the screens' status).
public enum PlaybackEnd {
    /// Whether playback is at the end of an item: mpv says it stopped there (`eof-reached`), or
    /// the last frame is showing; and never while the file loops (`loopsFile`: its end is no
    /// end, mpv goes on from the start). mpv reports the last frame's start, a frame short of the
    /// length, and paused there it never says so; so a position within one and a half frames of
    /// the length counts (with 30 frames a second assumed when the rate is unknown).
    public static func isAtEnd(position: Seconds?, duration: Seconds?, frameDuration: Seconds?, eofReached: Bool,
                               loopsFile: Bool = false) -> Bool {
        if loopsFile { return false }
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
