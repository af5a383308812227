#if canImport(Glibc)
import Glibc
#endif
import System

/// Installs the signal handlers of a ``TerminalSession`` and holds what they need.
///
/// Every catchable signal whose default action ends the process has a handler, so that none can
/// end reel with the terminal left raw. They fall in two groups (docs/signals.md says why):
/// - ``terminating``: a request to end, sent by another process or a timer. The process is sound,
///   so the signal is relayed to the loop, which ends in order (position saved, mpv shut down) and
///   exits with 128 + N.
/// - ``fatal``: a fault, or a resource limit the kernel enforces. The process cannot be trusted to
///   carry on, so the handler restores the terminal at once and re-raises with the default action.
///
/// SIGPIPE is ignored while the handlers are in place: a write to a closed pipe or socket fails
/// with EPIPE instead. SIGCHLD, SIGURG, SIGWINCH and SIGCONT do not end a process; SIGTTIN and
/// SIGTTOU stop it, which is left alone.
///
/// The handlers are `@convention(c)` functions that use only async-signal-safe calls:
/// `write(2)` to the self-pipe, and for an emergency restore `write(2)` of precomputed bytes,
/// `tcsetattr(3)`, `signal(2)`, `raise(3)` and `_exit(2)`, and `fork(2)`, `execve(2)` and
/// `waitpid(2)` for a prepared command (``setEmergencyCommand(_:)``).
public enum SignalRelay {
    /// The signals that change the session's state, relayed to the loop: resize, suspend, continue.
    static let control: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT]
    /// The signals that ask reel to end, relayed to the loop as ``TerminalSignal/terminate(_:)``:
    /// the keyboard's and the shell's (INT, QUIT, HUP, TERM), the user's (USR1, USR2), the timers'
    /// (ALRM, VTALRM, PROF), asynchronous I/O (POLL), power failure (PWR), the unused STKFLT, and
    /// every real-time signal glibc leaves to programs (SIGRTMIN…SIGRTMAX).
    static let terminating: [Int32] = [
        SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGPOLL, SIGSTKFLT, SIGPWR,
    ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    /// The signals that end the process at once: restore, then re-raise with the default action.
    /// Faults (SEGV, BUS, FPE, ILL, ABRT, TRAP, SYS; Swift's runtime traps are SIGILL on x86-64 and
    /// SIGTRAP on arm64) and the resource limits (XCPU, XFSZ).
    static let fatal: [Int32] = [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ]
    /// The signals ignored while the session is open.
    static let ignored: [Int32] = [SIGPIPE]
    /// The signals relayed to the main loop as a byte on the self-pipe.
    static var relayed: [Int32] { control + terminating }

    /// The handlers' state.
    ///
    /// `nonisolated(unsafe)`: a signal handler cannot take a lock or hop to an actor. The pointer
    /// itself never changes after its one-time initialisation (done by `install` before any
    /// handler exists); the pointee holds only plain integers, a termios and a byte pointer.
    nonisolated(unsafe) static let state: UnsafeMutablePointer<SignalState> = {
        let pointer = UnsafeMutablePointer<SignalState>.allocate(capacity: 1)
        pointer.initialize(to: SignalState())
        return pointer
    }()

    /// An alternate signal stack, so that a stack overflow (SIGSEGV) can still restore the
    /// terminal; nil also when the thread had one of its own already, which serves as well.
    ///
    /// `nonisolated(unsafe)`: written once by `install` on the main thread before handlers exist.
    nonisolated(unsafe) static var alternateStack: UnsafeMutableRawPointer?

    /// The actions in place before ``install()``, to put back on ``uninstall()``.
    ///
    /// `nonisolated(unsafe)`: only the main thread touches it (install and uninstall); the
    /// handlers never do.
    nonisolated(unsafe) static var previous: [Int32: sigaction] = [:]

    /// The slots of ``sharedMemoryPaths`` (every file and object Graphics' `SharedMemoryImages`
    /// may hold at once: it keeps at most half of them of each), and the room for each path
    /// (with its NUL).
    public static let sharedMemorySlots = 128
    static let sharedMemoryPathLength = 64

    /// The files of the shared-memory images the terminal has not taken yet, for a fatal signal
    /// to unlink: ``sharedMemorySlots`` NUL-terminated paths, an empty one where the slot is free.
    ///
    /// `nonisolated(unsafe)`: written by the loop's thread (``setSharedMemoryPaths(_:)``), read
    /// by the handlers; a handler that reads a slot being rewritten unlinks at worst another of
    /// reel's own images, which the terminal then reports missing.
    nonisolated(unsafe) static let sharedMemoryPaths: UnsafeMutablePointer<CChar> = {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: sharedMemorySlots * sharedMemoryPathLength)
        pointer.initialize(repeating: 0, count: sharedMemorySlots * sharedMemoryPathLength)
        return pointer
    }()

    /// Records the shared-memory files to unlink if a fatal signal comes (the first
    /// ``sharedMemorySlots`` of them; longer paths are left out).
    public static func setSharedMemoryPaths(_ paths: [String]) {
        let slots = sharedMemoryPaths
        let fitting = paths.filter { $0.utf8.count < sharedMemoryPathLength }
        for slot in 0..<sharedMemorySlots {
            let base = slots + slot * sharedMemoryPathLength
            base[0] = 0
            guard slot < fitting.count else { continue }
            let bytes = Array(fitting[slot].utf8)
            for (k, byte) in bytes.enumerated().reversed() { base[k] = CChar(bitPattern: byte) }
            base[bytes.count] = 0
        }
    }

    /// Unlinks the files of ``sharedMemoryPaths`` (async-signal-safe: `unlink(2)` only).
    static func unlinkSharedMemory() {
        for slot in 0..<sharedMemorySlots {
            let path = sharedMemoryPaths + slot * sharedMemoryPathLength
            if path[0] != 0 { _ = unlink(path) }
        }
    }

    /// Room for the socket's path, with its NUL (PATH_MAX).
    static let socketPathLength = 4096

    /// A socket of the run's (mpv's IPC server) for a fatal signal, or a second terminating one,
    /// to remove: a NUL-terminated path, empty when there is none.
    ///
    /// `nonisolated(unsafe)`: written by the main thread before mpv makes the socket and cleared
    /// after reel removed it; read by the handlers.
    nonisolated(unsafe) static let socketPath: UnsafeMutablePointer<CChar> = {
        let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: socketPathLength)
        pointer.initialize(repeating: 0, count: socketPathLength)
        return pointer
    }()

    /// Records the socket to remove if the process must end from a handler (nil: none). A path
    /// too long to fit is left out.
    static func setSocketPath(_ path: [UInt8]?) {
        socketPath[0] = 0
        guard let path, path.count < socketPathLength, !path.contains(0) else { return }
        for (k, byte) in path.enumerated().reversed() { socketPath[k] = CChar(bitPattern: byte) }
        socketPath[path.count] = 0
    }

    /// Removes the socket of ``socketPath``, and only a socket (async-signal-safe: `lstat(2)`
    /// and `unlink(2)` only).
    static func unlinkSocket() {
        guard socketPath[0] != 0 else { return }
        var info = stat()
        if lstat(socketPath, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK { _ = unlink(socketPath) }
    }

    /// Whether the handlers are installed (one session at a time).
    static var isInstalled: Bool { !previous.isEmpty }

    /// Installs the handlers for ``relayed`` and ``fatal``, and ignores ``ignored``.
    static func install() throws(SystemError) {
        _ = state  // initialise before any handler can run
        // One already in place (AddressSanitizer's) is kept: ASan unmaps the stack in place
        // when a thread ends, and unmapping one of ours from the heap made it abort the process.
        var current = stack_t()
        if alternateStack == nil, sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 {
            let size = 1 << 16
            alternateStack = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            var stack = stack_t()
            stack.ss_sp = alternateStack
            stack.ss_size = size
            stack.ss_flags = 0
            try SystemError.check("sigaltstack") { sigaltstack(&stack, nil) }
        }
        for signal in relayed + fatal + ignored {
            var action = sigaction()
            // SIG_IGN is the pointer 1, which Swift takes for nil once it is stored as an optional
            // (1 is one of a pointer's spare values): it is assigned here, never kept in a collection.
            if fatal.contains(signal) {
                action.__sigaction_handler.sa_handler = fatalHandler
                action.sa_flags = SA_ONSTACK
            } else if ignored.contains(signal) {
                action.__sigaction_handler.sa_handler = SIG_IGN
            } else {
                action.__sigaction_handler.sa_handler = relayHandler
                action.sa_flags = SA_RESTART
            }
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            try SystemError.check("sigaction \(signal)") { sigaction(signal, &action, &old) }
            previous[signal] = old
        }
        // A thread that started us (or a library) may have blocked these; the handlers must run.
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in relayed + fatal { sigaddset(&mask, signal) }
        _ = pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }

    /// Puts back the actions that were in place before ``install()``.
    static func uninstall() {
        for (signal, old) in previous {
            var action = old
            _ = sigaction(signal, &action, nil)
        }
        previous.removeAll()
    }

    /// Sets `signal` back to its default action (for SIGTSTP while suspending).
    static func setDefault(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        _ = sigaction(signal, &action, nil)
    }

    /// Reinstalls the relay handler for `signal` after ``setDefault(_:)``.
    static func reinstall(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = relayHandler
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        _ = sigaction(signal, &action, nil)
    }

    /// Undoes the session's terminal modes with async-signal-safe calls only.
    static func emergencyRestore() {
        // After the restore bytes, which may need what the command undoes (tmux's passthrough).
        defer { runEmergencyCommand() }
        unlinkSharedMemory()
        unlinkSocket()
        let s = state
        guard s.pointee.active != 0 || s.pointee.raw != 0, s.pointee.tty >= 0 else { return }
        if s.pointee.active != 0, let bytes = s.pointee.restoreBytes {
            writeFully(s.pointee.tty, bytes, s.pointee.restoreCount)
        }
        s.pointee.active = 0
        s.pointee.raw = 0
        if s.pointee.hasSaved != 0 {
            _ = tcsetattr(s.pointee.tty, TCSANOW, &s.pointee.saved)
        }
    }

    /// Writes `count` bytes to a possibly non-blocking descriptor, waiting up to about a second in
    /// total for room. Async-signal-safe (write and poll only).
    static func writeFully(_ fd: Int32, _ bytes: UnsafePointer<UInt8>, _ count: Int) {
        var offset = 0
        var waits = 0
        while offset < count {
            let n = retryingInterrupts { Glibc.write(fd, bytes + offset, count - offset) }
            if n > 0 {
                offset += n
                continue
            }
            let code = errno
            guard n < 0, code == EAGAIN || code == EWOULDBLOCK, waits < 10 else { return }
            waits += 1
            var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&pfd, 1, 100)
        }
    }
}

