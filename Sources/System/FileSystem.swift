import Glibc

/// The file system calls reel makes, on ``FilePath``s, each failure a ``SystemError`` naming
/// the call and the path (``SystemError/check(_:_:_:)``).
public enum FileSystem {
    /// Runs `body` with `path` as a C string, again while it is interrupted; a negative result
    /// throws with errno.
    @discardableResult
    public static func check(_ call: String, _ path: FilePath, _ body: (UnsafePointer<CChar>) -> Int32) throws(SystemError) -> Int32 {
        try SystemError.check(call, path, body)
    }

    /// `stat(2)`, following links.
    public static func status(_ path: FilePath) throws(SystemError) -> FileStatus {
        var info = stat()
        try check("stat", path) { stat($0, &info) }
        return FileStatus(info)
    }

    /// `lstat(2)`: the link itself, not what it points to.
    public static func linkStatus(_ path: FilePath) throws(SystemError) -> FileStatus {
        var info = stat()
        try check("lstat", path) { lstat($0, &info) }
        return FileStatus(info)
    }

    /// `fstat(2)` of an open descriptor; `path` names it in the error.
    public static func status(of descriptor: Int32, path: FilePath? = nil) throws(SystemError) -> FileStatus {
        var info = stat()
        try SystemError.check("fstat", path: path) { fstat(descriptor, &info) }
        return FileStatus(info)
    }

    /// Whether `descriptor` is a terminal.
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Whether the file at `path` can be read (`access(2)`, `R_OK`).
    public static func checkReadable(_ path: FilePath) throws(SystemError) {
        try check("access", path) { access($0, R_OK) }
    }

    /// Makes `path` and its missing parents (mode 0700); throws if any part is not a directory.
    ///
    /// `home`, when `path` is inside it, must already exist: a home folder is the system's to
    /// make, and `HOME=/nonexistent` (a service account's) must not have reel create it, as root
    /// anywhere on the system.
    public static func makeDirectories(_ path: FilePath, home: FilePath? = nil) throws(SystemError) {
        if let home, path.isInside(home) {
            if try status(home).kind != .directory { throw SystemError(call: "stat", errno: ENOTDIR, path: home) }
        }
        var current: FilePath = path.isAbsolute ? "/" : "."
        for part in path.bytes.split(separator: UInt8(ascii: "/")) {
            current = current.appending(FilePath(bytes: part))
            let made = current.withCString { mkdir($0, 0o700) }
            guard made != 0 else { continue }
            let code = errno
            guard code == EEXIST else { throw SystemError(call: "mkdir", errno: code, path: current) }
            if try status(current).kind != .directory { throw SystemError(call: "mkdir", errno: ENOTDIR, path: current) }
        }
        // A directory that exists but cannot be written to is no use either.
        try check("access", path) { access($0, W_OK | X_OK) }
    }

