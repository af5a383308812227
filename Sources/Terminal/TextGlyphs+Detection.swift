extension TextGlyphs {
    /// What the terminal reel draws on is known to draw, from the most reliable evidence there is:
    ///
    /// 1. **Inside a multiplexer** (``Multiplexer/isInside(environment:answer:)``: `TMUX` or `STY`
    ///    set, `TERM` `screen…` or `tmux…`, or XTVERSION answered by tmux or screen):
    ///    the multiplexer answers XTVERSION itself and the environment may be that of wherever
    ///    its server started, so neither says anything. `multiplexerClients` are what tmux says
    ///    of each client showing this pane (`#{client_termtype}`, filled by tmux ≥ 3.3 from the
    ///    client terminal's XTVERSION answer, as `kitty(0.26.5)`), each read by
    ///    ``known(terminal:)``; the picture goes to all of them, so the poorest wins. No clients
    ///    (screen, an older tmux, a client that did not answer) is quadrants.
    /// 2. **XTVERSION answered**: it comes from the terminal itself, through ssh and `su`, so it
    ///    decides, ``known(terminal:)``, even against the environment (an xterm started from
    ///    GNOME Terminal inherits `VTE_VERSION` but answers `XTerm(379)`).
    /// 3. **The environment**, for a terminal that did not answer (older kitty and VTE), where
    ///    `TERM` must agree with the terminal that set the variable, so that a terminal started
    ///    from another and inheriting its variables is not taken for it:
    ///    - `TERM=xterm-kitty` and `KITTY_WINDOW_ID` set: kitty, sextants (a kitty too old to
    ///      answer XTVERSION, which came in 0.21.2, is still 0.19 or later in practice);
    ///    - `TERM_PROGRAM=WezTerm` with `TERM_PROGRAM_VERSION`, and `TERM` `xterm…` or `wezterm`:
    ///      sextants;
    ///    - `VTE_VERSION` (`7006` for 0.70.6) with `TERM` `xterm…`: octants from 7800, sextants
    ///      from 6000.
    ///
    /// Everything else is quadrants, Windows Terminal (`WT_SESSION`) included: only its recent
    /// releases draw sextants, and nothing in its environment says which release it is.
    public static func known(environment: [String: String], capabilities: TerminalCapabilities,
                             multiplexerClients: [String]) -> TextGlyphs {
        let answer = capabilities.terminalVersion.flatMap(TerminalVersion.init)
        if Multiplexer.isInside(environment: environment, answer: answer) {
            return multiplexerClients.map { TerminalVersion($0).map(known(terminal:)) ?? .quadrants }.min() ?? .quadrants
        }
        if let answer { return known(terminal: answer) }
        return known(environment: environment)
    }

    /// Rule 3 of ``known(environment:capabilities:multiplexerClients:)``: what the environment
    /// alone says.
    static func known(environment: [String: String]) -> TextGlyphs {
        let term = environment["TERM"] ?? ""
        let xtermLike = term.hasPrefix("xterm") && term != "xterm-kitty"
        if term == "xterm-kitty", !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty { return .sextants }
        if environment["TERM_PROGRAM"] == "WezTerm", !(environment["TERM_PROGRAM_VERSION"] ?? "").isEmpty,
           xtermLike || term == "wezterm" {
            return .sextants
        }
        if xtermLike, let vte = environment["VTE_VERSION"], vte.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
           let number = Int(vte.prefix(9)) {
            if number >= 7800 { return .octants }
            if number >= 6000 { return .sextants }
        }
        return .quadrants
    }
}
