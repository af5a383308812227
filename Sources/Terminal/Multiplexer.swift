/// Whether reel runs inside a terminal multiplexer (tmux, GNU screen): the one rule that both the
/// pictures (``GraphicsMode/choose(_:capabilities:size:environment:)``, blocks there) and the glyphs
/// (``TextGlyphs/known(environment:capabilities:multiplexerClients:)``, what tmux says of its
/// clients there) go by.
///
/// Inside a multiplexer, it draws the screen and answers the terminal's questions itself, so what
/// reel learns of "the terminal" is of the multiplexer.
public enum Multiplexer {
    /// Whether reel is inside a multiplexer, by any of three signs:
    /// - `TMUX` or `STY` set and not empty: tmux's and screen's own variables in their panes;
    /// - `TERM` `screen…` or `tmux…`: their terminal types, which also travel over ssh, where
    ///   `TMUX` and `STY` do not;
    /// - XTVERSION answered by tmux or screen (`answer`, ``TerminalVersion/isMultiplexer``): the
    ///   multiplexer answers for itself, whatever the environment says. Nil before the probe, or
    ///   when the terminal did not answer.
    public static func isInside(environment: [String: String], answer: TerminalVersion?) -> Bool {
        if [environment["TMUX"], environment["STY"]].contains(where: { !($0 ?? "").isEmpty }) { return true }
        let term = environment["TERM"] ?? ""
        if term.hasPrefix("screen") || term.hasPrefix("tmux") { return true }
        return answer?.isMultiplexer == true
    }
}
