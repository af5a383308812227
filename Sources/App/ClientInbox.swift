import Commands
import Screens

/// The commands clients outside the terminal (mpv's IPC socket) send reel, held for the scene
/// on top to run as their keys would be.
final class ClientInbox {
    /// The commands not yet taken, oldest first.
    private var commands: [Command] = []

    /// A client's `script-message reel COMMAND…` (through mpv's IPC socket): a command of the
    /// table, kept for ``take()``. Other scripts' messages are not reel's. The notice when the
    /// command does not parse.
    func receive(_ words: [String]) -> String? {
        guard words.first == "reel" else { return nil }
        let text = words.dropFirst().joined(separator: " ")
        do {
            commands.append(try Command(parsing: text))
            return nil
        } catch {
            return "IPC: \(error)"
        }
    }

    /// The commands clients sent since the last call, oldest first.
    func take() -> [Command] {
        defer { commands.removeAll() }
        return commands
    }
}
