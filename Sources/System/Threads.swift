import Glibc

/// A closure to run on a POSIX thread of its own: the one way reel starts threads.
public final class ThreadBody: Sendable {
    /// What the thread runs.
    public let run: @Sendable () -> Void

    /// A body that runs `run`.
    public init(_ run: @escaping @Sendable () -> Void) { self.run = run }

    /// Starts a detached thread that runs the body once; false when the thread cannot start.
    public func spawn() -> Bool {
        guard let thread = start() else { return false }
        pthread_detach(thread)
        return true
    }

    /// Starts a thread that runs the body once and must be joined (``JoinableThread/join()``).
    public func spawnJoinable() -> JoinableThread? {
        start().map(JoinableThread.init)
    }

    private func start() -> pthread_t? {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let code = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        guard code == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        return thread
    }
}

/// A thread to be joined once.
public struct JoinableThread: Sendable {
    let thread: pthread_t

    /// Waits for the thread to end.
    public func join() { pthread_join(thread, nil) }
}
