import Glibc

/// The one owner of an open file descriptor: it is closed in `deinit`, exactly once.
///
/// Like swift-system's `FileDescriptor`, but a class, so that the descriptor cannot be closed
/// twice or outlive its owner. ``rawValue`` is for `poll` and the calls that take a number.
public final class FileDescriptor: Sendable {
    /// The descriptor's number.
    public let rawValue: Int32

    /// Takes ownership of `rawValue`, which must be open.
    public init(owning rawValue: Int32) {
        self.rawValue = rawValue
    }

    deinit { _ = close(rawValue) }

    /// Sets (or clears) `O_NONBLOCK`.
    public func setNonBlocking(_ on: Bool = true) throws(SystemError) {
        let flags = try SystemError.check("fcntl F_GETFL") { fcntl(rawValue, F_GETFL) }
        try SystemError.check("fcntl F_SETFL") { fcntl(rawValue, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK) }
    }

    /// Sets `FD_CLOEXEC`: a child process never inherits it.
    public func setCloseOnExec() throws(SystemError) {
        try SystemError.check("fcntl F_SETFD") { fcntl(rawValue, F_SETFD, FD_CLOEXEC) }
    }

    /// Reads what is there, at most `limit` bytes; empty at the end of input or when a
    /// non-blocking descriptor has nothing now (``wouldBlock`` tells which).
    public func read(upTo limit: Int) throws(SystemError) -> [UInt8] {
        try FileDescriptor.read(rawValue, upTo: limit)
    }

    /// Writes `bytes` in full (``writeAll(_:to:)``).
    public func writeAll(_ bytes: [UInt8]) throws(SystemError) {
        try FileDescriptor.writeAll(bytes, to: rawValue)
    }

    /// Reads at most `limit` bytes from `descriptor`, retrying interrupts; empty at the end, or
    /// when a non-blocking descriptor has nothing now.
    public static func read(_ descriptor: Int32, upTo limit: Int) throws(SystemError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(limit, 0))
        let count = bytes.withUnsafeMutableBytes { raw in retryingInterrupts { Glibc.read(descriptor, raw.baseAddress, raw.count) } }
        if count < 0 {
            let code = errno
            if code == EAGAIN || code == EWOULDBLOCK { return [] }
            throw SystemError(call: "read", errno: code)
        }
        bytes.removeSubrange(count...)
        return bytes
    }

    /// Writes `bytes` to `descriptor` in full, retrying interrupts; a write that takes nothing
    /// is `EIO`.
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(SystemError) {
        let failure: Int32? = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let written = retryingInterrupts { write(descriptor, base + offset, raw.count - offset) }
                guard written > 0 else { return written < 0 ? errno : EIO }
                offset += written
            }
            return nil
        }
        if let failure { throw SystemError(call: "write", errno: failure) }
    }
}
