import Glibc

/// A short-lived child process whose standard output is read: `posix_spawnp`, a pipe, a
/// deadline, and `kill` when it runs over.
public enum ChildProcess {
    /// What `arguments` (the program found on `PATH`, with the process's environment) writes to
    /// its standard output, at most `maxBytes` of it; nil when it cannot start, exits with a
    /// failure, or is not done within `timeout` seconds (then it is killed). Its standard error
    /// is /dev/null, its signal mask empty and every signal at its default.
    ///
    /// Its standard input is /dev/null, or, with `input`, a socket that gives it those bytes and
    /// then its end. That is how a child is told what must not be on its command line, which
    /// every local user can read in `ps`: the socket is reel's and the child's alone.
    public static func output(of arguments: [String], input: [UInt8]? = nil, timeout: Double, maxBytes: Int) -> [UInt8]? {
        guard let program = arguments.first else { return nil }
        // A socket rather than a pipe: a send to a child that is gone fails with EPIPE
        // (MSG_NOSIGNAL) instead of raising SIGPIPE, and it holds far more before the child reads.
        var feed: FileDescriptor?, childInput: FileDescriptor?
        if input != nil {
            var pair: [Int32] = [-1, -1]
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            guard (try? SystemError.check("socketpair") { socketpair(AF_UNIX, type, 0, &pair) }) != nil else { return nil }
            feed = FileDescriptor(owning: pair[0])
            childInput = FileDescriptor(owning: pair[1])
            guard (try? feed?.setNonBlocking()) != nil else { return nil }
        }
        var ends: [Int32] = [-1, -1]
        guard (try? SystemError.check("pipe") { pipe(&ends) }) != nil else { return nil }
        // The pipe stays blocking: the child's end is its standard output.
        let readEnd = FileDescriptor(owning: ends[0])
        var writeEnd: FileDescriptor? = FileDescriptor(owning: ends[1])
        // The child has only its dup of the write end.
        guard (try? readEnd.setCloseOnExec()) != nil, (try? writeEnd?.setCloseOnExec()) != nil else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let childInput {
            posix_spawn_file_actions_adddup2(&actions, childInput.rawValue, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        setDefaultSignals(&attributes)
        let words: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { words.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, program, &actions, &attributes, words, environ)
        writeEnd = nil  // closed here, so that the read below ends with the child
        childInput = nil  // the child has its own
        guard spawned == 0 else { return nil }
        let (output, finished) = read(from: readEnd.rawValue, feeding: feed.map { ($0, input ?? []) },
                                      until: MonotonicClock.now() + timeout, maxBytes: maxBytes)
        if !finished { kill(child, SIGKILL) }
        var status: Int32 = 0
        _ = retryingInterrupts { waitpid(child, &status, 0) }
        let exitedWell = status & 0x7F == 0 && (status >> 8) & 0xFF == 0
        return finished && exitedWell ? output : nil
    }

    /// Sets `attributes` so that the child starts with an empty signal mask and every signal at
    /// its default action, and with `flags` besides (`posix_spawnattr_setflags`).
    static func setDefaultSignals(_ attributes: inout posix_spawnattr_t, flags: Int16 = 0) {
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }

    /// Reads `descriptor` until its end or `deadline` (monotonic seconds), keeping at most
    /// `maxBytes`, while sending `feeding`'s bytes into its socket until all are sent or the
    /// child takes no more; `finished` says whether the end came first.
    private static func read(from descriptor: Int32, feeding: (socket: FileDescriptor, bytes: [UInt8])?, until deadline: Double,
                             maxBytes: Int) -> (output: [UInt8], finished: Bool) {
        var output: [UInt8] = []
        var feed = feeding.map { ($0.socket, $0.bytes[...]) }
        while true {
            if let (socket, bytes) = feed {
                feed = send(bytes, to: socket).map { (socket, $0) }
            }
            let left = deadline - MonotonicClock.now()
            guard left > 0 else { return (output, false) }
            var entries = [PollEntry(descriptor, events: .readable)]
            if let (socket, _) = feed { entries.append(PollEntry(socket.rawValue, events: .writable)) }
            guard let ready = try? Poll.wait(&entries, timeout: max(0.001, left)) else { return (output, false) }
            // 0: the deadline, or a signal (then the deadline is looked at again).
            guard ready > 0, !entries[0].returned.isEmpty else { continue }
            guard let chunk = try? FileDescriptor.read(descriptor, upTo: 4096) else { return (output, false) }
            guard !chunk.isEmpty else { return (output, true) }
            output += chunk.prefix(max(0, maxBytes - output.count))
        }
    }

    /// Sends what `socket` takes now of `bytes`: the rest, or nil when all went (the socket is
    /// then shut for writing, so the child reads the end of its input) or the other end takes no
    /// more (it is gone, or closed its input).
    private static func send(_ bytes: ArraySlice<UInt8>, to socket: FileDescriptor) -> ArraySlice<UInt8>? {
        var rest = bytes
        while !rest.isEmpty {
            let sent = rest.withUnsafeBytes { raw in
                retryingInterrupts { Glibc.send(socket.rawValue, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL)) }
            }
            if sent < 0 { return errno == EAGAIN || errno == EWOULDBLOCK ? rest : nil }
            rest = rest.dropFirst(sent)
        }
        shutdown(socket.rawValue, Int32(SHUT_WR))
        return nil
    }
}
