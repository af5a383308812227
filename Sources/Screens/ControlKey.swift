import Terminal

/// The Ctrl keys every screen answers the same way.
enum ControlKey: Equatable {
    /// Ctrl-C: quit.
    case quit
    /// Ctrl-Z: stop the process.
    case suspend
    /// Ctrl-L: draw everything again.
    case redraw
    /// Another Ctrl key: nothing.
    case other

    /// The control key `event` is, or nil when Ctrl is not held with a character.
    init?(_ event: KeyEvent) {
        guard event.modifiers.contains(.ctrl), case .character(let character) = event.key else { return nil }
        switch character {
        case "c": self = .quit
        case "z": self = .suspend
        case "l": self = .redraw
        default: self = .other
        }
    }

    /// What a screen returns for this key: `quit`, `suspend`, or nothing (after `redraw` for Ctrl-L).
    func actions<Action>(quit: Action, suspend: Action, redraw: () -> Void) -> [Action] {
        switch self {
        case .quit: return [quit]
        case .suspend: return [suspend]
        case .redraw: redraw(); return []
        case .other: return []
        }
    }
}
