/// What a screen's keys mean at the moment: its commands, or a mode that reads them otherwise.
///
/// Each row of the ``CommandTable`` says the modes it works in, so a mode's keys are rows like
/// any other: the tracks menu's, the filter's, Enter for Up next. ``GlobalCommand`` reads the
/// mode to decide, once for every screen, what help, quit, interrupt, suspend and redraw do.
public enum KeyMode: String, Sendable, Hashable, CaseIterable {
    /// The screen's own commands.
    case commands
    /// The Up next card counts down (the player): Enter plays the next item at once; the other
    /// keys do what they always do.
    case upNext
    /// The `?` overlay is up: any key closes it; q still quits.
    case help
    /// The tracks menu is open (the player): its rows; q still quits.
    case tracksMenu
    /// Typing a filter (the list's, or the subtitle lines'): keys that are not its rows are text.
    case filter
    /// A yes-or-no question (forget everything?): any key but the global ones answers it.
    case question

    /// The modes where the screen's own commands work.
    public static let withCommands: Set<KeyMode> = [.commands, .upNext]

    /// How `--help` and the man page title the keys of the mode, when it has rows of its own.
    public var title: String {
        switch self {
        case .commands: "Keys"
        case .upNext: "While Up next counts down"
        case .help: "While the keys are shown"
        case .tracksMenu: "In the tracks menu"
        case .filter: "While typing a filter"
        case .question: "While reel asks"
        }
    }
}
