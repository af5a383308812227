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
    /// Stop the process (Ctrl-Z); the terminal is restored first.
    case suspend
    /// End reel as SIGINT does (Ctrl-C).
    case interrupt
    /// Draw the whole screen again (Ctrl-L), whatever the terminal shows now: text another program
    /// wrote over reel, say.
    case redraw
}
