import Glibc

/// A value that threads share, behind a `pthread_mutex_t`: the one lock reel's threads use.
///
/// It stands in for `Synchronization.Mutex`, whose Linux slow path hands the lock over inside
/// the kernel (`FUTEX_LOCK_PI` / `FUTEX_UNLOCK_PI`) where ThreadSanitizer cannot see it: a
/// contended `Mutex` is reported as a race although none can happen (docs/sanitizers.md has the
/// minimal case). TSan intercepts `pthread_mutex_lock`, so a race it reports here is real.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    /// The lock; allocated once, because a `pthread_mutex_t` must not move.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Read and written only with `mutex` held.
    private var value: Value

    /// A lock around `value`.
    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with the value, and no other thread in a `withLock` of this one.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
