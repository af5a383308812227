import Playback
import System
import Graphics
import Terminal

/// What tmux says of the terminals its clients run in, when reel runs inside tmux: the only
/// evidence there of what the picture will be drawn by (tmux answers XTVERSION itself, and the
/// environment is that of wherever its server started).
///
/// It asks with one `tmux` run (``view(environment:timeout:now:pause:)``), whose answer is a
/// ``TmuxView``: the pane's place, `allow-passthrough`, and for every client (a ``PaneClient``,
/// as ``PaneWatcher`` reads them) its terminal's XTVERSION, the features tmux knows it has and its tty.
///
/// tmux ≥ 3.3 fills `#{client_termtype}` from each client terminal's XTVERSION answer
/// (`kitty(0.26.5)`, `XTerm(379)`; empty for a terminal that did not answer). `display-message`
/// would report only the client used last (the one with the latest `client_activity`), but the
/// picture goes to every client attached to the pane's session, so all of them are listed
/// (`list-clients -t $TMUX_PANE` in ``TmuxView/query(pane:)``), and their types go to
/// `TextGlyphs.known(environment:capabilities:multiplexerClients:)`, where the poorest wins.
public enum TmuxClient {
    /// How long tmux gets to answer before it is killed and nothing is known. It answers in a
    /// few milliseconds; 0.3 s was missed on a busy machine, and reel then drew quadrants where
    /// the terminal had sextants.
    public static let timeout = 2.0
    /// The most bytes of tmux's answer read; the rest is ignored.
    static let maxOutputBytes = 16 * 1024
    /// How long after a client attached its terminal's silence still means "not yet", in seconds
    /// of tmux's `client_created` (whole seconds): tmux asks XTVERSION as the client attaches, so
    /// reel started as a new session's own command can ask before the answer is in.
    static let answerGrace: Int64 = 2

    /// The `client_termtype` of each client attached to the session of reel's pane, one entry a
    /// client (an empty one for a client whose terminal did not say); empty when `TMUX` is not
    /// set, or tmux fails, is missing or takes longer than `timeout`.
    ///
    /// A client that attached within ``answerGrace`` and has no answer yet is asked about again,
    /// every 0.1 s for up to 2 s; a terminal that never answers XTVERSION costs that wait only in
    /// the seconds after it attached, never later.
    public static func terminalTypes(environment: [String: String], timeout: Double = timeout,
                                     now: () -> Int64 = WallClock.now, pause: (Double) -> Void = TmuxClient.sleep) -> [String] {
        view(environment: environment, timeout: timeout, now: now, pause: pause)?.clients.map(\.termType) ?? []
    }

    /// What tmux says of reel's pane and its clients (``TmuxView``, one `tmux` run of
    /// ``TmuxView/query(pane:)``'s commands), asked again like ``terminalTypes(environment:timeout:now:pause:)``
    /// while a client that just attached has not said its terminal; nil outside tmux, or when
    /// tmux fails, is missing or takes longer than `timeout`.
    public static func view(environment: [String: String], timeout: Double = timeout,
                            now: () -> Int64 = WallClock.now, pause: (Double) -> Void = TmuxClient.sleep) -> TmuxView? {
        guard let server = command(environment: environment) else { return nil }
        let arguments = server + TmuxView.query(pane: pane(environment))
        var view = output(of: arguments, timeout: timeout).flatMap { TmuxView(lines: lines($0)) }
        for _ in 0..<20 where awaitsAnswer(view?.clients.map { ($0.created, $0.termType) } ?? [], now: now()) {
            pause(0.1)
            view = output(of: arguments, timeout: timeout).flatMap { TmuxView(lines: lines($0)) }
        }
        return view
    }

    /// `tmux -S <socket>` for the server reel's pane is in: `TMUX` is "socket,pid,session", and
    /// the socket is named so that the server asked is this one. Nil outside tmux.
    public static func command(environment: [String: String]) -> [String]? {
        guard let value = environment["TMUX"], let socket = value.split(separator: ",").first, !socket.isEmpty else { return nil }
        return ["tmux", "-S", String(socket)]
    }

    /// reel's pane (`TMUX_PANE`, `%3`), nil when not set.
    static func pane(_ environment: [String: String]) -> String? {
        environment["TMUX_PANE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Waits `seconds` (a poll on no descriptor).
    @usableFromInline static func sleep(_ seconds: Double) {
        var none: [PollEntry] = []
        _ = try? Poll.wait(&none, timeout: seconds)
    }

    /// Whether a client attached moments ago (at `now`, within ``answerGrace``) and its terminal
    /// has not answered yet.
    static func awaitsAnswer(_ clients: [(created: Int64, type: String)], now: Int64) -> Bool {
        clients.contains { $0.type.isEmpty && $0.created > 0 && now - $0.created < answerGrace }
    }

    /// `output`'s lines without their newlines; a last line without one counts, a trailing empty
    /// one does not.
    public static func lines(_ output: [UInt8]) -> [String] {
        guard !output.isEmpty else { return [] }
        var lines = output.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        if output.last == 0x0A { lines.removeLast() }
        return lines
    }

    /// What `arguments` writes to its standard output (``ChildProcess/output(of:timeout:maxBytes:)``,
    /// at most ``maxOutputBytes``), or nil when it cannot start, fails or runs over `timeout`.
    public static func output(of arguments: [String], timeout: Double) -> [UInt8]? {
        ChildProcess.output(of: arguments, timeout: timeout, maxBytes: maxOutputBytes)
    }
}
