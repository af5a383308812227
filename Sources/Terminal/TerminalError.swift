#if canImport(Glibc)
import Glibc
#endif

/// A failed C call on the terminal: the call's name and the `errno` it left.
///
/// Every C error in this module is turned into this one type by ``TerminalError/check(_:_:)``,
/// so callers see which call failed and why without reading `errno` themselves.
public struct TerminalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name of the C call that failed, e.g. `"tcsetattr"`.
    public var call: String
    /// The `errno` value the call left behind.
    public var errno: Int32

    /// Creates an error for `call` with an explicit `errno`.
    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// A one-line description such as `tcsetattr: Inappropriate ioctl for device (errno 25)`.
    public var description: String {
        let reason = strerror(errno).map { String(cString: $0) } ?? "unknown error"
        return "\(call): \(reason) (errno \(errno))"
    }

    /// Runs `body` and throws a ``TerminalError`` naming `call` when it returns -1.
    ///
    /// Calls interrupted by a signal (`EINTR`) are retried, so callers never see them.
    @discardableResult
    static func check<T: BinaryInteger>(_ call: String, _ body: () -> T) throws(TerminalError) -> T {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = Glibc.errno
            if code == EINTR { continue }
            throw TerminalError(call: call, errno: code)
        }
    }
}
