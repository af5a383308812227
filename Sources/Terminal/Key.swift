/// A key on the keyboard, as far as a terminal can tell.
public enum Key: Sendable, Hashable {
    /// Text: one grapheme cluster. Ctrl+letter arrives as the lower-case letter with `.ctrl`.
    case character(Character)
    /// Enter (Return).
    case enter
    /// Tab.
    case tab
    /// Shift+Tab (`CSI Z`).
    case backTab
    /// Backspace (DEL or BS).
    case backspace
    /// Escape, reported once nothing follows it for ``InputDecoder/escapeTimeout``.
    case escape
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// Delete (forward delete).
    case delete
    /// A function key, F1 to F12.
    case function(Int)
}
