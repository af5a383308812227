import Playback
import System

/// The path of mpv's JSON IPC socket (`--input-ipc-server`), checked before mpv starts and
/// removed on every way out.
///
/// mpv deletes whatever is at the path before it listens there, and leaves its socket behind when
/// it shuts down. So reel refuses a path that is there and is not a socket (a file or a folder
/// mpv would destroy: a usage error), and removes the socket itself when it ends.
enum IPCSocket {
    /// Why `path` cannot be given to mpv, or nil when it can (missing, or a socket from an earlier
    /// run) or when there is no IPC server.
    static func problem(with path: FilePath?) -> UsageError? {
        guard let path else { return nil }
        guard let info = try? FileSystem.linkStatus(path) else {
            // mpv would only log that it cannot listen there, and reel would run without it.
            let folder = path.removingLastComponent
            let isFolder = (try? FileSystem.status(folder.isEmpty ? "." : folder)).map { $0.kind == .directory } ?? false
            return isFolder ? nil : .noSocketFolder(path: path.description)
        }
        return info.kind == .socket ? nil : .notASocket(path: path.description)
    }

    /// Removes the socket at `path`, and only a socket: whatever else is there now is not mpv's.
    static func remove(_ path: FilePath?) {
        guard let path, let info = try? FileSystem.linkStatus(path), info.kind == .socket else { return }
        FileSystem.remove(path)
    }
}
