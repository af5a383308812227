@testable import Tmux
import Glibc
import System
import Graphics
@testable import Terminal
import Testing

/// The poller of reel's tmux pane against a real, headless tmux: a server whose session has a
/// client (a nested tmux client, in a pane of a second server), changed as a user would; each
/// change is waited for with a deadline, and its time to the engine's hide measured.
@Suite("PaneWatcher: a real tmux's pane, polled", .serialized)
struct PaneWatcherTests {
    /// Runs tmux on `socket`; its output, or nil when it failed.
    @discardableResult
    static func tmux(_ socket: String, _ arguments: [String]) -> [UInt8]? {
        TmuxClient.output(of: ["tmux", "-S", socket, "-f", "/dev/null"] + arguments, timeout: 10)
    }

    /// A watched pane (`%0`, split beside `%1`, in the first of two windows) of a server whose
    /// session is attached by one client running in a pane of an outer server.
    final class Rig {
        let inner = "/tmp/reel-pane-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var outer: String { inner + "-outer" }
        var watch = PaneWatch()
        var watcher: PaneWatcher?
        /// Each hide's time from the change that caused it, in seconds.
        var latencies: [Double] = []

        init() throws {
            try #require(tmux(inner, ["new-session", "-d", "-s", "s", "-x", "100", "-y", "30", "sleep 600"]) != nil)
            tmux(inner, ["split-window", "-h", "-t", "%0", "sleep 600"])
            tmux(inner, ["new-window", "-d", "-t", "s:1", "sleep 600"])
            tmux(inner, ["select-pane", "-t", "%0"])
            // The client, in a pane of the outer server; it attaches again after Enter once detached.
            let attach = "env -u TMUX tmux -S \(inner) attach -t s"
            try #require(tmux(outer, ["new-session", "-d", "-s", "o", "-x", "100", "-y", "31",
                                      "sh -c '\(attach); read x; \(attach); sleep 600'"]) != nil)
            watcher = PaneWatcher.start(environment: ["TMUX": "\(inner),1,0", "TMUX_PANE": "%0"])
        }

        deinit {
            watcher?.stop()
            tmux(outer, ["kill-server"])
            tmux(inner, ["kill-server"])
            unlink(outer)
            unlink(inner)
        }

        /// Feeds the watcher's answers to the engine until `done` holds of an action (or of the
        /// engine, for a draw); false after `seconds`.
        func wait(seconds: Double = 20, until done: (PaneWatch.Action, PaneWatch) -> Bool) -> Bool {
            guard let watcher else { return false }
            let deadline = MonotonicClock.now() + seconds
            while MonotonicClock.now() < deadline {
                var entries = [PollEntry(watcher.wakeDescriptor, events: .readable)]
                _ = try? Poll.wait(&entries, timeout: deadline - MonotonicClock.now())
                for (event, at) in watcher.take() {
                    let action = watch.event(event, now: at)
                    watcher.setInterval(watch.pollInterval)
                    if done(action, watch) { return true }
                }
            }
            return false
        }

        /// Runs `change` on the inner server and waits for the picture to be hidden, recording how long it took.
        func hides(after change: [String], clearing terminal: String? = nil) -> Bool {
            let start = MonotonicClock.now()
            tmux(inner, change)
            return wait { action, watch in
                guard action.picture == .hide else { return false }
                self.latencies.append((watch.hiddenAt ?? start) - start)
                return terminal.map { action.clearTerminals == [$0] } ?? !action.clearTerminals.isEmpty
            }
        }

        /// Runs `change` (on `socket`) and waits for the picture to be drawn at `origin`.
        func draws(after change: [String], on socket: String? = nil, at origin: CellOrigin) -> Bool {
            tmux(socket ?? inner, change)
            return wait { action, _ in action.picture == .draw(origin) }
        }
    }

    @Test("a window switch, a zoom onto the other pane, copy mode, a resize and a detach each hide the picture; each return draws it")
    func changes() throws {
        try #require(access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/setup")
        let rig = try Rig()
        try #require(rig.watcher != nil)
        // The client attaches: the picture is drawn in the left pane, at the window's top-left.
        #expect(rig.wait { action, _ in action.picture == .draw(CellOrigin(column: 0, row: 0)) })
        let client = try #require(rig.watch.last?.viewers.first).tty
        #expect(client.hasPrefix("/dev/pts/"))
        let width = try #require(rig.watch.last?.geometry.width)

        #expect(rig.hides(after: ["select-window", "-t", "s:1"], clearing: client))
        #expect(rig.draws(after: ["select-window", "-t", "s:0"], at: CellOrigin(column: 0, row: 0)))

        // -Z zooms onto the pane named, or unzooms a zoomed window.
        #expect(rig.hides(after: ["resize-pane", "-Z", "-t", "%1"]))
        #expect(rig.draws(after: ["resize-pane", "-Z", "-t", "%1"], at: CellOrigin(column: 0, row: 0)))
        #expect(rig.hides(after: ["resize-pane", "-Z", "-t", "%0"]), "zoomed onto reel's pane: a new size")
        #expect(rig.wait { action, _ in action.picture == .draw(CellOrigin(column: 0, row: 0)) })
        #expect(rig.watch.last?.zoomed == true && rig.watch.last?.geometry.width == 100, "it fills the window")
        #expect(rig.hides(after: ["resize-pane", "-Z", "-t", "%0"]), "unzoomed: its size again")
        #expect(rig.wait { action, _ in action.picture == .draw(CellOrigin(column: 0, row: 0)) })
        #expect(rig.watch.last?.geometry.width == width)

        #expect(rig.hides(after: ["copy-mode", "-t", "%0"]))
        #expect(rig.draws(after: ["send-keys", "-t", "%0", "-X", "cancel"], at: CellOrigin(column: 0, row: 0)))

        #expect(rig.hides(after: ["resize-pane", "-t", "%0", "-x", "30"]))
        #expect(rig.wait { action, _ in action.picture == .draw(CellOrigin(column: 0, row: 0)) })
        #expect(rig.watch.last?.geometry.width == 30)

        #expect(rig.hides(after: ["detach-client", "-s", "s"], clearing: client))
        #expect(rig.watch.last?.viewers.isEmpty == true)
        #expect(rig.draws(after: ["send-keys", "-t", "o", "Enter"], on: rig.outer, at: CellOrigin(column: 0, row: 0)))

        let slowest = rig.latencies.max() ?? 0
        print("pane watch: \(rig.latencies.count) hides, slowest \(Int(slowest * 1000)) ms, each "
              + rig.latencies.map { "\(Int($0 * 1000))" }.joined(separator: " ") + " ms")
        #expect(rig.latencies.count == 7)
    }

    @Test("a second client, of another session of the group: drawn again as it comes; when it selects another window, deleted from its terminal alone")
    func groupedClient() throws {
        try #require(access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/setup")
        let rig = try Rig()
        #expect(rig.wait { action, _ in action.picture == .draw(CellOrigin(column: 0, row: 0)) })
        let first = try #require(rig.watch.last?.viewers.first).tty
        Self.tmux(rig.inner, ["new-session", "-d", "-t", "s", "-s", "g"])
        Self.tmux(rig.outer, ["new-window", "-d", "env -u TMUX tmux -S \(rig.inner) attach -t g; sleep 600"])
        #expect(rig.wait { action, watch in action.picture == .draw(CellOrigin(column: 0, row: 0)) && watch.last?.viewers.count == 2 })
        let second = try #require(rig.watch.last?.viewers.map(\.tty).first { $0 != first })
        Self.tmux(rig.inner, ["select-window", "-t", "g:1"])
        #expect(rig.wait { action, _ in action == PaneWatch.Action(clearTerminals: [second]) })
        #expect(rig.watch.isDrawn && rig.watch.last?.viewers.map(\.tty) == [first])
        #expect(rig.draws(after: ["select-window", "-t", "g:0"], at: CellOrigin(column: 0, row: 0)))
    }

    @Test("a real tmux's client reads the same from the question at the start as from the poll's")
    func sameClientBothQuestions() throws {
        try #require(access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/setup")
        let rig = try Rig()
        #expect(rig.wait { action, _ in action.picture == .draw(CellOrigin(column: 0, row: 0)) })
        let start = try #require(Self.tmux(rig.inner, TmuxView.query(pane: "%0")).flatMap { TmuxView(lines: TmuxClient.lines($0)) })
        let poll = try #require(Self.tmux(rig.inner, PaneView.query(pane: "%0")).flatMap { PaneView.parse(TmuxClient.lines($0)) })
        let client = try #require(poll.clients.first)
        #expect(start.clients == poll.clients && poll.clients.count == 1)
        #expect(client.width == 100 && client.height == 31 && client.status == TmuxStatusLine(lines: 1, atTop: false))
        #expect(client.tty.hasPrefix("/dev/pts/") && client.created > 0 && client.features.contains("RGB"))
        #expect(client.termType.hasPrefix("tmux "), "the outer tmux's XTVERSION answer, with a space in it")
        #expect(start.geometry == poll.geometry && start.origin == poll.origin)
    }

    @Test("outside tmux nothing is watched", arguments: [[:], ["TMUX": "/tmp/x,1,0"], ["TMUX_PANE": "%0"], ["TMUX": "", "TMUX_PANE": "%0"]])
    func outside(environment: [String: String]) {
        #expect(PaneWatcher.arguments(environment: environment) == nil)
        #expect(PaneWatcher.start(environment: environment) == nil)
    }

    @Test("the command line names TMUX's socket and the pane")
    func arguments() {
        let arguments = PaneWatcher.arguments(environment: ["TMUX": "/tmp/tmux-1000/default,42,0", "TMUX_PANE": "%7"])
        #expect(arguments?.prefix(3) == ["tmux", "-S", "/tmp/tmux-1000/default"])
        #expect(arguments?.dropFirst(3).elementsEqual(PaneView.query(pane: "%7")) == true)
    }

    @Test("an answer like the last one wakes nobody, unless the engine polls faster for a new size to settle")
    func sameAnswer() throws {
        let asked = Locked(0)
        let same = Array("P\t@0\t1\t0\t0\t0\t0\t50\t29\n".utf8)
        let started = PaneWatcher.start(environment: ["TMUX": "/tmp/none,1,0", "TMUX_PANE": "%0"],
                                        ask: { _ in asked.withLock { $0 += 1 }; return same })
        let watcher = try #require(started)
        defer { watcher.stop() }
        let deadline = MonotonicClock.now() + 20
        var events = 0
        func waitForAsks(_ count: Int) {
            while asked.withLock({ $0 }) < count, MonotonicClock.now() < deadline {
                var none: [PollEntry] = []
                _ = try? Poll.wait(&none, timeout: 0.02)
                events += watcher.take().count
            }
        }
        waitForAsks(3)
        #expect(events == 1, "asked \(asked.withLock { $0 }) times")
        watcher.setInterval(PaneWatch.settlingInterval)
        let before = asked.withLock { $0 }
        waitForAsks(before + 3)
        events += watcher.take().count
        #expect(events >= 3, "the settling polls are handed over")
    }

    @Test("answers come in order through the pipe, a failure as such, and the thread ends when stopped")
    func fakeTmux() throws {
        let answers = Locked([Array("P\t@0\t1\t0\t0\t0\t0\t50\t29\nC\t0\t100\t30\t@0\ton\tbottom\t0\t/dev/pts/9\t\t\n".utf8), nil])
        let started = PaneWatcher.start(environment: ["TMUX": "/tmp/none,1,0", "TMUX_PANE": "%0"], clock: { 7 },
                                        ask: { _ in answers.withLock { $0.isEmpty ? nil : $0.removeFirst() } })
        let watcher = try #require(started)
        watcher.setInterval(0.01)
        var events: [PaneWatch.Event] = []
        let deadline = MonotonicClock.now() + 20
        while events.count < 2, MonotonicClock.now() < deadline {
            var entries = [PollEntry(watcher.wakeDescriptor, events: .readable)]
            _ = try? Poll.wait(&entries, timeout: 1)
            let taken = watcher.take()
            #expect(taken.allSatisfy { $0.at == 7 })
            events += taken.map(\.event)
        }
        watcher.stop()
        guard events.count >= 2, case .answer(let view) = events[0] else { Issue.record("got \(events)"); return }
        #expect(view.viewers.map(\.tty) == ["/dev/pts/9"])
        #expect(events[1] == .failed)
    }
}
