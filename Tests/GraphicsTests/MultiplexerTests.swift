import Drawing
@testable import Graphics
import Terminal
import Testing

/// "Inside a multiplexer", decided once (``Multiplexer``) and the same for the pictures
/// (``GraphicsMode``) and the glyphs (``TextGlyphs``).
@Suite("Multiplexer: one rule for inside tmux or screen")
struct MultiplexerTests {
    /// The rows: the environment, XTVERSION's answer (nil: none), and whether that is inside.
    static let table: [([String: String], String?, Bool)] = [
        ([:], nil, false),
        (["TERM": "xterm-256color"], nil, false),
        (["TERM": "xterm-256color"], "XTerm(379)", false),
        (["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], "kitty(0.26.5)", false),
        (["TMUX": "/tmp/tmux-0/default,10659,0", "TERM": "xterm-kitty"], nil, true),
        (["TMUX": "", "TERM": "xterm-256color"], nil, false),
        (["STY": "1234.pts-0.host", "TERM": "xterm-256color"], nil, true),
        (["STY": "", "TERM": "xterm-256color"], nil, false),
        (["TERM": "screen-256color"], nil, true),
        (["TERM": "screen"], nil, true),
        (["TERM": "tmux-256color"], nil, true),
        // Over ssh from inside tmux, with TERM overridden: tmux still answers for itself.
        (["TERM": "xterm-256color"], "tmux 3.3a", true),
        (["TERM": "xterm-256color"], "screen(4.09)", true),
        // A TERM that merely contains the word is not a multiplexer's.
        (["TERM": "xterm-screen"], nil, false),
    ]

    @Test("inside by TMUX or STY, by TERM screen… or tmux…, or by tmux's or screen's own answer", arguments: table)
    func rule(environment: [String: String], answer: String?, inside: Bool) {
        #expect(Multiplexer.isInside(environment: environment, answer: answer.flatMap(TerminalVersion.init)) == inside)
    }

    @Test("auto graphics on a kitty that answered are blocks exactly where the rule says inside", arguments: table)
    func graphics(environment: [String: String], answer: String?, inside: Bool) {
        var kitty = TerminalCapabilities()
        kitty.answered = true
        kitty.kittyGraphics = true
        kitty.cellSize = PixelSize(width: 9, height: 18)
        kitty.terminalVersion = answer
        let mode = GraphicsMode.choose(.auto, capabilities: kitty, size: TerminalSize(columns: 80, rows: 24), environment: environment)
        #expect((mode == .blocks) == inside)
    }

    @Test("the glyphs go by the multiplexer's clients exactly where the rule says inside", arguments: table)
    func glyphs(environment: [String: String], answer: String?, inside: Bool) {
        var capabilities = TerminalCapabilities()
        capabilities.answered = answer != nil
        capabilities.terminalVersion = answer
        // Only a client can say octants here: no row's own terminal draws them.
        let glyphs = TextGlyphs.known(environment: environment, capabilities: capabilities, multiplexerClients: ["kitty(0.41.0)"])
        #expect((glyphs == .octants) == inside)
    }
}
