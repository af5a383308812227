/// What the library screen asks the app to do.
public enum LibraryAction: Sendable, Equatable {
    /// Play the item at this index of ``LibraryScreen/items`` at once.
    case open(Int)
    /// Show the poster card of the item at this index.
    case poster(Int)
    /// Leave the list (Esc with nothing to clear): back to what is playing, if anything.
    case close
    /// End reel as SIGINT does (Ctrl-C).
    case interrupt
    /// Quit reel.
    case quit
    /// Stop the process (Ctrl-Z); the terminal is restored first.
    case suspend
    /// Draw the whole screen again (Ctrl-L), whatever the terminal shows now: text another program
    /// wrote over reel, say.
    case redraw
    /// Forget the item at this index: its resume record goes (continue watching).
    case forget(Int)
    /// Bring the item forgotten last back.
    case undoForget
    /// Forget every item (confirmed).
    case forgetAll
    /// Stop looking for more files (Esc while the folder is still being read).
    case stopScan
}
