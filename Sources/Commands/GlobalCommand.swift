import Terminal

/// The commands every screen answers alike, decided once, above the screens: the loop asks
/// ``route(_:commands:screen:mode:)`` before a key reaches the screen on top.
public enum GlobalCommand: Sendable, Equatable {
    /// `?`: show the list of keys.
    case showHelp
    /// Any key while the keys are shown: close them (the key does nothing else).
    case closeHelp
    /// ↓, PgDn or Space (↑, PgUp) while the keys are shown: their next (previous) page.
    case turnHelpPage(Int)
    /// `q`: quit.
    case quit
    /// Ctrl-C: end reel as SIGINT does.
    case interrupt
    /// Ctrl-Z: stop the process.
    case suspend
    /// Ctrl-L: draw everything again.
    case redraw

    /// The global command `event` is on `screen` in `mode`, or nil when the screen takes the key.
    ///
    /// The table's rows say where each works: Ctrl-C, Ctrl-Z and Ctrl-L in every mode, `q` also
    /// over the help and the tracks menu, `?` where the screen's commands work; over the help, the
    /// page keys turn its pages and any other key closes it.
    public static func route(_ event: KeyEvent, commands: CommandTable, screen: ScreenKind, mode: KeyMode) -> GlobalCommand? {
        switch commands.command(for: event, on: screen, in: mode) {
        case .interrupt?: return .interrupt
        case .suspend?: return .suspend
        case .redraw?: return .redraw
        case .quit?: return .quit
        case .help?: return .showHelp
        case .listPage(let pages)? where mode == .help: return .turnHelpPage(pages)
        default: return mode == .help ? .closeHelp : nil
        }
    }

    /// The global command that `command` (from outside the terminal: MPRIS, mpv's IPC) is, if it
    /// is one.
    public init?(_ command: Command) {
        switch command {
        case .help: self = .showHelp
        case .quit: self = .quit
        case .interrupt: self = .interrupt
        case .suspend: self = .suspend
        case .redraw: self = .redraw
        default: return nil
        }
    }
}
