#if canImport(Glibc)
import Glibc
#endif

/// What the signal handlers may touch: plain values in memory allocated once and never freed.
///
/// Everything here is written by the main thread only while the handlers cannot yet see it
/// (before they are installed) or as single aligned word stores; the handlers only read it,
/// except ``pendingTermination`` and ``active``, which they set just before exiting.
struct SignalState {
    /// The write end of the self-pipe, or -1.
    var pipeWrite: Int32 = -1
    /// The terminal descriptor to restore, or -1.
    var tty: Int32 = -1
    /// 1 while the terminal is in raw mode on the alternate screen (restoring is needed).
    var active: Int32 = 0
    /// 1 while the terminal is in raw mode (the termios must be put back).
    var raw: Int32 = 0
    /// 1 when ``saved`` holds the termios to restore.
    var hasSaved: Int32 = 0
    /// The terminal's termios before the session changed it.
    var saved = termios()
    /// A terminating signal relayed to the main loop and not yet read there, or 0.
    var pendingTermination: Int32 = 0
    /// The bytes that undo the session's terminal modes (``TerminalSession/restoreSequence``).
    var restoreBytes: UnsafeMutablePointer<UInt8>?
    var restoreCount = 0
}
