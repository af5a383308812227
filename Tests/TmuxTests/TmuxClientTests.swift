@testable import Tmux
import Glibc
import Playback
import System
import Testing

@Suite("TmuxClient: what tmux says of its clients' terminals")
struct TmuxClientTests {
    @Test("tmux's answer is one entry a line, an empty line a client that did not say", arguments: [
        ("kitty(0.26.5)\n", ["kitty(0.26.5)"]),
        ("kitty(0.26.5)\nXTerm(379)\n", ["kitty(0.26.5)", "XTerm(379)"]),
        ("\nkitty(0.26.5)\n", ["", "kitty(0.26.5)"]),
        ("kitty(0.26.5)", ["kitty(0.26.5)"]),
        ("", []),
    ])
    func lines(output: String, expected: [String]) {
        #expect(TmuxClient.lines(Array(output.utf8)) == expected)
    }

    @Test("outside tmux nothing is run and nothing is known", arguments: [[:], ["TMUX": ""], ["TMUX_PANE": "%0"]])
    func outsideTmux(environment: [String: String]) {
        #expect(TmuxClient.terminalTypes(environment: environment).isEmpty)
    }

    @Test("reel waits for a terminal's answer only in the seconds after its client attached", arguments: [
        (100, "", 100, true), (100, "", 101, true), (100, "", 102, false), (100, "kitty(0.26.5)", 100, false), (0, "", 5, false),
    ] as [(Int64, String, Int64, Bool)])
    func waitsForAnswer(created: Int64, type: String, now: Int64, waits: Bool) {
        #expect(TmuxClient.awaitsAnswer([(created, type)], now: now) == waits)
    }

    @Test("a program's output is read to its end")
    func output() {
        #expect(TmuxClient.output(of: ["printf", "a\\nb\\n"], timeout: 5) == Array("a\nb\n".utf8))
    }

    @Test("a failure, a missing program or one too slow is nil, and too slow ends at the timeout", arguments: [
        ["false"], ["reel-no-such-program"], ["sleep", "5"],
    ])
    func failures(arguments: [String]) {
        let start = MonotonicClock.now()
        #expect(TmuxClient.output(of: arguments, timeout: 0.3) == nil)
        #expect(MonotonicClock.now() - start < 2)
    }

    @Test("a real tmux server: a session with no client lists none; a server that is not there is nothing")
    func realTmux() throws {
        guard access("/usr/bin/tmux", X_OK) == 0 else { return }
        let socket = "reel-tmux-client-\(getpid())"
        // A detached session has no client: the list is empty, and tmux's failures are nil.
        _ = TmuxClient.output(of: ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", "t", "sleep 30"], timeout: 5)
        defer { _ = TmuxClient.output(of: ["tmux", "-L", socket, "kill-server"], timeout: 5) }
        let path = "/tmp/tmux-\(getuid())/\(socket)"
        #expect(TmuxClient.output(of: ["tmux", "-S", path, "list-sessions", "-F", "#{session_name}"], timeout: 5) == Array("t\n".utf8))
        #expect(TmuxClient.terminalTypes(environment: ["TMUX": "\(path),1,0", "TMUX_PANE": "%0"], timeout: 2) == [])
        #expect(TmuxClient.terminalTypes(environment: ["TMUX": "/tmp/reel-no-such-socket,1,0"], timeout: 2) == [])
    }
}
