@testable import Library
import Media
import Playback
import Testing
import System

/// The background probes: order, delivery through the pipe, pausing, stopping.
@Suite("ProbeWorkers")
struct ProbeWorkersTests {
    static func files(_ count: Int) -> [LibraryFile] {
        (0..<count).map { LibraryFile(path: FilePath("/f\($0)"), name: "f\($0)", size: 1, modified: 1) }
    }

    /// Waits on the descriptor until `count` results came, or `seconds` passed.
    static func collect(_ workers: ProbeWorkers, count: Int, seconds: Double = 10)
        -> [(file: LibraryFile, result: MediaProbe.Result)] {
        var results: [(file: LibraryFile, result: MediaProbe.Result)] = []
        let deadline = MonotonicClock.now() + seconds
        while results.count < count, case let left = deadline - MonotonicClock.now(), left > 0 {
            var entries = [PollEntry(workers.descriptor, events: .readable)]
            _ = try? Poll.wait(&entries, timeout: left)
            results += workers.takeResults()
        }
        return results
    }

    @Test("files are probed in the order asked, each once, and each result comes once through the pipe")
    func order() throws {
        let order = Locked<[String]>([])
        let workers = try ProbeWorkers(count: 1, paused: true) { file, _ in
            order.withLock { $0.append(file.name) }
            return .unplayable(reason: file.name)
        }
        let files = Self.files(10)
        workers.prioritize([files[9], files[8], files[9]] + files)
        workers.setPaused(false)
        let results = Self.collect(workers, count: 10)
        #expect(order.withLock { $0 } == ["f9", "f8", "f0", "f1", "f2", "f3", "f4", "f5", "f6", "f7"])
        #expect(results.map(\.file.name).sorted() == files.map(\.name).sorted())
        #expect(results.allSatisfy { $0.result == .unplayable(reason: $0.file.name) })
        // Asked again, nothing is probed twice. (A wake-up byte for the last result may still be
        // on its way through the pipe: it is results that must not come, not bytes.)
        workers.prioritize(files)
        #expect(Self.collect(workers, count: 1, seconds: 0.3).isEmpty)
        #expect(order.withLock { $0.count } == 10)
        workers.stop()
    }

    @Test("only what is asked for is probed: a new request replaces the old one")
    func onlyWanted() throws {
        let order = Locked<[String]>([])
        let workers = try ProbeWorkers(count: 1, paused: true) { file, _ in
            order.withLock { $0.append(file.name) }
            return .unplayable(reason: "")
        }
        let files = Self.files(100)
        workers.prioritize(Array(files[0..<50]))
        workers.prioritize(Array(files[90..<93]))
        workers.setPaused(false)
        #expect(Self.collect(workers, count: 3).count == 3)
        #expect(Self.collect(workers, count: 1, seconds: 0.3).isEmpty, "nothing more is probed")
        workers.stop()
        #expect(order.withLock { $0 } == ["f90", "f91", "f92"])
    }

    @Test("stop() gives up a probe in flight: the job is told, and stop returns once it has")
    func stopGivesUp() throws {
        let started = try WakeSignal()
        let never = try WakeSignal()
        let gaveUp = Locked(false)
        let workers = try ProbeWorkers(count: 1) { _, shouldStop in
            started.signal()
            // `shouldStop` is a flag, not a signal: the job looks at it between bounded waits, as
            // a real probe does between mpv's events.
            while !shouldStop() {
                var entries = [PollEntry(never.fileDescriptor, events: .readable)]
                _ = try? Poll.wait(&entries, timeout: 0.001)
            }
            gaveUp.withLock { $0 = true }
            return .unplayable(reason: MediaProbe.stoppedReason)
        }
        workers.prioritize(Self.files(1))
        var entries = [PollEntry(started.fileDescriptor, events: .readable)]
        try #require(try Poll.wait(&entries, timeout: 10) == 1, "the probe never started")
        #expect(!gaveUp.withLock { $0 }, "nothing told the job to stop yet")
        // It would wait for ever if the job were not told.
        workers.stop()
        #expect(gaveUp.withLock { $0 }, "stop returned before the job had given up")
    }

    @Test("paused workers start nothing new; stop ends them")
    func pause() throws {
        let workers = try ProbeWorkers(count: 2, paused: true) { _, _ in .unplayable(reason: "") }
        workers.prioritize(Self.files(3))
        var entries = [PollEntry(workers.descriptor, events: .readable)]
        #expect(try Poll.wait(&entries, timeout: 0.2) == 0)
        #expect(workers.takeResults().isEmpty)
        workers.setPaused(false)
        #expect(Self.collect(workers, count: 3).count == 3)
        workers.stop()
    }
}
