import Glibc
import Playback

/// What tmux says of the terminals its clients run in, when reel runs inside tmux: the only
/// evidence there of what the picture will be drawn by (tmux answers XTVERSION itself, and the
/// environment is that of wherever its server started).
///
/// tmux ≥ 3.3 fills `#{client_termtype}` from each client terminal's XTVERSION answer
/// (`kitty(0.26.5)`, `XTerm(379)`; empty for a terminal that did not answer). `display-message`
/// would report only the client used last (the one with the latest `client_activity`), but the
/// picture goes to every client attached to the pane's session, so all of them are asked:
/// `tmux -S <TMUX's socket> list-clients -t $TMUX_PANE -F '#{client_termtype}'`, whose lines go to
/// `TextGlyphs.known(environment:capabilities:multiplexerClients:)`, where the poorest wins.
enum TmuxClient {
    /// How long tmux gets to answer before it is killed and nothing is known.
    static let timeout = 0.3
    /// The most bytes of tmux's answer read; the rest is ignored.
    static let maxOutputBytes = 16 * 1024

    /// The `client_termtype` of each client attached to the session of reel's pane, one entry a
    /// client (an empty one for a client whose terminal did not say); empty when `TMUX` is not
    /// set, or tmux fails, is missing or takes longer than `timeout`.
    static func terminalTypes(environment: [String: String], timeout: Double = timeout) -> [String] {
        // TMUX is "socket,pid,session"; the socket is named, so that the server asked is this one.
        guard let value = environment["TMUX"], let socket = value.split(separator: ",").first, !socket.isEmpty else { return [] }
        var arguments = ["tmux", "-S", String(socket), "list-clients", "-F", "#{client_termtype}"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
        return output(of: arguments, timeout: timeout).map(lines) ?? []
    }

    /// `output`'s lines without their newlines; a last line without one counts, a trailing empty
    /// one does not.
    static func lines(_ output: [UInt8]) -> [String] {
        guard !output.isEmpty else { return [] }
        var lines = output.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if output.last == 0x0A { lines.removeLast() }
        return lines
    }

    /// What `arguments` (the program found on `PATH`, with the process's environment) writes to
    /// its standard output, or nil when it cannot start, exits with a failure, or is not done
    /// within `timeout` seconds (then it is killed). Its standard input and error are /dev/null.
    static func output(of arguments: [String], timeout: Double) -> [UInt8]? {
        guard let program = arguments.first else { return nil }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // the child has only its dup
        defer { close(ends[0]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let words: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { words.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawnp(&child, program, &actions, &attributes, words, environ)
        close(ends[1])
        guard spawned == 0 else { return nil }
        let (output, finished) = read(from: ends[0], until: MonotonicClock.now() + timeout)
        if !finished { kill(child, SIGKILL) }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let exitedWell = status & 0x7F == 0 && (status >> 8) & 0xFF == 0
        return finished && exitedWell ? output : nil
    }

    /// Reads `descriptor` until its end or `deadline` (monotonic seconds), keeping at most
    /// ``maxOutputBytes``; `finished` says whether the end came first.
    private static func read(from descriptor: Int32, until deadline: Double) -> (output: [UInt8], finished: Bool) {
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline - MonotonicClock.now()
            guard left > 0 else { return (output, false) }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(max(1, (left * 1000).rounded(.up))))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return (output, false) }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return (output, count == 0) }
            output += buffer.prefix(min(count, max(0, maxOutputBytes - output.count)))
        }
    }
}
