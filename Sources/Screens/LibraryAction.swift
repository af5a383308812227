/// What the library screen asks the app to do.
public enum LibraryAction: Sendable, Equatable {
    /// Open the item at this index of ``LibraryScreen/items``.
    case open(Int)
    /// Quit reel.
    case quit
    /// Stop the process (Ctrl-Z); the terminal is restored first.
    case suspend
}
