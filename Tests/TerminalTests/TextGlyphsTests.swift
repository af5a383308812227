import Drawing
import Testing
import Terminal

@Suite("TextGlyphs: what a terminal is known to draw")
struct TextGlyphsTests {
    /// Capabilities with `version` as XTVERSION's answer.
    static func answered(_ version: String?) -> TerminalCapabilities {
        var capabilities = TerminalCapabilities()
        capabilities.answered = true
        capabilities.terminalVersion = version
        return capabilities
    }

    @Test("each terminal's XTVERSION answer says what it draws", arguments: [
        ("kitty(0.26.5)", TextGlyphs.sextants), ("kitty(0.19.0)", .sextants), ("kitty(0.18.3)", .quadrants),
        ("kitty(0.39.1)", .sextants), ("kitty(0.40.0)", .octants), ("kitty(0.42.1)", .octants),
        ("VTE(5902)", .quadrants), ("VTE(6003)", .sextants), ("VTE(7602)", .sextants), ("VTE(7800)", .octants),
        ("WezTerm 20230712-072601-f4abf8fd", .sextants), ("foot(1.13.1)", .sextants), ("foot(1.8.0)", .sextants),
        ("foot(1.7.2)", .quadrants), ("XTerm(379)", .quadrants), ("tmux 3.3a", .quadrants),
        ("mlterm(3.9.3)", .quadrants), ("kitty", .quadrants), ("", .quadrants),
    ])
    func answer(version: String, expected: TextGlyphs) {
        #expect(TextGlyphs.known(environment: [:], capabilities: Self.answered(version), multiplexerClients: []) == expected)
    }

    @Test("without an answer, the environment says, when TERM agrees with it", arguments: [
        (["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], TextGlyphs.sextants),
        (["TERM": "xterm-kitty"], .quadrants),
        (["TERM": "xterm-256color", "KITTY_WINDOW_ID": "1"], .quadrants),
        (["TERM": "xterm-256color", "VTE_VERSION": "7006"], .sextants),
        (["TERM": "xterm-256color", "VTE_VERSION": "6000"], .sextants),
        (["TERM": "xterm-256color", "VTE_VERSION": "5803"], .quadrants),
        (["TERM": "xterm-256color", "VTE_VERSION": "7802"], .octants),
        (["TERM": "xterm-256color", "VTE_VERSION": "70.6"], .quadrants),
        (["TERM": "rxvt-unicode-256color", "VTE_VERSION": "7006"], .quadrants),
        (["TERM": "xterm-kitty", "VTE_VERSION": "7802"], .quadrants),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm", "TERM_PROGRAM_VERSION": "20230712-072601-f4abf8fd"], .sextants),
        (["TERM": "wezterm", "TERM_PROGRAM": "WezTerm", "TERM_PROGRAM_VERSION": "20240203-110809-5046fc22"], .sextants),
        (["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], .quadrants),
        (["TERM": "st-256color", "TERM_PROGRAM": "WezTerm", "TERM_PROGRAM_VERSION": "20230712"], .quadrants),
        (["TERM": "xterm-256color", "WT_SESSION": "0b7c6d4e-0000-0000-0000-000000000000"], .quadrants),
        (["TERM": "foot"], .quadrants),
        (["TERM": "xterm-256color"], .quadrants),
        ([:], .quadrants),
    ])
    func environment(environment: [String: String], expected: TextGlyphs) {
        #expect(TextGlyphs.known(environment: environment, capabilities: TerminalCapabilities(), multiplexerClients: []) == expected)
    }

    @Test("the terminal's own answer outranks the environment it inherited", arguments: [
        ("XTerm(379)", ["TERM": "xterm-256color", "VTE_VERSION": "7802"], TextGlyphs.quadrants),
        ("kitty(0.18.0)", ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "3"], .quadrants),
        ("kitty(0.41.1)", ["TERM": "xterm-256color", "VTE_VERSION": "6003"], .octants),
    ])
    func answerOutranksEnvironment(version: String, environment: [String: String], expected: TextGlyphs) {
        #expect(TextGlyphs.known(environment: environment, capabilities: Self.answered(version), multiplexerClients: []) == expected)
    }

    /// tmux's environment, started from kitty: it says kitty, but the client may be anything.
    static let tmuxFromKitty = ["TMUX": "/tmp/tmux-0/default,10659,0", "TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]

    @Test("inside a multiplexer only its clients count, and the poorest of them wins", arguments: [
        (tmuxFromKitty, "tmux 3.3a", ["kitty(0.26.5)"], TextGlyphs.sextants),
        (tmuxFromKitty, "tmux 3.3a", ["XTerm(379)"], .quadrants),
        (tmuxFromKitty, "tmux 3.3a", ["kitty(0.26.5)", "XTerm(379)"], .quadrants),
        (tmuxFromKitty, "tmux 3.3a", ["kitty(0.41.0)", "VTE(7802)"], .octants),
        (tmuxFromKitty, "tmux 3.3a", ["kitty(0.41.0)", "foot(1.13.1)"], .sextants),
        (tmuxFromKitty, "tmux 3.3a", [""], .quadrants),
        (tmuxFromKitty, "tmux 3.3a", [], .quadrants),
        (tmuxFromKitty, nil, [], .quadrants),
        (["STY": "1234.pts-0.host", "TERM": "xterm-256color", "VTE_VERSION": "7006"], nil, [], .quadrants),
        // Over ssh from inside tmux: no TMUX here, but tmux answers.
        (["TERM": "tmux-256color"], "tmux 3.3a", [], .quadrants),
        (["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], "tmux 3.3a", [], .quadrants),
    ] as [([String: String], String?, [String], TextGlyphs)])
    func multiplexer(environment: [String: String], version: String?, clients: [String], expected: TextGlyphs) {
        #expect(TextGlyphs.known(environment: environment, capabilities: Self.answered(version), multiplexerClients: clients) == expected)
    }

    @Test("auto never goes past sextants; each case has its blitter", arguments: [
        (TextGlyphs.quadrants, TextGlyphs.quadrants, FrameEncoder.Blitter.quadrant),
        (.sextants, .sextants, .sextant), (.octants, .sextants, .octant),
    ])
    func automaticAndBlitter(glyphs: TextGlyphs, automatic: TextGlyphs, blitter: FrameEncoder.Blitter) {
        #expect(glyphs.automatic == automatic)
        #expect(glyphs.blitter == blitter)
    }

    @Test("the cases are ordered poorest first")
    func ordered() {
        #expect(TextGlyphs.allCases.sorted() == [.quadrants, .sextants, .octants])
    }
}
