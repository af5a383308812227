/// What the poster screen asks the app to do.
public enum PosterAction: Sendable, Equatable {
    /// Start (or resume) playback: the reveal has begun.
    case play
    /// Pause: the video is closing back to the poster.
    case pause
    /// Leave the poster for what opened it (the library).
    case back
    /// Quit reel.
    case quit
}
