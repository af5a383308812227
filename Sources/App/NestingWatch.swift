/// Counts the playlists that open one another from one item, so that a playlist that lists
/// itself (or two that list each other) stops at a limit with an error naming it, instead of
/// spinning for ever as mpv does (a local one at 90 % CPU with its memory growing, a remote one at
/// hundreds of requests a second).
///
/// mpv sends an end-file with the reason "redirect" each time a playlist becomes its entries; a
/// file that loads ends the chain.
struct NestingWatch {
    /// How many playlists may open in a row before a file loads: deeper than any real library's
    /// folders of playlists, and far short of a spin's cost.
    static let limit = 10

    /// The item given to mpv, whose playlist this is.
    private(set) var root: PlaylistItem?
    /// Playlists opened in a row since a file last loaded.
    private(set) var depth = 0

    init(root: PlaylistItem?) {
        self.root = root
    }

    /// One more playlist opened: the reason to stop, once past the limit, else nil.
    mutating func redirected() -> String? {
        depth += 1
        guard depth > Self.limit else { return nil }
        return "the playlist includes itself, or playlists nest more than \(Self.limit) deep"
    }

    /// A file loaded: the chain is over.
    mutating func loaded() { depth = 0 }
}
