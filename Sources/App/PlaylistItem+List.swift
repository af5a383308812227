import History
import Media
import Playback
import Session

/// The session's list of items: their names, and the changes the core's commands make to it.
extension [PlaylistItem] {
    /// Item `index`, when there is one.
    func item(at index: Int?) -> PlaylistItem? {
        index.flatMap { indices.contains($0) ? self[$0] : nil }
    }

    /// What the items open, in order: the core's keys for them.
    var keys: [String] { map(\.source.mpvName) }

    /// The name of item `index` for notices and cards: its title once known (from mpv, or a
    /// probe, in `titles`), else its name.
    func name(of index: Int, titles: ItemTitles) -> String {
        guard indices.contains(index) else { return "" }
        return titles[self[index].source.mpvName] ?? self[index].name
    }

    /// The words of one of the core's notices, the items named with `titles`.
    func text(of notice: SessionCore.Notice, titles: ItemTitles) -> String {
        switch notice {
        case .firstItem: "This is the first item"
        case .lastItem: "This is the last item"
        case .moved(let item, let backwards): "\(backwards ? "Previous" : "Next"): \(name(of: item, titles: titles)) (\(item + 1)/\(count))"
        case .couldNotPlay(let item, let reason): "Could not play \(name(of: item, titles: titles)): \(reason)"
        }
    }

    /// Moves item `i` to `newIndex[i]`.
    mutating func reorder(_ newIndex: [Int]) {
        guard newIndex.count == count else { return }
        let old = self
        for (index, item) in old.enumerated() { self[newIndex[index]] = item }
    }

    /// Puts mpv's `entries` in the place of `item`, a playlist file they came from (`fromClient`:
    /// a client's loadfile instead).
    mutating func expand(_ item: Int, into entries: [PlaylistEntry], fromClient: Bool) {
        guard indices.contains(item) else { return }
        let fromNetwork = self[item].isFromNetworkPlaylist || self[item].source.isNetworkURL
        let expanded = entries.map { entry in
            var expanded = PlaylistItem(mpvFilename: entry.filename, title: entry.title, fromClient: fromClient)
            expanded.isFromNetworkPlaylist = fromNetwork && !fromClient
            return expanded
        }
        replaceSubrange(item..<(item + 1), with: expanded)
    }

    /// What mpv's load hook says of `filename`, about to open for item `index`, for the core to
    /// decide whether it may (nil: no such item).
    func hooked(_ index: Int?, opening filename: String?) -> PlaybackCore.Hooked? {
        guard let index, indices.contains(index) else { return nil }
        let item = self[index]
        return PlaybackCore.Hooked(filename: filename, filenameIsNetworkURL: filename.map(MediaSource.isNetworkURL) ?? false,
                                   itemKey: item.source.mpvName, itemIsNetworkURL: item.source.isNetworkURL,
                                   itemFromNetworkPlaylist: item.isFromNetworkPlaylist, itemRefusal: item.refusal)
    }
}
