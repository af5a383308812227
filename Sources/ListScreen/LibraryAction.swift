/// What the library screen asks the app to do.
public enum LibraryAction: Sendable, Equatable {
    /// Play the item at this index of ``LibraryScreen/items`` at once.
    case open(Int)
    /// Show the poster card of the item at this index.
    case poster(Int)
    /// Leave the list (Esc with nothing to clear): back to what is playing, if anything.
    case close
    /// Quit reel.
    case quit
    /// Forget the item at this index: its resume record goes (continue watching).
    case forget(Int)
    /// Bring the item forgotten last back.
    case undoForget
    /// Forget every item (confirmed).
    case forgetAll
    /// Stop looking for more files (Esc while the folder is still being read).
    case stopScan
}
