/// What the play/pause control does, given where playback is.
///
/// Pressing play at the end starts again from 0, as a player does.
public enum PlayPauseDecision: Sendable, Equatable {
    /// Playing: pause.
    case pause
    /// Paused before the end: play from here.
    case play
    /// Paused at the end: seek to 0, then play.
    case restartThenPlay

    /// How close to the end a position counts as being at the end.
    public static let endTolerance: Seconds = 0.05

    /// Decides play/pause. Playback is at the end when mpv reports end of file, or when the duration
    /// is known and the position is within ``endTolerance`` of it.
    public static func decide(isPlaying: Bool, position: Seconds?, duration: Seconds?, eofReached: Bool = false) -> PlayPauseDecision {
        if isPlaying { return .pause }
        let duration = MediaTime.safeDuration(duration)
        let position = MediaTime.position(position, duration: duration)
        let atEnd = eofReached || (duration > 0 && position >= duration - endTolerance)
        return atEnd ? .restartThenPlay : .play
    }
}
