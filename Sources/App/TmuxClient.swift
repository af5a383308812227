import Playback
import System

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
    /// How long tmux gets to answer before it is killed and nothing is known. It answers in a
    /// few milliseconds; 0.3 s was missed on a busy machine, and reel then drew quadrants where
    /// the terminal had sextants.
    static let timeout = 2.0
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

    /// What `arguments` writes to its standard output (``ChildProcess/output(of:timeout:maxBytes:)``,
    /// at most ``maxOutputBytes``), or nil when it cannot start, fails or runs over `timeout`.
    static func output(of arguments: [String], timeout: Double) -> [UInt8]? {
        ChildProcess.output(of: arguments, timeout: timeout, maxBytes: maxOutputBytes)
    }
}