/// The handler for the ``SignalRelay/relayed`` signals: a byte on the self-pipe.
private func relayHandler(_ signal: Int32) {
    let savedErrno = errno
    defer { errno = savedErrno }
    let s = SignalRelay.state
    switch signal {
    case SIGWINCH, SIGTSTP, SIGCONT:
        relay(signal, s)
    default:
        if s.pointee.pendingTermination != 0 {
            // The main loop has not read the first one: it is stuck. Restore and leave from here.
            SignalRelay.emergencyRestore()
            _exit(128 + signal)
        }
        s.pointee.pendingTermination = signal
        relay(signal, s)
    }
}

/// The handler for the ``SignalRelay/fatal`` signals: restore, then die by the signal.
///
/// The signal is blocked while its handler runs, so the re-raised one is delivered, with the
/// default action, as the handler returns (or at once, for a fault that happens again).
private func fatalHandler(_ signal: Int32) {
    SignalRelay.emergencyRestore()
    Glibc.signal(signal, SIG_DFL)
    raise(signal)
}

/// Writes the signal number as one byte to the self-pipe (dropped if the pipe is full).
private func relay(_ signal: Int32, _ s: UnsafeMutablePointer<SignalState>) {
    guard s.pointee.pipeWrite >= 0 else { return }
    Pipe.write(UInt8(truncatingIfNeeded: signal), to: s.pointee.pipeWrite)
}
