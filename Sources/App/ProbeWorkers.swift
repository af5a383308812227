import Glibc
import Playback
import Synchronization

/// Background threads that describe the list's files and grab their stills, wanted ones
/// first, and hand the results to the loop through a self-pipe.
///
/// The loop never waits for them: it says which items it wants first (``prioritize(_:)``),
/// polls ``descriptor``, and takes what is done (``takeResults()``). Each probe is a short-lived
/// mpv of its own (``MediaProbe``), never the playing one. The state is one `Mutex`, and a worker
/// with nothing to do sleeps on a self-pipe of its own until there is news, as ``BackgroundJob``
/// does: one style for every thread in App.
final class ProbeWorkers: Sendable {
    /// What a worker does with one file: look it up or probe it.
    typealias Job = @Sendable (LibraryFile) -> MediaProbe.Result

    /// What the workers share.
    private struct State: Sendable {
        var wanted: [Int] = []
        var nextInOrder = 0
        var taken: [Bool]
        var results: [(index: Int, result: MediaProbe.Result)] = []
        var isPaused: Bool
        var isStopping = false
        var threads: [JoinableThread] = []
    }

    /// Readable when results are waiting.
    var descriptor: Int32 { wake.fileDescriptor }

    private let files: [LibraryFile]
    private let job: Job
    private let wake: WakeSignal
    /// One per worker: raised when there may be work (a priority, unpausing, stopping).
    private let news: [WakeSignal]
    private let state: Mutex<State>

    /// Starts `count` threads over `files`, each running `job` for one file at a time; `paused`
    /// holds them until ``setPaused(_:)``, so that the first ones taken can be prioritized.
    init(files: [LibraryFile], count: Int, paused: Bool = false, job: @escaping Job) throws {
        self.files = files
        self.job = job
        wake = try WakeSignal()
        news = try (0..<(files.isEmpty ? 0 : max(count, 1))).map { _ in try WakeSignal() }
        state = Mutex(State(taken: Array(repeating: false, count: files.count), isPaused: paused))
        var threads: [JoinableThread] = []
        for signal in news {
            if let thread = ThreadBody({ [self] in work(news: signal) }).spawnJoinable() { threads.append(thread) }
        }
        state.withLock { $0.threads = threads }
    }

    /// Items to do before any other, in this order (indices into `files`).
    func prioritize(_ indices: [Int]) {
        state.withLock { $0.wanted = indices.reversed() }
        tellWorkers()
    }

    /// The results that came in since the last call.
    func takeResults() -> [(index: Int, result: MediaProbe.Result)] {
        wake.drain()
        return state.withLock { state in
            defer { state.results.removeAll() }
            return state.results
        }
    }

    /// Stops starting new probes (while the player plays), or starts again.
    func setPaused(_ paused: Bool) {
        state.withLock { $0.isPaused = paused }
        tellWorkers()
    }

    /// Tells the threads to finish their current probe and end, and waits for them.
    func stop() {
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
        while true {
            switch nextJob() {
            case .stop:
                return
            case .wait:
                news.wait()
            case .probe(let index):
                let result = job(files[index])
                state.withLock { $0.results.append((index, result)) }
                wake.signal()
            }
        }
    }

    private enum Step { case probe(Int), wait, stop }

    /// What a worker does next: a file to probe (wanted ones first), wait for news (paused, or
    /// all taken), or stop.
    private func nextJob() -> Step {
        state.withLock { state in
            if state.isStopping { return .stop }
            if state.isPaused { return .wait }
            while let index = state.wanted.popLast() {
                if files.indices.contains(index), !state.taken[index] {
                    state.taken[index] = true
                    return .probe(index)
                }
            }
            while state.nextInOrder < files.count {
                defer { state.nextInOrder += 1 }
                if !state.taken[state.nextInOrder] {
                    state.taken[state.nextInOrder] = true
                    return .probe(state.nextInOrder)
                }
            }
            return .wait
        }
    }
}
