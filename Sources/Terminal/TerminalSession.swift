#if canImport(Glibc)
import Glibc
#endif
import System

/// The owner of the terminal's state: raw mode, the alternate screen, mouse and focus reporting,
/// bracketed paste, the signal handlers and their self-pipe.
///
/// ``enter()`` saves the termios and switches everything on; ``restore()`` is its exact inverse and
/// is idempotent. The terminal is restored on every way out:
/// - a normal return or a thrown error: call ``restore()`` in a `defer` (``deinit`` also does, as a backstop);
/// - a request to end (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
///   SIGPROF, SIGPOLL, SIGSTKFLT, SIGPWR, SIGRTMIN…SIGRTMAX): relayed as
///   ``TerminalSignal/terminate(_:)``; the app ends in order, restores and exits with 128 + N
///   (``exitAfterRestore(signal:)`` does the last two, for a program with nothing left to shut down).
///   A second one before the loop read the first restores and exits from the handler;
/// - a fault or a resource limit (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS,
///   SIGXCPU, SIGXFSZ): restored from the handler with `write(2)` and `tcsetattr(3)` only, then
///   re-raised with the default action;
/// - SIGTSTP (or Ctrl-Z, which arrives as byte 0x1A in raw mode): ``suspend()`` restores, stops,
///   and re-enters when continued.
///
/// SIGPIPE is ignored while the session is open. Only one session can be active in a process,
/// since signal handlers are process-wide.
public final class TerminalSession {
    /// The terminal descriptor: opened on `/dev/tty` read-write, non-blocking, close-on-exec.
    /// Input is read from it; the mode sequences are written to it.
    public let fileDescriptor: Int32
    /// The self-pipe the signal handlers write each signal's number to; nil once closed.
    private var signalPipe: Pipe?
    /// The read end of the self-pipe: poll it for `POLLIN`, then call ``pendingSignals()``.
    public var signalDescriptor: Int32 { signalPipe?.readEnd.rawValue ?? -1 }
    /// The termios before ``enter()``.
    private var saved = termios()
    /// Whether the terminal is in the session's modes.
    public private(set) var isActive = false
    /// Whether the terminal is in raw mode (from ``enterRawMode()`` or ``enter()``).
    public private(set) var isRaw = false
    /// Bytes written after the enter sequence and before the restore sequence while graphics are
    /// on (``setGraphicsSequences(enter:restore:)``).
    private var graphicsEnter: [UInt8] = []
    private var graphicsRestore: [UInt8] = []
    private var isClosed = false
    /// A reused buffer for reads.
    private var chunk = [UInt8](repeating: 0, count: 4096)

