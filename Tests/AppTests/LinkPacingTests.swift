@testable import App
@testable import Options
import Testing
@testable import Graphics
@testable import Tmux
@testable import Terminal

/// Whether the screens are paced to the terminal's answers, and through what, decided at start.
@Suite("Link pacing: on where the answers say what the terminal drew")
struct LinkPacingTests {
    static func view(clients: Int, passthrough: String = "on", version: String = "3.5a") -> TmuxView {
        var view = TmuxView()
        view.version = version
        view.passthrough = passthrough
        view.clients = (0..<clients).map { PaneClient(width: 120, height: 40, windowID: "@1", tty: "/dev/pts/\($0)") }
        return view
    }

    static func answered(_ status: Bool) -> TerminalCapabilities {
        var capabilities = TerminalCapabilities()
        capabilities.answered = true
        capabilities.answersStatus = status
        return capabilities
    }

    @Test("outside any multiplexer: paced when the terminal answered the status question, else not")
    func direct() {
        let tmux = TmuxPicture()
        #expect(ReelApp.linkPacing(capabilities: Self.answered(true), environment: [:], tmux: tmux) == .direct)
        #expect(ReelApp.linkPacing(capabilities: Self.answered(false), environment: [:], tmux: tmux) == .off)
        // screen answers for its client itself, at once.
        #expect(ReelApp.linkPacing(capabilities: Self.answered(true), environment: ["STY": "1.pts-0.host"], tmux: tmux) == .off)
        // A tmux at the near end of SSH (its TERM came along) answers after the link: paced.
        #expect(ReelApp.linkPacing(capabilities: Self.answered(true), environment: ["TERM": "tmux-256color"], tmux: tmux) == .direct)
    }

    @Test("inside tmux, through passthrough with exactly one client whose terminal answered; else not", arguments: [
        (1, "on", true, true),
        (2, "on", true, false),
        (0, "on", true, false),
        (1, "off", true, false),
        (1, "on", false, false),
    ] as [(Int, String, Bool, Bool)])
    func throughTmux(clients: Int, passthrough: String, answered: Bool, paced: Bool) {
        var tmux = TmuxPicture(view: Self.view(clients: clients, passthrough: passthrough))
        tmux.settlePassthrough(graphics: .blocks, capabilities: Self.answered(answered))
        #expect(tmux.pacesThroughPassthrough == paced)
        let environment = ["TMUX": "/tmp/tmux-0/default,1,0", "TMUX_PANE": "%0"]
        #expect(ReelApp.linkPacing(capabilities: Self.answered(answered), environment: environment, tmux: tmux)
            == (paced ? .throughTmux : .off))
    }

    @Test("--no-link-pacing leaves it to the pty; --terminal-max-fps is read as mpv's numbers are")
    func options() throws {
        var options = ReelOptions()
        options.linkPacing = false
        #expect(ReelApp.linkPacing(capabilities: Self.answered(true), environment: [:], tmux: TmuxPicture(), options: options) == .off)
        let parsed = try ReelOptions.parse(["--no-link-pacing", "--terminal-max-fps=12.5", "a.mp4"])
        #expect(!parsed.linkPacing && parsed.terminalMaxFPS == 12.5)
        #expect(throws: UsageError.self) { try ReelOptions.parse(["--terminal-max-fps=-1", "a.mp4"]) }
    }

    @Test("the questions inside tmux go to its client in a passthrough of their own, after a sequence that makes tmux write the cells before them first")
    func questionsWrapped() {
        var renderer = FrameRenderer()
        #expect(renderer.question(status: true) == Array("\u{1B}[5n".utf8))
        renderer.questionsThroughTmux = true
        #expect(renderer.question(status: true) == Array("\u{1B}[r\u{1B}Ptmux;\u{1B}\u{1B}[5n\u{1B}\\".utf8))
        #expect(renderer.question(status: false) == Array("\u{1B}[r\u{1B}Ptmux;\u{1B}\u{1B}[c\u{1B}\\".utf8))
    }
}