    /// Opens a regular file for reading: the owner of its descriptor, closed when it goes.
    ///
    /// Every file reel reads itself (reel.conf, resume records, the thumbnail cache, a log's
    /// first line) opens here. `O_NONBLOCK` keeps a FIFO put in the file's place from hanging the
    /// open (with no writer, a blocking open would wait for ever, before the terminal is even set
    /// up), and anything but a regular file is refused (``SystemError/notRegularFile``), so a
    /// FIFO or a device is never read either. `O_NOCTTY`: a terminal never becomes reel's.
    public static func openRegularFile(_ path: FilePath) throws(SystemError) -> FileDescriptor {
        let descriptor = FileDescriptor(owning: try check("open", path) { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) })
        guard try status(of: descriptor.rawValue, path: path).kind == .regular else {
            throw SystemError(call: "open", errno: SystemError.notRegularFile, path: path)
        }
        // Reads of a regular file never wait anyway; blocking reads keep the loop below simple.
        try descriptor.setNonBlocking(false)
        return descriptor
    }

    /// The whole regular file (``openRegularFile(_:)``), up to `limit` bytes; nil when it cannot
    /// be read, is longer, or is not a regular file.
    public static func read(_ path: FilePath, limit: Int = 1 << 24) -> [UInt8]? {
        try? readContents(path, limit: limit)
    }

    /// The whole regular file, up to `limit` bytes, or why not; with `prefixOnly`, the first
    /// `limit` bytes of a longer one instead of an error.
    public static func readContents(_ path: FilePath, limit: Int, prefixOnly: Bool = false) throws(SystemError) -> [UInt8] {
        let descriptor = try openRegularFile(path)
        var bytes: [UInt8] = []
        while true {
            let chunk: [UInt8]
            do throws(SystemError) {
                chunk = try descriptor.read(upTo: min(16_384, limit + 1 - bytes.count))
            } catch {
                throw SystemError(call: "read", errno: error.errno, path: path)
            }
            if chunk.isEmpty { return bytes }
            bytes += chunk
            if bytes.count > limit {
                guard prefixOnly else { throw SystemError(call: "read", errno: EFBIG, path: path) }
                return Array(bytes.prefix(limit))
            }
        }
    }

    /// Writes `bytes` to a temporary file beside `path`, then renames it over `path`, so that a
    /// crash mid-write never leaves a torn file and a reader never sees half of one.
    ///
    /// The temporary file's name is short and of its own (`.reel-PID-RANDOM.tmp`, at most 26
    /// bytes), not `path`'s name with more on it: any name the folder takes may be written (a
    /// name of 236 bytes and up plus `.PID.RANDOM.tmp` went past NAME_MAX). An error names `path`.
    public static func writeAtomically(_ bytes: [UInt8], to path: FilePath) throws(SystemError) {
        let temporary = path.removingLastComponent.appending(".reel-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16)).tmp")
        let descriptor: FileDescriptor
        do throws(SystemError) {
            descriptor = FileDescriptor(owning: try check("open", temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) })
        } catch {
            throw SystemError(call: error.call, errno: error.errno, path: path)
        }
        do throws(SystemError) {
            try descriptor.writeAll(bytes)
            try check("rename", temporary) { from in path.withCString { rename(from, $0) } }
        } catch {
            remove(temporary)
            throw SystemError(call: error.call, errno: error.errno, path: path)
        }
    }

    /// Removes a file; a missing one is no error.
    public static func remove(_ path: FilePath) {
        _ = path.withCString { unlink($0) }
    }

    /// Why `path` is no regular file: the system's words for what `stat` met (`No such file or
    /// directory`, `Permission denied`), or ``SystemError/notRegularFile``'s for a folder, a FIFO,
    /// a device or a socket; nil for a regular file.
    public static func whyNotRegularFile(_ path: FilePath) -> String? {
        do throws(SystemError) {
            return try status(path).kind == .regular ? nil : SystemError.reason(SystemError.notRegularFile)
        } catch {
            return error.reason
        }
    }

    /// A regular file's size and modification time (ns since the epoch), or nil.
    public static func fileStamp(_ path: FilePath) -> (size: Int64, modified: Int64)? {
        guard let info = try? status(path), info.kind == .regular else { return nil }
        return (info.size, info.modified)
    }

    /// Opens `path` for appending, creating it (mode 0644) when missing: the owner of its
    /// descriptor. `O_NONBLOCK` keeps a FIFO with no reader from hanging the open.
    public static func openForAppending(_ path: FilePath, nonBlocking: Bool = false) throws(SystemError) -> FileDescriptor {
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOCTTY | (nonBlocking ? O_NONBLOCK : 0)
        return FileDescriptor(owning: try check("open", path) { open($0, flags, 0o644) })
    }

    /// The path with every link, `.` and `..` resolved (`realpath(3)`), or nil.
    public static func resolved(_ path: FilePath) -> FilePath? {
        guard let real = path.withCString({ realpath($0, nil) }) else { return nil }
        defer { free(real) }
        return FilePath(cString: real)
    }

    /// 64-bit FNV-1a of `bytes`, as 16 hex digits: a file name for a key.
    public static func hashName<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
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
    public func isInside(_ folder: FilePath) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "/")), folderParts = folder.bytes.split(separator: UInt8(ascii: "/"))
        return isAbsolute == folder.isAbsolute && parts.count >= folderParts.count
            && zip(parts, folderParts).allSatisfy { $0.elementsEqual($1) }
    }
}
