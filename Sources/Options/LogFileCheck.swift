import Playback
import System

/// Checks `--log-file` before anything else, so that a log that cannot be written is a usage
/// error naming the log, not a failure blamed on the media file when mpv starts.
///
/// A log is a file: a terminal or any other character device but /dev/null is refused (mpv's
/// raw log there would draw over the picture and could retitle the window), and so is an existing
/// file that is not a log reel wrote, which reel would otherwise append to (as root, any file on
/// the system: /etc/passwd, a shell's profile). A new or empty file, a pipe, or /dev/null is
/// taken; every run's lines then begin with ``header``.
public enum LogFileCheck {
    /// The first line reel writes to a log, and so the first line of any log it appends to.
    public static let header = "# reel log"

    /// Why `path` cannot be the log, or nil when it can or when there is no log file.
    ///
    /// The file is opened as the log will be (append, never truncated) and closed at once, so an
    /// existing log keeps its contents. `O_NONBLOCK` keeps a FIFO with no reader from hanging
    /// the check.
    public static func problem(with path: FilePath?) -> UsageError? {
        guard let path else { return nil }
        let kind: Kind
        do {
            let descriptor = try FileSystem.openForAppending(path, nonBlocking: true)
            let info = try FileSystem.status(of: descriptor.rawValue)
            kind = Kind(file: info.kind, device: info.specialDevice, isTerminal: FileSystem.isTerminal(descriptor.rawValue),
                        nullDevice: nullDevice, size: Int(info.size))
        } catch {
            return .unwritableLogFile(path: path.description, reason: error.reason)
        }
        guard let reason = kind.refusal(firstLine: { firstLine(of: path) }) else { return nil }
        return .unwritableLogFile(path: path.description, reason: reason)
    }

    /// What a log file turned out to be, as far as the rules care.
    struct Kind: Equatable {
        var file: FileStatus.Kind
        var device: UInt64
        var isTerminal: Bool
        /// /dev/null's device number, when it could be read.
        var nullDevice: UInt64?
        var size: Int

        /// Why reel will not log there, or nil; `firstLine` reads an existing file's first line.
        func refusal(firstLine: () -> String?) -> String? {
            if isTerminal { return "it is a terminal; the log must be a file" }
            switch file {
            case .characterDevice:
                return device == nullDevice ? nil : "it is a device; the log must be a file"
            case .regular:
                guard size > 0 else { return nil }
                guard let line = firstLine(), line.hasPrefix(LogFileCheck.header) else {
                    return "it exists and is not a reel log; give a new file, or one reel wrote"
                }
                return nil
            default:
                // A pipe or a socket: something reading the log as it is written.
                return nil
            }
        }
    }

    /// /dev/null's device number.
    private static var nullDevice: UInt64? {
        (try? FileSystem.status("/dev/null")).flatMap { $0.kind == .characterDevice ? $0.specialDevice : nil }
    }

    /// The first line of the file at `path` (its first 256 bytes at most), through the one
    /// reader of regular files.
    static func firstLine(of path: FilePath) -> String? {
        guard let bytes = try? FileSystem.readContents(path, limit: 256, prefixOnly: true) else { return nil }
        return String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
    }

    /// The line that begins each run's part of the log: ``header``, and which process wrote it.
    public static func runLine(processID: Int32) -> String { "\(header) · pid \(processID)\n" }
}
