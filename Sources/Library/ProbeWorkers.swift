import Playback
import System

/// Background threads that describe the list's files and grab their stills, in the order the
/// loop asks for, and hand the results to the loop through a self-pipe.
///
/// The loop never waits for them: it says which files it wants, first first (``prioritize(_:)``),
/// polls ``descriptor``, and takes what is done (``takeResults()``). They probe only what is
/// asked for, each file once, so the loop decides how much is held: the rows in view and near
/// them, not a whole tree. Each probe is a short-lived mpv of its own (``MediaProbe``), never
/// the playing one. The state is one ``Locked`` value, and a worker
/// with nothing to do sleeps on a self-pipe of its own until there is news, as ``BackgroundJob``
/// does: one style for every thread in App.
public final class ProbeWorkers: Sendable {
    /// What a worker does with one file: look it up or probe it. The second argument says when
    /// to give up, because the workers are stopping (``stop()``).
    public typealias Job = @Sendable (LibraryFile, _ shouldStop: @escaping @Sendable () -> Bool) -> MediaProbe.Result

    /// What the workers share.
    private struct State: Sendable {
        /// What to probe, last first.
        var wanted: [LibraryFile] = []
        /// The paths probed or being probed, so that none is probed twice.
        var started = Set<FilePath>()
        /// The paths being probed now.
        var running = Set<FilePath>()
        var results: [(file: LibraryFile, result: MediaProbe.Result)] = []
        var isPaused: Bool
        var isStopping = false
        var threads: [JoinableThread] = []
    }

    /// Readable when results are waiting.
    public var descriptor: Int32 { wake.fileDescriptor }

    private let job: Job
    private let wake: WakeSignal
    /// One per worker: raised when there may be work (a priority, unpausing, stopping).
    private let news: [WakeSignal]
    private let state: Locked<State>

    /// Starts `count` threads, each running `job` for one file at a time once files are asked
    /// for; `paused` holds them until ``setPaused(_:)``.
    public init(count: Int, paused: Bool = false, job: @escaping Job) throws {
        self.job = job
        wake = try WakeSignal()
        news = try (0..<max(count, 1)).map { _ in try WakeSignal() }
        state = Locked(State(isPaused: paused))
        var threads: [JoinableThread] = []
        for signal in news {
            if let thread = ThreadBody({ [self] in work(news: signal) }).spawnJoinable() { threads.append(thread) }
        }
        state.withLock { $0.threads = threads }
    }

    /// The files to probe, in this order, instead of those asked for before (files already
    /// probed, or being probed, are not probed again). Returns, as of the change, the files
    /// asked for before whose results are still to be taken: those being probed, and those
    /// done and not taken. No other file asked for before will have a result.
    @discardableResult
    public func prioritize(_ files: [LibraryFile]) -> Set<FilePath> {
        let unanswered = state.withLock { state in
            state.wanted = files.reversed()
            return state.running.union(state.results.map(\.file.path))
        }
        tellWorkers()
        return unanswered
    }

    /// The results that came in since the last call.
    public func takeResults() -> [(file: LibraryFile, result: MediaProbe.Result)] {
        wake.drain()
        return state.withLock { state in
            defer { state.results.removeAll() }
            return state.results
        }
    }

    /// Stops starting new probes (while the player plays), or starts again.
    public func setPaused(_ paused: Bool) {
        state.withLock { $0.isPaused = paused }
        tellWorkers()
    }

    /// Tells the threads to give up their current probe and end, and waits for them.
    public func stop() {
        let threads = state.withLock { state in
            state.isStopping = true
            defer { state.threads.removeAll() }
            return state.threads
        }
        tellWorkers()
        for thread in threads { thread.join() }
    }

    private func tellWorkers() {
        for signal in news { signal.signal() }
    }

    // MARK: Worker side

    private func work(news: WakeSignal) {
        let shouldStop: @Sendable () -> Bool = { [self] in state.withLock { $0.isStopping } }
        while true {
            switch nextJob() {
            case .stop:
                return
            case .wait:
                news.wait()
            case .probe(let file):
                let result = job(file, shouldStop)
                state.withLock { state in
                    state.results.append((file, result))
                    state.running.remove(file.path)
                }
                wake.signal()
            }
        }
    }

    private enum Step { case probe(LibraryFile), wait, stop }

    /// What a worker does next: the next file asked for and not probed yet, wait for news
    /// (paused, or nothing asked for), or stop.
    private func nextJob() -> Step {
        state.withLock { state in
            if state.isStopping { return .stop }
            if state.isPaused { return .wait }
            while let file = state.wanted.popLast() {
                if state.started.insert(file.path).inserted {
                    state.running.insert(file.path)
                    return .probe(file)
                }
            }
            return .wait
        }
    }
}
