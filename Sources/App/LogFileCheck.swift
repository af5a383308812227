import Glibc
import Playback

/// Checks `--log-file` before anything else, so that a log that cannot be written is a usage
/// error naming the log, not a failure blamed on the media file when mpv starts.
enum LogFileCheck {
    /// Why `path` cannot be opened for appending (creating it when missing), or nil when it can
    /// or when there is no log file.
    ///
    /// The file is opened as the log will be (append, never truncated) and closed at once, so an
    /// existing log keeps its contents. `O_NONBLOCK` keeps a FIFO with no reader from hanging
    /// the check.
    static func problem(with path: FilePath?) -> UsageError? {
        guard let path else { return nil }
        do {
            close(try FileSystem.openForAppending(path, nonBlocking: true))
            return nil
        } catch {
            return .unwritableLogFile(path: path.description, reason: error.reason)
        }
    }
}
