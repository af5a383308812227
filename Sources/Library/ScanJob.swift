import Playback
import System

/// Runs a ``LibraryScanner`` on a thread of its own and hands what it finds to the loop in
/// batches, through a self-pipe the loop polls, as ``BackgroundJob`` does with one result: the
/// list shows at once and fills in, however large the tree.
///
/// The thread keeps the files in natural order (``LibraryOrder``), so that a batch arrives
/// sorted with the place of each file in the list, and the loop merges it in one pass. It
/// publishes the first files as soon as it has any, then at most every ``publishInterval``
/// and only once the loop has taken the last batch (the loop's merge is linear in the list, so
/// batches grow rather than come faster, and a loop busy elsewhere costs the scan nothing).
/// ``setPaused(_:)`` holds it (while the player covers the list, as the probes are held);
/// ``stop()`` ends it within one step (``stepBudget`` entries) and joins the thread.
public final class ScanJob: Sendable {
    /// Entries looked at between two checks for ``stop()``.
    static let stepBudget = 64
    /// The shortest time between two batches, after the first.
    static let publishInterval = 0.1

    private let wake: WakeSignal
    /// Wakes the thread from a pause: ``setPaused(_:)`` and ``stop()`` write to it.
    private let control: WakeSignal
    private let shared = Locked(Shared())
    private let thread = Locked<JoinableThread?>(nil)

    private struct Shared {
        /// Found and not taken yet.
        var pending: LibraryScanBatch?
        var isStopping = false
        var isPaused = false
    }

    private init(wake: WakeSignal, control: WakeSignal) {
        self.wake = wake
        self.control = control
    }

    /// Starts scanning `paths` (already checked by ``InputCheck``); nil when no pipe or thread
    /// can be had.
    public static func start(_ paths: [FilePath], recursive: Bool) -> ScanJob? {
        guard let wake = try? WakeSignal(), let control = try? WakeSignal() else { return nil }
        let job = ScanJob(wake: wake, control: control)
        guard let thread = ThreadBody({ job.run(paths, recursive: recursive) }).spawnJoinable() else { return nil }
        job.thread.withLock { $0 = thread }
        return job
    }

    /// The descriptor that becomes readable when a batch is waiting.
    public var wakeDescriptor: Int32 { wake.fileDescriptor }

    /// The files found since the last call, or nil when there is nothing new.
    public func take() -> LibraryScanBatch? {
        wake.drain()
        return shared.withLock { state in
            defer { state.pending = nil }
            return state.pending
        }
    }

    /// Holds the scan where it is, or lets it go on.
    public func setPaused(_ paused: Bool) {
        shared.withLock { $0.isPaused = paused }
        control.signal()
    }

    /// Ends the scan and waits for its thread. Idempotent; what was not taken is dropped.
    public func stop() {
        shared.withLock { $0.isStopping = true }
        control.signal()
        let running = thread.withLock { value in defer { value = nil }; return value }
        running?.join()
    }

    /// Waits (with poll, before the loop exists) until a batch with files has come, the scan has
    /// finished, or `seconds` have passed; returns everything taken meanwhile, or nil for nothing.
    public func waitForFiles(seconds: Double) -> LibraryScanBatch? {
        let deadline = MonotonicClock.now() + seconds
        var taken: LibraryScanBatch?
        while true {
            if let batch = take() { taken = taken.map { $0.followed(by: batch) } ?? batch }
            if let taken, !taken.files.isEmpty || taken.isFinished { return taken }
            let left = deadline - MonotonicClock.now()
            guard left > 0 else { return taken }
            var entries = [PollEntry(wakeDescriptor, events: .readable)]
            _ = try? Poll.wait(&entries, timeout: left)
        }
    }

    // MARK: The thread

    /// Whether to go on: false once stopping; while paused, waits on ``control`` first.
    private func shouldContinue() -> Bool {
        while true {
            let (stopping, paused) = shared.withLock { ($0.isStopping, $0.isPaused) }
            if stopping { return false }
            guard paused else { return true }
            control.wait()
        }
    }

    private func run(_ paths: [FilePath], recursive: Bool) {
        var scanner = LibraryScanner(paths: paths, recursive: recursive)
        var order = LibraryOrder()
        var found = LibraryScanner.Step()
        var namedSkips = 0
        var lastPublished = -Double.infinity
        while shouldContinue() {
            let step = scanner.step(budget: Self.stepBudget)
            found.files += step.files
            found.skipped += step.skipped
            let now = MonotonicClock.now()
            let hasNews = !found.files.isEmpty || !found.skipped.isEmpty
            let taken = shared.withLock { $0.pending == nil }
            guard scanner.isFinished || (hasNews && taken && now - lastPublished >= Self.publishInterval) else { continue }
            let (files, positions) = order.insert(found.files)
            let named = Array(found.skipped.prefix(max(LibraryScan.skippedNamesKept - namedSkips, 0)))
            namedSkips += named.count
            publish(LibraryScanBatch(files: files, positions: positions, skipped: named,
                                     skippedCount: found.skipped.count, isFinished: scanner.isFinished))
            found = LibraryScanner.Step()
            lastPublished = now
            if scanner.isFinished { return }
        }
    }

    private func publish(_ batch: LibraryScanBatch) {
        shared.withLock { state in
            state.pending = state.pending.map { $0.followed(by: batch) } ?? batch
        }
        wake.signal()
    }
}
