import Controls

/// What the player screen asks the app to do: every one is a real mpv command or an app step.
public enum PlayerAction: Sendable, Equatable {
    case play
    case pause
    /// Toggle pause in mpv, by mpv's own state (which may be newer than the screen's).
    case togglePause
    /// Seek to 0 and play: play pressed at the end.
    case restartAndPlay
    /// A seek, through the app's coalescer: relative moves add up while one is in flight.
    case seek(SeekRequest)
    case setVolume(Double)
    case setMuted(Bool)
    case frameStep
    case frameBackStep
    /// Leave the player: back to the poster or library, or quit when started on a file.
    case close
    /// Quit reel.
    case quit
    /// Stop the process (Ctrl-Z); the terminal is restored first.
    case suspend
}
