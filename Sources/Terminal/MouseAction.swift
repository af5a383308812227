/// What a mouse event reports.
public enum MouseAction: Sendable, Hashable {
    /// A button went down.
    case press(MouseButton)
    /// A button came up.
    case release(MouseButton)
    /// The mouse moved with a button down.
    case drag(MouseButton)
    /// The mouse moved with no button down (reported only with any-motion tracking).
    case move
    /// The wheel turned up (away from the user).
    case wheelUp
    /// The wheel turned down.
    case wheelDown
    /// The wheel (or trackpad) scrolled left.
    case wheelLeft
    /// The wheel (or trackpad) scrolled right.
    case wheelRight
}
