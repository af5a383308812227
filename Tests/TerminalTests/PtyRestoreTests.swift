#if canImport(Glibc)
import Glibc
#endif
import System
import Terminal
import TestTerminal
import Testing

/// A `TerminalProbe` child on a fresh pty, driven from the master side.
final class PtyChild {
    /// The probe on its pty.
    let process: PtyProcess
    var pid: pid_t { process.pid }
    var master: Int32 { process.master }
    /// Everything the child wrote.
    var output: [UInt8] { process.output }
    /// The pty's termios before the child entered its session.
    let before: termios

    /// Where `swift build` put the probe: next to the test bundle.
    static var probePath: String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let exe = n > 0 ? String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let directory = exe.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return directory + "/TerminalProbe"
    }

    init(mode: String) throws {
        process = try PtyProcess(PtyChild.probePath, arguments: [mode], columns: 80, rows: 24, pixels: (640, 384))
        var state = termios()
        tcgetattr(process.master, &state)
        before = state
        send("go\n")
    }

    func send(_ text: String) {
        process.send(Array(text.utf8))
    }

    /// Reads what the child wrote for up to `milliseconds`; false once the pty is closed.
    @discardableResult
    func pump(milliseconds: Int32) -> Bool {
        process.pump(milliseconds: milliseconds)
    }

    /// Whether `marker` appeared in the output within `seconds`.
    func waitFor(_ marker: String, seconds: Double = 20) -> Bool {
        let needle = Array(marker.utf8)
        for _ in 0..<Int(seconds * 20) {
            if contains(needle) { return true }
            pump(milliseconds: 50)
        }
        return contains(needle)
    }

    func contains(_ needle: [UInt8], after start: Int = 0) -> Bool {
        process.index(of: needle, after: start) != nil
    }

    func index(of needle: [UInt8], after start: Int = 0) -> Int? {
        process.index(of: needle, after: start)
    }

    /// Waits for the child to end (reading its output meanwhile) and returns its wait status.
    func waitForExit(seconds: Double = 20) -> Int32? {
        var status: Int32 = 0
        for _ in 0..<Int(seconds * 20) {
            if waitpid(pid, &status, WNOHANG) == pid {
                while pump(milliseconds: 50) && pumpAvailable() {}
                return status
            }
            // Once the pty is closed, poll returns at once: wait out the interval on no descriptor.
            if !pump(milliseconds: 50) { _ = poll(nil, 0, 50) }
        }
        return nil
    }

    private func pumpAvailable() -> Bool {
        var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        return poll(&pfd, 1, 0) > 0
    }

    /// The pty's termios now.
    var current: termios {
        var state = termios()
        tcgetattr(master, &state)
        return state
    }
}

/// Whether two termios are byte for byte the same.
func sameTermios(_ a: termios, _ b: termios) -> Bool {
    var a = a, b = b
    return withUnsafeBytes(of: &a) { x in withUnsafeBytes(of: &b) { y in x.elementsEqual(y) } }
}

/// How a wait status ended: `.exited(code)` or `.signaled(number)`.
enum Ending: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)

    init(status: Int32) {
        let low = status & 0x7F
        self = low == 0 ? .exited((status >> 8) & 0xFF) : .signaled(low)
    }

    var description: String {
        switch self {
        case .exited(let code): "exit \(code)"
        case .signaled(let signal): "signal \(signal)"
        }
    }
}

