// The minimal case behind App's `Locked` (docs/sanitizers.md): ThreadSanitizer reports a
// `Synchronization.Mutex` that two threads contend for as a Swift access race, although the
// count it guards comes out exact; the same work behind a pthread mutex gives no report.
//
//   swiftc -sanitize=thread -g scripts/sanitizers/mutex-race.swift -o /tmp/mutex-race
//   /tmp/mutex-race mutex     a report ("Swift access race"), exit 66, and "count 400000 of 400000"
//   /tmp/mutex-race pthread   no report, exit 0, the same count
//
// Mutex's fast path is a compare-and-swap TSan sees. When the lock is contended, the Linux slow
// path waits in the kernel (futex FUTEX_LOCK_PI, FUTEX_UNLOCK_PI: `strace -f -e futex`), which
// hands the lock to the waiter; TSan does not intercept that syscall, so it sees no
// release→acquire edge between the two holders.
import Glibc
import Synchronization

/// A counter behind a pthread mutex, which TSan intercepts.
final class PthreadCounter: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var count = 0
    init() { pthread_mutex_init(mutex, nil) }
    func increment() { pthread_mutex_lock(mutex); count += 1; pthread_mutex_unlock(mutex) }
    var value: Int { pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }; return count }
}

let usesMutex = CommandLine.arguments.dropFirst().first != "pthread"
let iterations = 200_000
let mutex = Mutex<Int>(0)
let counter = PthreadCounter()

var threads: [pthread_t] = []
for _ in 0..<2 {
    var thread = pthread_t()
    pthread_create(&thread, nil, { _ in
        for _ in 0..<iterations {
            if usesMutex { mutex.withLock { $0 += 1 } } else { counter.increment() }
        }
        return nil
    }, nil)
    threads.append(thread)
}
for thread in threads { pthread_join(thread, nil) }
print("count", usesMutex ? mutex.withLock { $0 } : counter.value, "of", 2 * iterations)
