import System

extension WatchHistory {
    /// Why a record's path has no file to play, saying what is there instead: "gone: there is
    /// no file at PATH any more" only when nothing is; else a FIFO, a folder, a device, a
    /// socket, a link to nothing, a symlink loop, or the system's reason it cannot be looked at.
    static func noFileReason(_ path: FilePath) -> String {
        do {
            let info = try FileSystem.status(path)
            let what: String
            switch info.kind {
            case .fifo: what = "a FIFO"
            case .directory: what = "a folder"
            case .characterDevice, .blockDevice: what = "a device"
            case .socket: what = "a socket"
            case .regular, .symbolicLink, .other: what = "not a regular file"
            }
            return "not a file any more: \(path) is \(what)"
        } catch where error.isLinkLoop {
            return "not a file any more: \(path) is a symlink loop"
        } catch where error.isMissing {
            if (try? FileSystem.linkStatus(path))?.kind == .symbolicLink {
                return "gone: \(path) is a link to nothing"
            }
            return "gone: there is no file at \(path) any more"
        } catch {
            return "cannot look at \(path): \(error.reason)"
        }
    }
}
