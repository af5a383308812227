import Screens

/// What clients outside the terminal (mpv's IPC socket, MPRIS) ask of the session, and read.
extension PlaybackSession {
    /// A client's `script-message reel COMMAND…` (through mpv's IPC socket): a command of the
    /// table, run as its key would be (``takeCommands()``). Other scripts' messages are not reel's.
    func takeClientMessage(_ words: [String]) {
        guard words.first == "reel" else { return }
        let text = words.dropFirst().joined(separator: " ")
        do {
            clientCommands.append(try Command(parsing: text))
        } catch {
            notices.append("IPC: \(error)")
        }
    }

    /// The commands clients sent since the last call, oldest first.
    func takeCommands() -> [Command] {
        defer { clientCommands.removeAll() }
        return clientCommands
    }

    /// A client of the IPC socket made mpv open a file while nothing of reel's was open (the
    /// list or continue watching showed, nothing played yet, or a client had stopped it): the
    /// file becomes reel's item, the list's item that names it or a new one at the list's end,
    /// and opens as if chosen there (the loop then shows the player on it). `entryID`: the
    /// entry mpv started, else the one its playlist says plays (an entry only appended is not
    /// opened, and is left alone).
    func adoptClientEntry(_ entryID: Int? = nil, now: Double) {
        let entries = player.state.playlist
        guard core.phase == .idle, let entry = entries.first(where: { entry in entryID.map { entry.id == $0 } ?? entry.isPlaying }),
              let id = entry.id, core.item(forEntry: id) == nil else { return }
        var index = items.firstIndex { $0.source.mpvName == entry.filename }
        if index == nil {
            index = items.count
            decide(.itemsChanged, now: now)
            insert([PlaylistItem(mpvFilename: entry.filename, title: entry.title, fromClient: true)], at: [items.count], now: now)
        }
        if let index { handle(.adopt(item: index, entryID: id), now: now) }
    }
}
