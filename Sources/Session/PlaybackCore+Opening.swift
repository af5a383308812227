/// mpv's load hook: whether the file about to open may open, decided before anything is read
/// for it.
extension PlaybackCore {
    /// What mpv's load hook says of the file about to open and the item it belongs to, read as
    /// it is: the core decides whether it may open.
    public struct Hooked: Sendable, Equatable {
        /// The name of the file mpv is about to open, when mpv says.
        public var filename: String?
        /// That name is a network URL.
        public var filenameIsNetworkURL: Bool
        /// What the current item opens.
        public var itemKey: String
        /// The current item is a network URL.
        public var itemIsNetworkURL: Bool
        /// The current item is an entry of a playlist from the network.
        public var itemFromNetworkPlaylist: Bool
        /// Why the item itself must not open (a FIFO that a playlist lists, or a client loads), or nil.
        public var itemRefusal: String?

        public init(filename: String?, filenameIsNetworkURL: Bool, itemKey: String, itemIsNetworkURL: Bool,
                    itemFromNetworkPlaylist: Bool, itemRefusal: String?) {
            self.filename = filename
            self.filenameIsNetworkURL = filenameIsNetworkURL
            self.itemKey = itemKey
            self.itemIsNetworkURL = itemIsNetworkURL
            self.itemFromNetworkPlaylist = itemFromNetworkPlaylist
            self.itemRefusal = itemRefusal
        }
    }

    /// The failure of an entry that a playlist from the network may not open.
    static let networkEntryRefusal = "a playlist from the network may not open local files or mpv's special protocols"

    /// Load hook `id` for `hooked` (nil: no current item): an entry a playlist from the network
    /// may not open is left out, an item that must not open is refused, and otherwise the
    /// executor prepares the item (``Command/prepareOpening(hook:)``) and comes back with what
    /// it found as the session core's load hook.
    mutating func loadHook(id: UInt64, _ hooked: Hooked?, now: Double) -> [Command] {
        guard let hooked else { return session(.loadHook(id: id, SessionCore.Opening()), now: now) }
        if let entry = hooked.filename,
           Self.refusesEntry(entry, openingIsNetworkURL: hooked.filenameIsNetworkURL, itemKey: hooked.itemKey,
                             itemIsNetworkURL: hooked.itemIsNetworkURL, itemFromNetworkPlaylist: hooked.itemFromNetworkPlaylist) {
            return [.leaveOut(entry: entry)]
                + session(.loadHook(id: id, SessionCore.Opening(refusal: Self.networkEntryRefusal, leavesOut: true)), now: now)
        }
        if let refusal = hooked.itemRefusal { return session(.loadHook(id: id, SessionCore.Opening(refusal: refusal)), now: now) }
        return [.prepareOpening(hook: id)]
    }
}
