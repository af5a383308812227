import Glibc
import Playback

/// A system call that failed: which call, on what, and errno.
struct SystemCallError: Error, Equatable, CustomStringConvertible {
    var call: String
    var path: FilePath
    var code: Int32

    /// The system's words for ``code``.
    var reason: String { String(cString: strerror(code)) }

    var description: String { "\(call) \(path): \(reason)" }
}

/// The file system calls the app makes, on ``FilePath``s, each failure turned into a
/// ``SystemCallError`` in one helper (``check(_:_:_:)``).
enum FileSystem {
    /// Runs `body` with `path` as a C string, again while it is interrupted; a negative result
    /// throws with errno.
    @discardableResult
    static func check(_ call: String, _ path: FilePath, _ body: (UnsafePointer<CChar>) -> Int32) throws(SystemCallError) -> Int32 {
        while true {
            let result = path.withCString(body)
            if result >= 0 { return result }
            let code = errno
            if code == EINTR { continue }
            throw SystemCallError(call: call, path: path, code: code)
        }
    }

    /// `stat(2)`, following links.
    static func status(_ path: FilePath) throws(SystemCallError) -> stat {
        var info = stat()
        try check("stat", path) { stat($0, &info) }
        return info
    }

    /// `lstat(2)`: the link itself, not what it points to.
    static func linkStatus(_ path: FilePath) throws(SystemCallError) -> stat {
        var info = stat()
        try check("lstat", path) { lstat($0, &info) }
        return info
    }

    /// Makes `path` and its missing parents (mode 0700); throws if any part is not a directory.
    static func makeDirectories(_ path: FilePath) throws(SystemCallError) {
        var current: FilePath = path.isAbsolute ? "/" : "."
        for part in path.bytes.split(separator: UInt8(ascii: "/")) {
            current = current.appending(FilePath(bytes: part))
            let made = current.withCString { mkdir($0, 0o700) }
            guard made != 0 else { continue }
            let code = errno
            guard code == EEXIST else { throw SystemCallError(call: "mkdir", path: current, code: code) }
            let info = try status(current)
            if info.st_mode & S_IFMT != S_IFDIR { throw SystemCallError(call: "mkdir", path: current, code: ENOTDIR) }
        }
        // A directory that exists but cannot be written to is no use either.
        try check("access", path) { access($0, W_OK | X_OK) }
    }

    /// The whole file, up to `limit` bytes; nil when it cannot be read or is longer.
    static func read(_ path: FilePath, limit: Int = 1 << 24) -> [UInt8]? {
        guard let descriptor = try? check("open", path, { open($0, O_RDONLY | O_CLOEXEC) }) else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = Glibc.read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            if bytes.count > limit { return nil }
        }
    }

    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`, so that a
    /// crash mid-write never leaves a torn file and a reader never sees half of one.
    static func writeAtomically(_ bytes: [UInt8], to path: FilePath) throws(SystemCallError) {
        let temporary = path.addingSuffix(".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = try check("open", temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
        var offset = 0
        var failure: Int32?
        bytes.withUnsafeBytes { raw in
            while offset < raw.count, let base = raw.baseAddress {
                let written = write(descriptor, base + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { failure = written < 0 ? errno : ENOSPC; return }
                offset += written
            }
        }
        close(descriptor)
        if let failure {
            remove(temporary)
            throw SystemCallError(call: "write", path: temporary, code: failure)
        }
        do {
            try check("rename", temporary) { from in path.withCString { rename(from, $0) } }
        } catch {
            remove(temporary)
            throw error
        }
    }

    /// Removes a file; a missing one is no error.
    static func remove(_ path: FilePath) {
        _ = path.withCString { unlink($0) }
    }

    /// A regular file's size and modification time (ns since the epoch), or nil.
    static func fileStamp(_ path: FilePath) -> (size: Int64, modified: Int64)? {
        guard let info = try? status(path), info.st_mode & S_IFMT == S_IFREG else { return nil }
        return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// Opens `path` for appending, creating it (mode 0644) when missing; the descriptor, which
    /// the caller closes. `O_NONBLOCK` keeps a FIFO with no reader from hanging the open.
    static func openForAppending(_ path: FilePath, nonBlocking: Bool = false) throws(SystemCallError) -> Int32 {
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOCTTY | (nonBlocking ? O_NONBLOCK : 0)
        return try check("open", path) { open($0, flags, 0o644) }
    }

    /// The path with every link, `.` and `..` resolved (`realpath(3)`), or nil.
    static func resolved(_ path: FilePath) -> FilePath? {
        guard let real = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return FilePath(cString: real)
    }

    /// 64-bit FNV-1a of `bytes`, as 16 hex digits: a file name for a key.
    static func hashName<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
