import Commands
import History
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

    /// Adds a client's file at the list's end, as the core decided when it took the file over
    /// (``PlaybackCore/Command/addClientItem(filename:title:)``); the core has counted it.
    func addClientItem(filename: String, title: String?) {
        items.append(PlaylistItem(mpvFilename: filename, title: title, fromClient: true))
        refreshStatus()
    }
}
