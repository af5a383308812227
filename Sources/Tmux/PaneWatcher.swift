import System
import Graphics
import Terminal

/// Asks tmux about reel's pane every ``PaneWatch/pollInterval`` on a thread of its own, and hands
/// the answers (``PaneWatch/Event``s) to the loop through a self-pipe, so that the loop never
/// waits for tmux.
///
/// tmux tells a program nothing of its pane being shown or not (`focus-events` is off by
/// default), and a control-mode client would be a client of the session (seen in its client
/// count, its hooks, its sizes), so it is asked, with one run of `tmux -S <TMUX's socket>
/// display-message … ; list-clients …` a poll (``PaneView/query(pane:)``): about 3 ms of CPU.
/// The thread ends after ``stop()`` (at the latest when its tmux returns), or with the process.
public final class PaneWatcher: Sendable {
    /// How long one run of tmux may take before it is killed and counted as no answer.
    public static let timeout = 1.0
    /// The most answers kept for the loop; older ones are dropped (the loop is far behind).
    static let keptAnswers = 16

    private let wake: WakeSignal
    private let stopSignal: WakeSignal
    private let shared = Locked(Shared())

    /// What the thread and the loop share.
    private struct Shared {
        var events: [(event: PaneWatch.Event, at: Double)] = []
        var interval = PaneWatch.interval
        var stopped = false
    }

    /// The tmux command line that asks about the pane, from `TMUX` (its socket) and `TMUX_PANE`;
    /// nil outside tmux.
    public static func arguments(environment: [String: String]) -> [String]? {
        guard let server = TmuxClient.command(environment: environment), let pane = TmuxClient.pane(environment) else { return nil }
        return server + PaneView.query(pane: pane)
    }

    /// Starts watching the pane named by `environment`; nil outside tmux, or when no thread or
    /// pipe can be had. `ask` runs tmux (replaced in tests), `clock` says when an answer came.
    public static func start(environment: [String: String], clock: @escaping @Sendable () -> Double = MonotonicClock.now,
                             ask: @escaping @Sendable ([String]) -> [UInt8]? = PaneWatcher.run) -> PaneWatcher? {
        guard let arguments = arguments(environment: environment) else { return nil }
        guard let wake = try? WakeSignal(), let stopSignal = try? WakeSignal() else { return nil }
        let watcher = PaneWatcher(wake: wake, stopSignal: stopSignal)
        let body = ThreadBody { watcher.watch(arguments: arguments, clock: clock, ask: ask) }
        return body.spawn() ? watcher : nil
    }

    private init(wake: WakeSignal, stopSignal: WakeSignal) {
        self.wake = wake
        self.stopSignal = stopSignal
    }

    /// Runs tmux with `arguments`: its output, or nil when it failed or ran over ``timeout``.
    @Sendable public static func run(_ arguments: [String]) -> [UInt8]? {
        TmuxClient.output(of: arguments, timeout: timeout)
    }

    /// The descriptor that becomes readable when an answer is in.
    public var wakeDescriptor: Int32 { wake.fileDescriptor }

    /// The answers that came since the last call, oldest first, each with when it came.
    public func take() -> [(event: PaneWatch.Event, at: Double)] {
        wake.drain()
        return shared.withLock { state in
            defer { state.events.removeAll() }
            return state.events
        }
    }

    /// Sets the time between polls (the engine's ``PaneWatch/pollInterval``).
    func setInterval(_ seconds: Double) {
        let changed = shared.withLock { state in
            defer { state.interval = seconds }
            return seconds < state.interval
        }
        // A shorter wait starts now, not after the longer one.
        if changed { stopSignal.signal() }
    }

    /// Ends the thread once its current poll is done.
    public func stop() {
        shared.withLock { $0.stopped = true }
        stopSignal.signal()
    }

    /// The thread: ask, hand over, wait; until stopped.
    ///
    /// An answer like the last one handed over wakes nobody (a paused player sleeps on), but while
    /// the engine polls faster for a new size to settle, when it is the agreement it waits for.
    private func watch(arguments: [String], clock: @Sendable () -> Double, ask: @Sendable ([String]) -> [UInt8]?) {
        var last: PaneWatch.Event?
        while !shared.withLock({ $0.stopped }) {
            let answer = ask(arguments).flatMap { PaneView.parse(TmuxClient.lines($0)) }
            let event: PaneWatch.Event = answer.map { .answer($0) } ?? .failed
            let (interval, handed) = shared.withLock { state in
                guard event != last || state.interval < PaneWatch.interval else { return (state.interval, false) }
                state.events.append((event, clock()))
                if state.events.count > PaneWatcher.keptAnswers { state.events.removeFirst() }
                return (state.interval, true)
            }
            last = event
            if handed { wake.signal() }
            var entries = [PollEntry(stopSignal.fileDescriptor, events: .readable)]
            _ = try? Poll.wait(&entries, timeout: interval)
            stopSignal.drain()
        }
    }
}
