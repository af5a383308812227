/// Whether reel's screens are paced to the terminal's answers (``Controls/LinkPacer``), and how
/// the questions reach it: decided once at start from the probe's answer to its status question.
enum LinkPacing: Equatable {
    /// The terminal did not answer (or was not asked): today's pacing by the pty's drain alone.
    case off
    /// The questions go to the terminal as they are.
    case direct
    /// The questions go through tmux's passthrough to its one client's terminal.
    case throughTmux
}
