/// How colours are sent to the terminal.
public enum ColorMode: Sendable, Hashable {
    /// 24-bit colour: `38;2;r;g;b` and `48;2;r;g;b`.
    case truecolor
    /// The xterm 256-colour palette: the nearest of the 6×6×6 cube and the grey ramp, `38;5;n` and `48;5;n`.
    case palette256

    /// The mode the environment asks for: truecolor when `COLORTERM` is `truecolor` or `24bit`,
    /// otherwise the 256-colour palette.
    public static func detect(environment: [String: String]) -> ColorMode {
        switch environment["COLORTERM"]?.lowercased() {
        case "truecolor", "24bit": return .truecolor
        default: return .palette256
        }
    }
}
