import CSystem
import Glibc

extension ChildProcess {
    /// Starts `program` (a full path) with `arguments` (its `argv`, the name first) as a process
    /// that outlives this one and notices when this one is gone: in a session of its own
    /// (`setsid`: no controlling terminal, so no SIGHUP when the terminal closes, and outside
    /// this process group's signals), in `/`, with /dev/null for its standard output and error,
    /// an empty signal mask and every signal at its default, and the read end of a new pipe for
    /// its standard input.
    ///
    /// The pipe's write end is returned, close-on-exec, so that no other child (mpv's, tmux's)
    /// holds it: the child reads the end of its input when the returned descriptor is closed,
    /// which the kernel does however this process ends, SIGKILL included. It holds no descriptor
    /// of the terminal's.
    ///
    /// - Returns: the child's process id and the pipe's write end (its lifeline).
    /// - Throws: ``SystemError`` for `pipe2` or `posix_spawn` (which returns its error number).
    public static func spawnDetached(_ program: String, arguments: [String]) throws(SystemError) -> (id: Int32, lifeline: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        try SystemError.check("pipe2") { reel_pipe_close_on_exec(&ends) }
        // This process's copy of the read end closes once the child has its dup as fd 0.
        let readEnd = FileDescriptor(owning: ends[0])
        let writeEnd = FileDescriptor(owning: ends[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd.rawValue, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        reel_spawn_add_chdir(&actions, "/")
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        setDefaultSignals(&attributes, flags: reel_spawn_new_session_flag())
        let words: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { words.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = withExtendedLifetime(readEnd) { posix_spawn(&child, program, &actions, &attributes, words, Glibc.environ) }
        guard spawned == 0 else { throw SystemError(call: "posix_spawn", errno: spawned, path: FilePath(program)) }
        return (child, writeEnd)
    }

    /// Writes `bytes` on `lifeline` (``spawnDetached(_:arguments:)``'s), false when the child
    /// no longer reads it. A pipe with no reader raises SIGPIPE, which would end this process
    /// wherever it is ignored no more (after the terminal session): it is blocked meanwhile, and
    /// one it raised is taken off before it is unblocked.
    @discardableResult
    public static func tell(_ lifeline: FileDescriptor, _ bytes: [UInt8]) -> Bool {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        do {
            try lifeline.writeAll(bytes)
            return true
        } catch {
            var now = timespec()
            if error.errno == EPIPE { _ = sigtimedwait(&pipeSignal, nil, &now) }
            return false
        }
    }

    /// Whether a process `id` exists (`kill(id, 0)`; one of another user's counts).
    public static func exists(_ id: Int32) -> Bool {
        id > 0 && (kill(id, 0) == 0 || errno == EPERM)
    }

    /// Waits, using no CPU, until standard input (fd 0) ends: every writer of its pipe is gone
    /// (what was written meanwhile is read and dropped). An error reading it counts as the end.
    public static func waitForEndOfInput() {
        while true {
            var entries = [PollEntry(0, events: .readable)]
            // 0: a signal interrupted the wait; wait again.
            guard let ready = try? Poll.wait(&entries, timeout: nil) else { return }
            guard ready > 0 else { continue }
            guard let bytes = try? FileDescriptor.read(0, upTo: 256), !bytes.isEmpty else { return }
        }
    }

    /// Ignores the signals that ask a process to end (SIGHUP, SIGINT, SIGQUIT, SIGTERM) and
    /// SIGPIPE: for a process whose job is to outlive another, which a `kill` or `pkill` meant for
    /// that one may reach too. SIGKILL still ends it.
    public static func ignoreRequestsToEnd() {
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE] { _ = Glibc.signal(signal, SIG_IGN) }
    }
}
