import Glibc
import Playback

/// Background threads that describe the library's files and grab their stills, wanted ones
/// first, and hand the results to the loop through a self-pipe.
///
/// The loop never waits for them: it says which items it wants first (``prioritize(_:)``),
/// polls ``descriptor``, and takes what is done (``takeResults()``). Each probe is a short-lived
/// mpv of its own (``MediaProbe``), never the playing one. Results are looked up in, and stored
/// to, the ``ThumbnailCache``.
final class ProbeWorkers: @unchecked Sendable {
    // @unchecked: every mutable property is read and written only with `lock` held; the threads
    // are joined before deinit finishes.

    /// What a worker does with one file: look it up or probe it.
    typealias Job = @Sendable (LibraryFile) -> MediaProbe.Result

    /// Readable when results are waiting.
    var descriptor: Int32 { wake.fileDescriptor }

    private let files: [LibraryFile]
    private let job: Job
    private let wake: WakeSignal
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var threads: [pthread_t] = []

    // Guarded by `lock`.
    private var wanted: [Int] = []
    private var nextInOrder = 0
    private var taken: [Bool]
    private var results: [(index: Int, result: MediaProbe.Result)] = []
    private var isPaused = false
    private var isStopping = false

    /// Starts `count` threads over `files`, each running `job` for one file at a time; `paused`
    /// holds them until ``setPaused(_:)``, so that the first ones taken can be prioritized.
    init(files: [LibraryFile], count: Int, paused: Bool = false, job: @escaping Job) throws {
        self.files = files
        self.job = job
        isPaused = paused
        taken = Array(repeating: false, count: files.count)
        wake = try WakeSignal()
        pthread_mutex_init(lock, nil)
        pthread_cond_init(condition, nil)
        for _ in 0..<max(count, 1) where !files.isEmpty {
            var thread = pthread_t()
            let box = Unmanaged.passRetained(self).toOpaque()
            guard pthread_create(&thread, nil, { box in
                guard let box else { return nil }
                let workers = Unmanaged<ProbeWorkers>.fromOpaque(box).takeRetainedValue()
                workers.work()
                return nil
            }, box) == 0 else {
                Unmanaged<ProbeWorkers>.fromOpaque(box).release()
                continue
            }
            threads.append(thread)
        }
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(lock)
        condition.deallocate()
        lock.deallocate()
    }

    /// Items to do before any other, in this order (indices into `files`).
    func prioritize(_ indices: [Int]) {
        locked { wanted = indices.reversed() }
        pthread_cond_broadcast(condition)
    }

    /// The results that came in since the last call.
    func takeResults() -> [(index: Int, result: MediaProbe.Result)] {
        wake.drain()
        return locked {
            defer { results.removeAll() }
            return results
        }
    }

    /// Stops starting new probes (while the player plays), or starts again.
    func setPaused(_ paused: Bool) {
        locked { isPaused = paused }
        pthread_cond_broadcast(condition)
    }

    /// Tells the threads to finish their current probe and end, and waits for them.
    func stop() {
        locked { isStopping = true }
        pthread_cond_broadcast(condition)
        for thread in threads { pthread_join(thread, nil) }
        threads.removeAll()
    }

    // MARK: Worker side

    private func work() {
        while let index = nextJob() {
            let result = job(files[index])
            locked { results.append((index, result)) }
            wake.signal()
        }
    }

    /// The next item to probe, waiting while paused; nil when all are taken or when stopping.
    private func nextJob() -> Int? {
        locked {
            while true {
                if isStopping { return nil }
                if !isPaused {
                    while let index = wanted.popLast() {
                        if files.indices.contains(index), !taken[index] { taken[index] = true; return index }
                    }
                    while nextInOrder < files.count {
                        defer { nextInOrder += 1 }
                        if !taken[nextInOrder] { taken[nextInOrder] = true; return nextInOrder }
                    }
                    return nil
                }
                pthread_cond_wait(condition, lock)
            }
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }
}
