#if canImport(Glibc)
import Glibc
#endif
import System

/// Writes a few bytes straight to the terminal of a tmux client (`#{client_tty}`), past tmux:
/// the one way to delete reel's picture from a terminal whose client no longer shows reel's pane,
/// since tmux drops passthrough from a pane that is not shown (3.3) and a client that detached
/// gets none at all.
///
/// The device is opened, written and closed in one call (its one owner), non-blocking, never as
/// a controlling terminal, and only when it is a terminal device under `/dev/`: a name tmux gave
/// is never taken for a file to write. A terminal that does not take the bytes at once is left.
public enum ClientTerminal {
    /// Writes `bytes` to the terminal at `path`; false when it is not a terminal under `/dev/`,
    /// cannot be opened, or did not take them all.
    @discardableResult
    public static func write(_ bytes: [UInt8], toTerminalAt path: String) -> Bool {
        guard !bytes.isEmpty, path.hasPrefix("/dev/"), !path.contains("/../") else { return false }
        let raw = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard raw >= 0 else { return false }
        let descriptor = FileDescriptor(owning: raw)
        guard isatty(descriptor.rawValue) == 1 else { return false }
        return (try? descriptor.writeAll(bytes)) != nil
    }
}
