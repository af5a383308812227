/// What the play/pause control does, given where playback is.
///
/// Pressing play at the end starts again from 0, as a player does.
public enum PlayPauseDecision: Sendable, Equatable {
    /// Playing: pause.
    case pause
    /// Paused before the end: play from here.
    case play
    /// Paused at the end (``PlaybackEnd``): seek to 0, then play.
    case restartThenPlay

    /// Decides play/pause; `atEnd` is ``PlaybackEnd/isAtEnd(position:duration:frameDuration:eofReached:loopsFile:)``.
    public static func decide(isPlaying: Bool, atEnd: Bool) -> PlayPauseDecision {
        if isPlaying { return .pause }
        return atEnd ? .restartThenPlay : .play
    }
}
