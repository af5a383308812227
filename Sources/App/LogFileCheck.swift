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
    static func problem(with path: String?) -> UsageError? {
        guard let path else { return nil }
        let descriptor = PathEncoding.withCString(path) {
            open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0o644)
        }
        guard descriptor >= 0 else {
            return .unwritableLogFile(path: PathEncoding.displayName(path), reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        return nil
    }
}
