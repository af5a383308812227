#if canImport(Glibc)
import Glibc
#endif
import System

/// The owner of the terminal's output descriptor: non-blocking writes with at most one frame in flight.
///
/// The caller renders a frame only when ``isIdle``, hands it over with ``submit(_:)``, and when a
/// write was partial polls the descriptor for `POLLOUT` (``wantsWritable``) and calls ``flush()``.
/// Frames are never queued: while one is in flight, the caller skips video frames before rendering
/// them, so the picture never lags the sound.
///
/// The descriptor is either opened on `/dev/tty` for this object alone (so `O_NONBLOCK` never
/// reaches the shell's descriptors), or adopted, in which case its flags are restored on ``close()``.
public final class TerminalOutput {
    /// The descriptor written to.
    public let fileDescriptor: Int32
    /// Whether ``close()`` closes the descriptor (true when this object opened it).
    private let ownsDescriptor: Bool
    /// The descriptor's flags before `O_NONBLOCK` was added, for an adopted descriptor.
    private let savedFlags: Int32?
    /// The frame in flight and how much of it is written.
    private var pending: [UInt8] = []
    private var offset = 0
    private var isClosed = false
    /// All bytes written so far.
    public private(set) var bytesWritten = 0

    /// Opens `path` (the controlling terminal by default) for writing, non-blocking and close-on-exec.
    public init(path: String = "/dev/tty") throws(SystemError) {
        fileDescriptor = try SystemError.check("open \(path)") { open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        ownsDescriptor = true
        savedFlags = nil
    }

    /// Adopts `descriptor` (not closed by this object), switching it to non-blocking until ``close()``.
    public init(adopting descriptor: Int32) throws(SystemError) {
        let flags = try SystemError.check("fcntl F_GETFL") { fcntl(descriptor, F_GETFL) }
        try SystemError.check("fcntl F_SETFL") { fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
        fileDescriptor = descriptor
        ownsDescriptor = false
        savedFlags = flags
    }

    deinit {
        close()
    }

    /// Whether no frame is in flight, so a new one may be submitted.
    public var isIdle: Bool { offset >= pending.count }

    /// Whether the caller should poll the descriptor for `POLLOUT` and then call ``flush()``.
    public var wantsWritable: Bool { !isIdle }

    /// Starts writing `bytes` as the next frame, if no frame is in flight.
    ///
    /// - Returns: false, taking nothing, when a frame is still in flight; true when the frame was
    ///   taken (it may be only partly written: see ``isIdle``).
    @discardableResult
    public func submit(_ bytes: [UInt8]) throws(SystemError) -> Bool {
        guard isIdle else { return false }
        pending.removeAll(keepingCapacity: true)
        pending.append(contentsOf: bytes)
        offset = 0
        _ = try flush()
        return true
    }

    /// Writes `bytes` after the frame in flight, or at once when none is: for a few bytes that
    /// must not wait for the next frame (a question to the terminal).
    public func append(_ bytes: [UInt8]) throws(SystemError) {
        if isIdle {
            pending.removeAll(keepingCapacity: true)
            offset = 0
        }
        pending.append(contentsOf: bytes)
        _ = try flush()
    }

    /// Writes as much of the frame in flight as the terminal takes without blocking.
    ///
    /// - Returns: true when the frame is completely written (the output is idle).
    @discardableResult
    public func flush() throws(SystemError) -> Bool {
        while offset < pending.count {
            let count = pending.count - offset
            let written = pending.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return retryingInterrupts { Glibc.write(fileDescriptor, base + offset, count) }
            }
            if written > 0 {
                offset += written
                bytesWritten += written
                continue
            }
            let code = errno
            if written < 0 && (code == EAGAIN || code == EWOULDBLOCK) { return false }
            throw SystemError(call: "write", errno: written == 0 ? EIO : code)
        }
        pending.removeAll(keepingCapacity: true)
        offset = 0
        return true
    }

    /// Writes the rest of the frame in flight, waiting up to `seconds` for the terminal to take
    /// it, so that reel does not leave in the middle of an image. Returns true when all of it
    /// went out; a terminal that takes nothing for that long keeps the rest.
    @discardableResult
    public func finish(within seconds: Double) throws(SystemError) -> Bool {
        let deadline = MonotonicClock.now() + max(seconds, 0)
        while try !flush() {
            let left = deadline - MonotonicClock.now()
            guard left > 0.000_5 else { return false }
            var entries = [PollEntry(fileDescriptor, events: .writable)]
            try Poll.wait(&entries, timeout: left)
        }
        return true
    }

    /// Drops the rest of the frame in flight (before a suspend or a full redraw, when the screen
    /// will be rewritten anyway). The next frame should start with a full redraw.
    public func discardPending() {
        pending.removeAll(keepingCapacity: true)
        offset = 0
    }

    /// Restores an adopted descriptor's flags, or closes an owned one. Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        if let savedFlags {
            _ = fcntl(fileDescriptor, F_SETFL, savedFlags)
        } else if ownsDescriptor {
            _ = Glibc.close(fileDescriptor)
        }
    }
}
