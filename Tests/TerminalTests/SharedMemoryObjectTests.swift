#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization
import Testing
@testable import Terminal

/// The names of reel's objects in `/dev/shm`: each one new, from any thread, and never one that
/// is already there.
@Suite("SharedMemoryObject: a name never taken twice")
struct SharedMemoryObjectTests {
    /// The number at the end of a name `/reel-<pid>-<n>`.
    static func number(_ name: String) -> Int? {
        name.split(separator: "-").last.flatMap { Int($0) }
    }

    @Test("objects made on eight threads at once all get names of their own, and every one is made")
    func manyThreads() throws {
        let perThread = 40
        let names = Mutex([[String]](repeating: [], count: 8))
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var mine: [String] = []
            for _ in 0..<perThread {
                guard let made = try? SharedMemoryObject.create() else { continue }
                mine.append(made.name)
                _ = close(made.descriptor)
                _ = shm_unlink(made.name)
            }
            names.withLock { $0[thread] = mine }
        }
        let all = names.withLock { $0.flatMap { $0 } }
        #expect(all.count == 8 * perThread, "every create succeeded")
        #expect(Set(all).count == all.count, "no name twice")
    }

    @Test("a name left in /dev/shm by a killed process of the same pid is stepped over, not opened")
    func leftoverSteppedOver() throws {
        let first = try SharedMemoryObject.create()
        _ = close(first.descriptor)
        _ = shm_unlink(first.name)
        let next = try #require(Self.number(first.name)) + 1
        // Leave objects under the next few names, as a reel killed with this pid would have.
        let leftovers = (next..<next + 5).map { SharedMemoryLeftovers.name(process: getpid(), number: $0) }
        for name in leftovers {
            let descriptor = shm_open(name, O_CREAT | O_RDWR, 0o600)
            #expect(descriptor >= 0)
            _ = close(descriptor)
        }
        defer { for name in leftovers { _ = shm_unlink(name) } }
        let made = try SharedMemoryObject.create()
        defer {
            _ = close(made.descriptor)
            _ = shm_unlink(made.name)
        }
        #expect(!leftovers.contains(made.name), "\(made.name) is a leftover's name")
    }
}
