/// Files a client of mpv's IPC socket makes mpv open: whose entries they are, and taking one over
/// as reel's item when nothing of reel's is open.
extension PlaybackCore {
    /// mpv started entry `entryID` of `entries`; `keys`: what the list's items open. A start
    /// while reel opens nothing is a client's (``Command/startedFromOutside``).
    mutating func startFile(_ entryID: Int, entries: [SessionCore.Entry], keys: [String], now: Double) -> [Command] {
        var commands: [Command] = session.machine.isOpening ? [] : [.startedFromOutside]
        commands += adopt(entryID, entries: entries, keys: keys, now: now)
        return commands + session(.startFile(entryID: entryID), now: now)
    }

    /// mpv's playlist became `entries`; `keys`: what the list's items open. A playlist file
    /// expands only while reel opens it: a new entry that plays while nothing opens is a client's
    /// loadfile, and the entries are the client's (``entriesFromClient``).
    mutating func playlistChanged(_ entries: [SessionCore.Entry], keys: [String], now: Double) -> [Command] {
        entriesFromClient = !session.machine.isOpening
        var commands: [Command] = []
        if entriesFromClient, let playing = entries.first(where: \.isPlaying)?.id, session.item(forEntry: playing) == nil {
            commands.append(.startedFromOutside)
        }
        commands += adopt(nil, entries: entries, keys: keys, now: now)
        let keys = keys + commands.compactMap(Self.addedKey)
        let first = session.window.first
        let opened = keys.indices.contains(first) ? keys[first] : nil
        let replacesOpened = entries.count > 1 || entries.first.map { $0.filename != opened } ?? false
        return commands + session(.playlist(entries: entries, replacesOpened: replacesOpened), now: now)
    }

    private static func addedKey(_ command: Command) -> String? {
        if case .addClientItem(let filename, _) = command { filename } else { nil }
    }

    /// A client made mpv open a file while nothing of reel's was open (the list or continue
    /// watching showed, nothing played yet, or a client had stopped it): the file becomes reel's
    /// item, the list's item that opens it or a new one at the list's end
    /// (``Command/addClientItem(filename:title:)``), and opens as if chosen there. `entryID`: the
    /// entry mpv started, else the one its playlist says plays (an entry only appended is not
    /// opened, and is left alone).
    private mutating func adopt(_ entryID: Int?, entries: [SessionCore.Entry], keys: [String], now: Double) -> [Command] {
        guard session.phase == .idle,
              let entry = entries.first(where: { entry in entryID.map { entry.id == $0 } ?? entry.isPlaying }),
              let id = entry.id, session.item(forEntry: id) == nil else { return [] }
        var commands: [Command] = []
        let index: Int
        if let known = keys.firstIndex(of: entry.filename) {
            index = known
        } else {
            index = keys.count
            itemsVersion += 1
            commands.append(.addClientItem(filename: entry.filename, title: entry.title))
            commands += session(.itemsInserted(positions: [index]), now: now)
        }
        return commands + session(.adopt(item: index, entryID: id), now: now)
    }
}
