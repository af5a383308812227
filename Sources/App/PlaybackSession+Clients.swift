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
}
