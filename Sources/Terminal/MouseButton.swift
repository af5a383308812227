/// A mouse button.
public enum MouseButton: Sendable, Hashable {
    /// The left (primary) button.
    case left
    /// The middle button (wheel click).
    case middle
    /// The right (secondary) button.
    case right
}
