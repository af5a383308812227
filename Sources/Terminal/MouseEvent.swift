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
