/// A ``Pipe`` whose one message is "wake up": mpv's callbacks, worker threads and background
/// jobs raise it, so that one `poll(2)` loop can wait on them too.
///
/// mpv calls its wakeup and render-update callbacks from its own threads, where no mpv function
/// may be called. The callbacks here only write one byte; the main loop polls
/// ``fileDescriptor`` and then asks the player for its events and frames.
public final class WakeSignal: Sendable {
    private let pipe: Pipe

    /// The read end: readable whenever the signal has been raised and not drained.
    public var fileDescriptor: Int32 { pipe.readEnd.rawValue }

    /// Opens a non-blocking, close-on-exec pipe.
    public init() throws(SystemError) {
        pipe = try Pipe()
    }

    /// Empties the pipe, so that the next poll waits for new news. Call it before draining events.
    public func drain() { _ = pipe.readAvailable() }

    /// Blocks the calling thread until the signal is raised, then empties the pipe. For worker
    /// threads that wait for work; the main loop polls instead.
    public func wait() {
        var entries = [PollEntry(fileDescriptor, events: .readable)]
        // 0 is an interrupted wait; an error (a closed pipe) ends it, as the raise would.
        while (try? Poll.wait(&entries, timeout: nil)) == 0 {}
        drain()
    }

    /// Wakes the loop. Safe from any thread and from a C callback; never blocks.
    public func signal() { Pipe.write(1, to: pipe.writeEnd.rawValue) }

    /// The context pointer to give a C callback (``callback``): the write descriptor itself,
    /// plus one so that it is never null.
    public var callbackContext: UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: Int(pipe.writeEnd.rawValue) + 1)
    }

    /// The C callback given to mpv: decodes the descriptor from the context and writes a byte.
    public static let callback: @convention(c) (UnsafeMutableRawPointer?) -> Void = { context in
        guard let context else { return }
        Pipe.write(1, to: Int32(Int(bitPattern: context) - 1))
    }
}
