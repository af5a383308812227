import Drawing

/// The richest block glyphs a terminal is known to draw, for the cell blitters: what
/// `--blitter=auto` may use, and what a notice or `--stats` can say the terminal could draw.
///
/// The cases are ordered: each draws everything the ones before it do. Quadrants (U+2580–U+259F)
/// are in every font reel expects; sextants (U+1FB00–U+1FB3B, Unicode 13) and octants
/// (U+1CD00–U+1CDE5, Unicode 16) only where the terminal draws them itself or ships a font that
/// has them, so they are only ever *known*, never assumed: a missing glyph is a box.
/// ``known(environment:capabilities:multiplexerClients:)`` says which.
public enum TextGlyphs: Int, Sendable, Comparable, CaseIterable {
    /// Half and quadrant blocks only: what any terminal draws.
    case quadrants
    /// Sextants as well.
    case sextants
    /// Octants as well.
    case octants

    /// Orders the cases from the poorest to the richest.
    public static func < (lhs: TextGlyphs, rhs: TextGlyphs) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The cell blitter that draws with these glyphs.
    public var blitter: FrameEncoder.Blitter {
        switch self {
        case .quadrants: .quadrant
        case .sextants: .sextant
        case .octants: .octant
        }
    }

    /// The richest glyphs `auto` may use with these: octants are opt-in only (too new for most
    /// fonts a terminal might fall back on, and a wrong guess is a screen of boxes), so at
    /// most sextants.
    public var automatic: TextGlyphs { min(self, .sextants) }

    /// What the terminal that sent `version` (XTVERSION's answer, or tmux's `client_termtype`)
    /// draws, by the first rule that names it:
    ///
    /// | terminal | octants | sextants |
    /// |---|---|---|
    /// | `kitty(x.y.z)` | ≥ 0.40 | ≥ 0.19 |
    /// | `VTE(nnnn)` (as `VTE_VERSION`) | ≥ 7800 (0.78) | ≥ 6000 (0.60) |
    /// | `WezTerm date-…` | — | any that answers |
    /// | `foot(x.y.z)` | — | ≥ 1.8 (it draws U+1FBxx itself from there on) |
    ///
    /// Anything else (xterm, tmux, an unknown name, no version) is quadrants.
    public static func known(terminal version: TerminalVersion) -> TextGlyphs {
        switch version.name {
        case "kitty":
            if version.isAtLeast([0, 40]) { return .octants }
            return version.isAtLeast([0, 19]) ? .sextants : .quadrants
        case "vte":
            if version.isAtLeast([7800]) { return .octants }
            return version.isAtLeast([6000]) ? .sextants : .quadrants
        case "wezterm":
            return .sextants
        case "foot":
            return version.isAtLeast([1, 8]) ? .sextants : .quadrants
        default:
            return .quadrants
        }
    }
}
