/// A key press: the key and the modifiers held with it.
public struct KeyEvent: Sendable, Hashable {
    /// The key.
    public var key: Key
    /// The modifiers held.
    public var modifiers: Modifiers

    /// Creates a key event.
    public init(_ key: Key, _ modifiers: Modifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }
}
