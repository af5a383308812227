/// A mouse event at a cell, from SGR mouse reporting (`ESC[<b;x;yM` / `m`).
public struct MouseEvent: Sendable, Hashable {
    /// What happened.
    public var action: MouseAction
    /// The column, 0-based.
    public var column: Int
    /// The row, 0-based.
    public var row: Int
    /// The modifiers held (shift, alt, ctrl).
    public var modifiers: Modifiers

    /// Creates a mouse event.
    public init(_ action: MouseAction, column: Int, row: Int, modifiers: Modifiers = []) {
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }
}

/// A mouse button.
public enum MouseButton: Sendable, Hashable {
    /// The left (primary) button.
    case left
    /// The middle button (wheel click).
    case middle
    /// The right (secondary) button.
    case right
}

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
