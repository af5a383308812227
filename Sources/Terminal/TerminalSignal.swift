import Glibc

/// A signal, relayed through the session's self-pipe to the main loop.
public enum TerminalSignal: Sendable, Hashable {
    /// SIGWINCH: the window changed size; read the new ``TerminalSize`` and redraw.
    case resize
    /// A signal that asks reel to end (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM, a
    /// real-time signal…): end in order, restore the terminal and exit with 128 + the signal number
    /// (``TerminalSession/exitAfterRestore(signal:)``).
    case terminate(Int32)
    /// SIGTSTP: call ``TerminalSession/suspend()``.
    case suspend
    /// SIGCONT: the process was continued; call ``TerminalSession/resume()`` and redraw everything.
    case resume

    /// SIGINT's number, which Ctrl-C (a byte in raw mode) ends reel with too: exit 128 + it.
    public static let interruptNumber: Int32 = SIGINT
}
