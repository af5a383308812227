import Glibc
import Playback

/// A system call that failed: which call, on what, and errno.
struct SystemCallError: Error, Equatable, CustomStringConvertible {
    var call: String
    var path: FilePath
    var code: Int32

    /// The code for a path that is there but is not a regular file (a FIFO, a device, a
    /// folder) where reel reads only files; no errno has that meaning.
    static let notRegularFile: Int32 = -1

    /// The system's words for ``code``.
    var reason: String { code == Self.notRegularFile ? "not a regular file" : String(cString: strerror(code)) }

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
    ///
    /// `home`, when `path` is inside it, must already exist: a home folder is the system's to
    /// make, and `HOME=/nonexistent` (a service account's) must not have reel create it, as root
    /// anywhere on the system.
    static func makeDirectories(_ path: FilePath, home: FilePath? = nil) throws(SystemCallError) {
        if let home, path.isInside(home) {
            let info = try status(home)
            if info.st_mode & S_IFMT != S_IFDIR { throw SystemCallError(call: "stat", path: home, code: ENOTDIR) }
        }
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

    /// Opens a regular file for reading; the descriptor, which the caller closes.
    ///
    /// Every file reel reads itself (reel.conf, resume records, the thumbnail cache, a log's
    /// first line) opens here. `O_NONBLOCK` keeps a FIFO put in the file's place from hanging the
    /// open (with no writer, a blocking open would wait for ever, before the terminal is even set
    /// up), and anything but a regular file is refused (``SystemCallError/notRegularFile``), so a
    /// FIFO or a device is never read either. `O_NOCTTY`: a terminal never becomes reel's.
    static func openRegularFile(_ path: FilePath) throws(SystemCallError) -> Int32 {
        let descriptor = try check("open", path) { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw SystemCallError(call: "fstat", path: path, code: code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw SystemCallError(call: "open", path: path, code: SystemCallError.notRegularFile)
        }
        // Reads of a regular file never wait anyway; blocking reads keep the loop below simple.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// The whole regular file (``openRegularFile(_:)``), up to `limit` bytes; nil when it cannot
    /// be read, is longer, or is not a regular file.
    static func read(_ path: FilePath, limit: Int = 1 << 24) -> [UInt8]? {
        try? readContents(path, limit: limit)
    }

    /// The whole regular file, up to `limit` bytes, or why not; with `prefixOnly`, the first
    /// `limit` bytes of a longer one instead of an error.
    static func readContents(_ path: FilePath, limit: Int, prefixOnly: Bool = false) throws(SystemCallError) -> [UInt8] {
        let descriptor = try openRegularFile(path)
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = Glibc.read(descriptor, &chunk, min(chunk.count, limit + 1 - bytes.count))
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw SystemCallError(call: "read", path: path, code: errno) }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            if bytes.count > limit {
                guard prefixOnly else { throw SystemCallError(call: "read", path: path, code: EFBIG) }
                return Array(bytes.prefix(limit))
            }
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

extension FilePath {
    /// Whether the path is `folder` or below it, part by part ("/a/bc" is not inside "/a/b").
    func isInside(_ folder: FilePath) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "/")), folderParts = folder.bytes.split(separator: UInt8(ascii: "/"))
        return isAbsolute == folder.isAbsolute && parts.count >= folderParts.count
            && zip(parts, folderParts).allSatisfy { $0.elementsEqual($1) }
    }
}
