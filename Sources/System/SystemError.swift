import Glibc

/// A C call that failed: which call, the `errno` it left, and the path it was given, if any.
///
/// It is the one error type for the system's calls in reel, like swift-system's `Errno`: every
/// target turns a C failure into it, through ``check(_:path:_:)`` or by hand where a call reports
/// its failure some other way, and its ``reason`` is the one place `strerror` is read.
public struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name of the C call that failed, e.g. `"tcsetattr"` or `"open"`.
    public var call: String
    /// The `errno` value the call left behind (or ``notRegularFile``).
    public var errno: Int32
    /// The path the call was given, when it was given one.
    public var path: FilePath?

    /// The error for `call`, which left `errno`, on `path` when there was one.
    public init(call: String, errno: Int32, path: FilePath? = nil) {
        self.call = call
        self.errno = errno
        self.path = path
    }

    /// The code for a path that is there but is not a regular file (a FIFO, a device, a
    /// folder) where reel reads only files; no errno has that meaning.
    public static let notRegularFile: Int32 = -1
    /// `ENOENT`, `EEXIST` and `ENOMEM`, for targets that may not import the C library.
    public static let missingCode = ENOENT, existsCode = EEXIST, outOfMemoryCode = ENOMEM

    /// Whether the path, or a folder on the way to it, is not there (`ENOENT`, `ENOTDIR`).
    public var isMissing: Bool { errno == ENOENT || errno == ENOTDIR }

    /// Whether the path's links lead back to themselves, or too many levels deep (`ELOOP`).
    public var isLinkLoop: Bool { errno == ELOOP }

    /// Whether the file is larger than the call would take (`EFBIG`).
    public var isTooLarge: Bool { errno == EFBIG }

    /// The system's words for ``errno``: the one place `strerror` is formatted.
    public var reason: String { Self.reason(errno) }

    /// The system's words for `code` (`strerror`), or "not a regular file" for ``notRegularFile``.
    public static func reason(_ code: Int32) -> String {
        if code == notRegularFile { return "not a regular file" }
        return strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    /// `call: reason`, or `call PATH: reason` when there is a path.
    public var description: String {
        path.map { "\(call) \($0): \(reason)" } ?? "\(call): \(reason)"
    }

    /// Runs `body` until it is not interrupted by a signal; throws, naming `call`, when it
    /// returns -1.
    @discardableResult
    public static func check<Result: BinaryInteger>(_ call: String, path: FilePath? = nil,
                                                    _ body: () -> Result) throws(SystemError) -> Result {
        let result = retryingInterrupts(body)
        guard result == -1 else { return result }
        throw SystemError(call: call, errno: Glibc.errno, path: path)
    }

    /// Runs `body` with `path` as a C string until it is not interrupted; throws, naming `call`
    /// and `path`, when it returns a negative value.
    @discardableResult
    public static func check(_ call: String, _ path: FilePath,
                             _ body: (UnsafePointer<CChar>) -> Int32) throws(SystemError) -> Int32 {
        let result = retryingInterrupts { path.withCString(body) }
        guard result < 0 else { return result }
        throw SystemError(call: call, errno: Glibc.errno, path: path)
    }

    /// The error `call` left in `errno` just now.
    public static func last(_ call: String, path: FilePath? = nil) -> SystemError {
        SystemError(call: call, errno: Glibc.errno, path: path)
    }
}

/// Runs `body` again for as long as it returns -1 with `errno` `EINTR`: the one retry of calls
/// a signal interrupted. Returns its last result, with `errno` as that call left it.
@inlinable
public func retryingInterrupts<Result: BinaryInteger>(_ body: () -> Result) -> Result {
    while true {
        let result = body()
        if result == -1 && errno == EINTR { continue }
        return result
    }
}