@Suite("Terminal restore through a real pty", .serialized)
struct PtyRestoreTests {
    /// Runs the probe, ends it with `end`, and checks the ending, the termios and the restore bytes.
    func check(mode: String = "loop", end: (PtyChild) -> Void, expected: [Ending]) throws {
        let child = try PtyChild(mode: mode)
        #expect(child.waitFor("PROBE-READY"), "the probe did not start: \(show(child.output))")
        let ready = child.index(of: Array("PROBE-READY".utf8)) ?? 0
        #expect(child.contains(Array(TerminalSession.enterSequence.utf8)), "enter sequence written")
        #expect(!sameTermios(child.current, child.before), "the probe is in raw mode")
        end(child)
        guard let status = child.waitForExit() else {
            Issue.record("the probe did not exit: \(show(child.output))")
            return
        }
        let ending = Ending(status: status)
        #expect(expected.contains(ending), "ended with \(ending)")
        #expect(sameTermios(child.current, child.before), "termios restored")
        #expect(child.contains(Array(TerminalSession.restoreSequence.utf8), after: ready),
                "restore sequence written after entering: \(show(Array(child.output[ready...])))")
    }

    /// Every catchable signal whose default action ends the process and that asks it to end
    /// (rather than reporting a fault): the loop reads it and exits with 128 + N.
    static let requestsToEnd: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGPOLL, SIGSTKFLT, SIGPWR,
    ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())

    /// The faults and resource limits: restored from the handler, then killed by the signal.
    static let faults: [Int32] = [SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ]

    @Test("a signal that asks the process to end restores the terminal and exits with 128 + N", arguments: requestsToEnd)
    func terminatingSignal(signal: Int32) throws {
        try check(end: { kill($0.pid, signal) }, expected: [.exited(128 + signal)])
    }

    @Test("a fatal signal restores the terminal with write(2) and re-raises",
          .disabled(if: getenv("REEL_SANITIZER").map { String(cString: $0) } == "thread",
                    "ThreadSanitizer runs a handler for SIGSEGV, SIGBUS, SIGFPE or SIGABRT at once, as for a real fault, even when kill() lands inside its own runtime; the handler's first touch of a Swift global then waits on a lock the runtime holds. Real crashes are tested under it; this runs in every other build."),
          arguments: faults)
    func fatalSignal(signal: Int32) throws {
        try check(end: { kill($0.pid, signal) }, expected: [.signaled(signal)])
    }

    @Test("real crashes restore the terminal: a bad pointer, abort(), and a Swift trap", arguments: [
        ("c", [Ending.signaled(SIGSEGV)]), ("a", [.signaled(SIGABRT)]), ("f", [.signaled(SIGILL), .signaled(SIGTRAP)]),
    ])
    func crash(key: String, expected: [Ending]) throws {
        try check(end: { $0.send(key) }, expected: expected)
    }

    @Test("a crash's handler runs the prepared command after the restore (tmux's passthrough put back), once",
          .disabled(if: getenv("REEL_SANITIZER").map { String(cString: $0) } == "thread",
                    "ThreadSanitizer intercepts fork() and takes its own locks there, which a crash inside its runtime may hold"))
    func crashRunsCommand() throws {
        var pid: pid_t = 0
        try check(mode: "marked", end: { child in
            pid = child.pid
            child.send("c")
        }, expected: [.signaled(SIGSEGV)])
        let mark = "/tmp/reel-probe-mark-\(pid)"
        defer { unlink(mark) }
        #expect(access(mark, F_OK) == 0, "the command ran")
    }

    @Test("a normal quit and a thrown error restore the terminal", arguments: [("q", Int32(0)), ("e", 1)])
    func normalExit(key: String, code: Int32) throws {
        try check(end: { $0.send(key) }, expected: [.exited(code)])
    }

    @Test("a second request to end while the loop is stuck restores and exits from the handler",
          arguments: [SIGINT, SIGUSR1, __libc_current_sigrtmax()])
    func stuckLoop(signal: Int32) throws {
        try check(mode: "stuck", end: { child in
            kill(child.pid, signal)
            child.pump(milliseconds: 100)
            kill(child.pid, signal)
        }, expected: [.exited(128 + signal)])
    }

    @Test("SIGPIPE is ignored while the session is open; the session stays usable")
    func brokenPipe() throws {
        try check(end: { child in
            kill(child.pid, SIGPIPE)
            child.pump(milliseconds: 200)
            child.send("q")
        }, expected: [.exited(0)])
    }

    @Test("SIGTSTP with no job-control shell above is ignored; the session stays usable")
    func suspendWhenOrphaned() throws {
        try check(end: { child in
            kill(child.pid, SIGTSTP)
            child.send("\u{1A}")
            child.pump(milliseconds: 200)
            kill(child.pid, SIGTERM)
        }, expected: [.exited(128 + SIGTERM)])
    }

    @Test("suspend restores the terminal, stops, and re-enters when continued", arguments: ["ctrl-z", "SIGTSTP"])
    func suspendAndContinue(how: String) throws {
        let shell = try PtyChild(mode: "shell")
        #expect(shell.waitFor("PROBE-READY"), "the job did not start: \(show(shell.output))")
        guard let job = jobPid(shell) else {
            Issue.record("no job pid in \(show(shell.output))")
            return
        }
        #expect(!sameTermios(shell.current, shell.before))
        let ready = shell.output.count
        if how == "ctrl-z" { shell.send("\u{1A}") } else { kill(job, SIGTSTP) }
        #expect(shell.waitFor("SHELL-STOPPED"), "the job did not stop: \(show(shell.output))")
        #expect(sameTermios(shell.current, shell.before), "termios restored while stopped")
        #expect(shell.contains(Array(TerminalSession.restoreSequence.utf8), after: ready))
        let stopped = shell.output.count
        shell.send("fg\n")
        #expect(shell.waitFor("PROBE-RESUMED"), "the job did not resume: \(show(shell.output))")
        #expect(shell.contains(Array(TerminalSession.enterSequence.utf8), after: stopped), "modes entered again")
        #expect(!sameTermios(shell.current, shell.before), "raw again after continuing")
        shell.send("q")
        guard let status = shell.waitForExit() else {
            Issue.record("the shell did not exit: \(show(shell.output))")
            return
        }
        #expect(Ending(status: status) == .exited(0))
        #expect(sameTermios(shell.current, shell.before))
    }

    /// The job's pid from the shell's `SHELL-CHILD <pid>` line.
    func jobPid(_ shell: PtyChild) -> pid_t? {
        let marker = Array("SHELL-CHILD ".utf8)
        guard let start = shell.index(of: marker) else { return nil }
        let digits = shell.output[(start + marker.count)...].prefix { (0x30...0x39).contains($0) }
        return pid_t(String(decoding: digits, as: UTF8.self))
    }
}
