import Glibc

/// What is behind a Unix socket's path: whether some program listens there.
///
/// mpv deletes whatever socket is at its IPC path and listens in its place; a socket that a
/// program still listens on is that program's, and must not be taken over. A connect tells:
/// one that is taken (or would be, with the queue full) has a listener, one that is refused
/// is a socket file nobody listens on any more.
public enum UnixSocket {
    /// What a connect to the path found.
    public enum Listener: Sendable, Equatable {
        /// A program listens there.
        case listening
        /// Nobody listens: the socket file is left over (`ECONNREFUSED`), or nothing is there.
        case none
        /// The connect failed for another reason, with its `errno` (`EACCES`: someone else's socket).
        case unreachable(errno: Int32)
    }

    /// The most bytes a socket's path may have: `sun_path` holds them and a final NUL.
    public static let maximumPathLength: Int = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Connects to the socket at `path` (without waiting) and says who is there; the connection,
    /// if one is made, is closed at once.
    public static func listener(at path: FilePath) -> Listener {
        let bytes = Array(path.bytes)
        guard bytes.count <= maximumPathLength, !bytes.contains(0) else { return .unreachable(errno: ENAMETOOLONG) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        let kind = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let descriptor = socket(AF_UNIX, kind, 0)
        guard descriptor >= 0 else { return .unreachable(errno: errno) }
        defer { close(descriptor) }
        let result = retryingInterrupts {
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        }
        if result == 0 { return .listening }
        switch errno {
        case EAGAIN, EINPROGRESS: return .listening
        case ECONNREFUSED, ENOENT: return .none
        case let code: return .unreachable(errno: code)
        }
    }
}
