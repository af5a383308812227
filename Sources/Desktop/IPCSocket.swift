import Options
import Playback
import System

/// The path of mpv's JSON IPC socket (`--input-ipc-server`), checked before mpv starts and
/// removed on every way out.
///
/// A client of the socket has all of mpv's control (its `run` command starts any program as
/// you), so the one defence is who can open it: mpv makes it 0600, your user's. reel refuses,
/// before mpv starts, every path where that would not hold or where mpv would only log a
/// failure and run without IPC: `@NAME` (a Linux abstract socket, which has no permissions), a
/// path longer than a socket's can be, a folder that is not there, something that is there and
/// is not a socket (mpv deletes it), and a socket some program listens on (mpv would take it
/// over, and reel delete it at exit). A socket nobody listens on, an earlier run's, is replaced.
/// mpv leaves its socket behind when it shuts down, so reel removes it itself when it ends.
public enum IPCSocket {
    /// Why `path` cannot be given to mpv, or nil when it can (missing, or a socket nobody
    /// listens on) or when there is no IPC server.
    public static func problem(with path: FilePath?) -> UsageError? {
        guard let path else { return nil }
        let text = path.description
        // mpv's own test: a leading @ (the path as given, not a file's name) is abstract.
        if path.bytes.first == UInt8(ascii: "@") { return .abstractSocket(path: text) }
        let length = path.bytes.count
        if length > UnixSocket.maximumPathLength { return .socketPathTooLong(path: text, byteCount: length) }
        guard let info = try? FileSystem.linkStatus(path) else {
            // mpv would only log that it cannot listen there, and reel would run without it.
            let folder = path.removingLastComponent
            let isFolder = (try? FileSystem.status(folder.isEmpty ? "." : folder)).map { $0.kind == .directory } ?? false
            return isFolder ? nil : .noSocketFolder(path: text)
        }
        guard info.kind == .socket else { return .notASocket(path: text) }
        switch UnixSocket.listener(at: path) {
        case .none: return nil
        case .listening: return .socketInUse(path: text)
        case .unreachable(let code): return .socketUnusable(path: text, reason: SystemError.reason(code))
        }
    }

    /// Removes the socket at `path`, and only a socket: whatever else is there now is not mpv's.
    public static func remove(_ path: FilePath?) {
        guard let path, let info = try? FileSystem.linkStatus(path), info.kind == .socket else { return }
        FileSystem.remove(path)
    }
}
