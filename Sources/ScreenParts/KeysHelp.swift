/// Whether the `?` list of keys (``HelpOverlay``) is over a screen, and at which page: one rule
/// for the player, the list and the poster card, which hold one each and only say when to redraw.
public struct KeysHelp: Sendable, Equatable {
    /// The page shown, clamped to the pages there are when drawn; nil while the list is closed.
    public var page: Int?

    /// The list closed.
    public init() {}

    /// Whether the list is over the screen.
    public var isShown: Bool { page != nil }

    /// Shows the list at its first page, or closes it.
    public mutating func show(_ shown: Bool) {
        page = shown ? 0 : nil
    }

    /// Turns the list `pages` pages on (back when negative), never before the first; nothing
    /// while it is closed.
    public mutating func turn(by pages: Int) {
        page = page.map { max($0 + pages, 0) }
    }
}
