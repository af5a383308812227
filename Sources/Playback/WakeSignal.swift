import Glibc

/// A self-pipe that mpv's callbacks write to, so that one `poll(2)` loop can wait on mpv too.
///
/// mpv calls its wakeup and render-update callbacks from its own threads, where no mpv function
/// may be called. The callbacks here only write one byte; the main loop polls
/// ``fileDescriptor`` and then asks the ``Player`` for its events and frames.
public final class WakeSignal: @unchecked Sendable {
    // @unchecked: both descriptors are immutable after init; write(2) on a non-blocking pipe is
    // safe from any thread, and only the owner's thread reads or closes.

    /// The read end: readable whenever mpv has something for the loop.
    public let fileDescriptor: Int32
    let writeDescriptor: Int32

    /// Creates a non-blocking, close-on-exec pipe.
    public init() throws(PlaybackError) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw PlaybackError.system(call: "pipe", errno: errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        fileDescriptor = fds[0]
        writeDescriptor = fds[1]
    }

    deinit {
        close(fileDescriptor)
        close(writeDescriptor)
    }

    /// Empties the pipe, so that the next poll waits for new news. Call it before draining events.
    public func drain() {
        var scratch = [UInt8](repeating: 0, count: 256)
        while read(fileDescriptor, &scratch, scratch.count) > 0 {}
    }

    /// Blocks the calling thread until the signal is raised, then empties the pipe. For worker
    /// threads that wait for work; the main loop polls instead.
    public func wait() {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, -1) < 0, errno == EINTR {}
        drain()
    }

    /// Wakes the loop. Safe from any thread and from a C callback; never blocks.
    public func signal() { WakeSignal.signal(writeDescriptor) }

    /// The context pointer handed to mpv's callbacks: the write descriptor itself, plus one so that
    /// it is never null.
    var callbackContext: UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: Int(writeDescriptor) + 1)
    }

    /// Writes one byte to `descriptor`. A full pipe already means "wake up", so EAGAIN is fine.
    static func signal(_ descriptor: Int32) {
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
    }

    /// The C callback given to mpv: decodes the descriptor from the context and writes a byte.
    static let callback: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
        guard let context else { return }
        signal(Int32(Int(bitPattern: context) - 1))
    }
}