    /// The bytes that switch the session's modes on: alternate screen, hidden cursor, SGR mouse
    /// (press/release, drag), focus events, bracketed paste.
    public static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?1004h\u{1B}[?2004h"
    /// The bytes that switch them off again, in the reverse order, after cancelling any sequence in
    /// progress (CAN), ending a synchronized update and resetting SGR.
    public static let restoreSequence =
        "\u{18}\u{1B}[?2026l\u{1B}[0m\u{1B}[?2004l\u{1B}[?1004l\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?25h\u{1B}[?1049l"

    /// Opens the terminal at `path` and installs the signal handlers; the terminal is not changed
    /// until ``enter()``.
    ///
    /// - Throws: ``SystemError`` when the terminal cannot be opened, or `EBUSY` (call
    ///   `"TerminalSession"`) when another session is open in this process.
    public init(path: String = "/dev/tty") throws(SystemError) {
        guard !SignalRelay.isInstalled else { throw SystemError(call: "TerminalSession", errno: EBUSY) }
        let fd = try SystemError.check("open \(path)") { open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        do throws(SystemError) {
            signalPipe = try Pipe()
        } catch {
            _ = Glibc.close(fd)
            throw error
        }
        fileDescriptor = fd

        let state = SignalRelay.state
        TerminalSession.publishRestoreBytes(Array(TerminalSession.restoreSequence.utf8))
        state.pointee.tty = fd
        state.pointee.pipeWrite = signalPipe?.writeEnd.rawValue ?? -1
        state.pointee.pendingTermination = 0
        do {
            try SignalRelay.install()
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Enters raw mode (if not yet) and switches on the session's modes. Does nothing when active.
    ///
    /// Raw mode is `cfmakeraw`'s (no echo, no line editing, no signals from keys: Ctrl-C and Ctrl-Z
    /// arrive as bytes), except that output processing stays on so a stray `\n` still returns the carriage.
    public func enter() throws(SystemError) {
        guard !isActive else { return }
        try enterRawMode()
        SignalRelay.state.pointee.active = 1
        isActive = true
        writeSequence(Array(TerminalSession.enterSequence.utf8) + graphicsEnter)
    }

    /// Saves the termios and enters raw mode, leaving the screen as it is: for the start-up probe,
    /// whose answers must neither echo nor wait for a newline, before ``enter()``. The terminal
    /// stays raw until ``restore()``, so that an answer that comes late is read, not echoed.
    public func enterRawMode() throws(SystemError) {
        guard !isRaw else { return }
        try SystemError.check("tcgetattr") { tcgetattr(fileDescriptor, &saved) }
        let state = SignalRelay.state
        state.pointee.saved = saved
        state.pointee.hasSaved = 1
        var raw = rawMode()
        try SystemError.check("tcsetattr") { tcsetattr(fileDescriptor, TCSANOW, &raw) }
        state.pointee.raw = 1
        isRaw = true
    }

    /// Switches the session's modes off (after deleting the images, with graphics on) and puts
    /// back the saved termios. Idempotent.
    public func restore() {
        let state = SignalRelay.state
        if isActive {
            isActive = false
            state.pointee.active = 0
            writeSequence(graphicsRestore + Array(TerminalSession.restoreSequence.utf8))
        }
        if isRaw {
            isRaw = false
            state.pointee.raw = 0
            _ = tcsetattr(fileDescriptor, TCSANOW, &saved)
        }
    }

    /// Sets what turns graphics on after the session's modes (`enter`) and what cleans up after
    /// them before the modes go (`restore`: deleting kitty's images, ending a sixel mode); the
    /// restore bytes are also what a fatal signal's handler writes first. Call before ``enter()``.
    public func setGraphicsSequences(enter: [UInt8], restore: [UInt8]) {
        graphicsEnter = enter
        graphicsRestore = restore
        TerminalSession.publishRestoreBytes(restore + Array(TerminalSession.restoreSequence.utf8))
    }

    /// A socket the run makes (mpv's IPC server) that a fatal signal's handler must remove, as
    /// every other way out does (nil: none, or removed already).
    public static func removeOnFatalSignal(socket path: [UInt8]?) {
        SignalRelay.setSocketPath(path)
    }

    /// A command (a program on `PATH` and its arguments) that a fatal signal's handler runs
    /// after restoring the terminal, to undo what the run changed outside it, as every other way
    /// out does (nil: none, or undone already). tmux's `allow-passthrough` is put back this way.
    public static func runOnFatalSignal(command arguments: [String]?) {
        SignalRelay.setEmergencyCommand(arguments)
    }

    /// Hands the signal handlers the bytes that restore the terminal.
    private static func publishRestoreBytes(_ restore: [UInt8]) {
        let state = SignalRelay.state
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: restore.count)
        bytes.initialize(from: restore, count: restore.count)
        // The old bytes stay allocated: a handler running now may be reading them (a few bytes,
        // once or twice a run).
        state.pointee.restoreBytes = bytes
        state.pointee.restoreCount = restore.count
    }

    /// Restores the terminal, then exits with status 128 + `signal`, as a shell reports a process
    /// ended by that signal.
    public func exitAfterRestore(signal: Int32) -> Never {
        restore()
        exit(128 + signal)
    }

    /// Restores the terminal, stops the process (as SIGTSTP's default action would), and when it is
    /// continued enters the session's modes again.
    ///
    /// After it returns true, the screen content is unknown: invalidate the renderer and redraw
    /// everything. When the process group is orphaned (no shell with job control above it, e.g. a
    /// program started directly as a tmux pane's command), nobody could continue it, so, as the kernel
    /// does for SIGTSTP there, nothing happens and it returns false.
    @discardableResult
    public func suspend() throws(SystemError) -> Bool {
        guard !TerminalSession.isProcessGroupOrphaned() else { return false }
        let wasActive = isActive
        restore()
        SignalRelay.setDefault(SIGTSTP)
        _ = raise(SIGTSTP)
        SignalRelay.reinstall(SIGTSTP)
        if wasActive { try enter() }
        return true
    }

    /// Whether this process's group has no member whose parent is in another group of the same
    /// session (checked for this process only, which is alone in its group when run from a shell).
    static func isProcessGroupOrphaned() -> Bool {
        let parent = getppid()
        return getsid(parent) != getsid(0) || getpgid(parent) == getpgrp()
    }

    /// Re-applies raw mode and the session's modes after the process was continued (SIGCONT), in case
    /// the shell changed them while it was stopped. Redraw everything afterwards.
    public func resume() throws(SystemError) {
        guard isActive else { return }
        var raw = rawMode()
        try SystemError.check("tcsetattr") { tcsetattr(fileDescriptor, TCSANOW, &raw) }
        writeSequence(Array(TerminalSession.enterSequence.utf8) + graphicsEnter)
    }

    /// The saved termios made raw: `cfmakeraw`, with output processing (`OPOST`, `ONLCR`) kept.
    private func rawMode() -> termios {
        var raw = saved
        cfmakeraw(&raw)
        raw.c_oflag |= tcflag_t(OPOST | ONLCR)
        return raw
    }

    /// The terminal's size in cells, and in pixels when it reports them.
    public func size() throws(SystemError) -> TerminalSize {
        var size = winsize()
        try SystemError.check("ioctl TIOCGWINSZ") {
            withUnsafeMutablePointer(to: &size) { ioctl(fileDescriptor, UInt(TIOCGWINSZ), $0) }
        }
        return TerminalSize(
            columns: Int(size.ws_col), rows: Int(size.ws_row),
            pixelWidth: size.ws_xpixel > 0 ? Int(size.ws_xpixel) : nil,
            pixelHeight: size.ws_ypixel > 0 ? Int(size.ws_ypixel) : nil)
    }

    /// Appends the input bytes available now to `buffer`, without blocking.
    ///
    /// - Returns: the number of bytes appended (0 when none are waiting), or nil at the end of input
    ///   (the terminal hung up).
    public func readInput(into buffer: inout [UInt8]) throws(SystemError) -> Int? {
        var total = 0
        while true {
            let n = chunk.withUnsafeMutableBytes { raw in retryingInterrupts { Glibc.read(fileDescriptor, raw.baseAddress, raw.count) } }
            if n > 0 {
                buffer.append(contentsOf: chunk[0..<n])
                total += n
                if n < chunk.count { return total }
                continue
            }
            if n == 0 { return total > 0 ? total : nil }
            let code = errno
            if code == EAGAIN || code == EWOULDBLOCK { return total }
            throw SystemError(call: "read", errno: code)
        }
    }

    /// Drains the self-pipe and returns the signals that arrived, oldest first.
    public func pendingSignals() -> [TerminalSignal] {
        var signals: [TerminalSignal] = []
        for byte in signalPipe?.readAvailable() ?? [] {
            switch Int32(byte) {
            case SIGWINCH: signals.append(.resize)
            case SIGTSTP: signals.append(.suspend)
            case SIGCONT: signals.append(.resume)
            case let signal: signals.append(.terminate(signal))
            }
        }
        if signals.contains(where: { if case .terminate = $0 { return true } else { return false } }) {
            SignalRelay.state.pointee.pendingTermination = 0
        }
        return signals
    }

    /// Restores the terminal, removes the signal handlers and closes the descriptors. Idempotent.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        restore()
        SignalRelay.uninstall()
        let state = SignalRelay.state
        state.pointee.pipeWrite = -1
        state.pointee.tty = -1
        state.pointee.hasSaved = 0
        signalPipe = nil
        _ = Glibc.close(fileDescriptor)
    }

    /// Writes a mode sequence in full (waiting briefly for room if the terminal is slow).
    func writeSequence(_ sequence: [UInt8]) {
        var bytes = sequence
        bytes.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { SignalRelay.writeFully(fileDescriptor, base, buffer.count) }
        }
    }
}
