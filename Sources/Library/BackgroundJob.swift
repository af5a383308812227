import System

/// Runs one piece of blocking work (a probe, a still) on a thread of its own and hands the
/// result back through a self-pipe, which the loop polls like any other descriptor: the loop
/// never waits for the work.
///
/// Dropping the job before it is done is fine: the thread keeps the job alive until it has
/// stored its result, which nobody then reads.
public final class BackgroundJob<Value: Sendable>: Sendable {
    private let wake: WakeSignal
    private let result = Locked<Value?>(nil)

    /// Starts `work` on a new thread; nil when no pipe or thread can be had.
    public static func start(_ work: @escaping @Sendable () -> Value) -> BackgroundJob? {
        guard let wake = try? WakeSignal() else { return nil }
        let job = BackgroundJob(wake: wake)
        let body = ThreadBody {
            let value = work()
            job.result.withLock { $0 = value }
            job.wake.signal()
        }
        return body.spawn() ? job : nil
    }

    private init(wake: WakeSignal) { self.wake = wake }

    /// The descriptor that becomes readable when the result is in.
    public var wakeDescriptor: Int32 { wake.fileDescriptor }

    /// The result once it has come (and then never again); nil while the work runs.
    public func take() -> Value? {
        wake.drain()
        return result.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
