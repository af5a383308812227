import System

/// A command line reel cannot use: exit code 2, with one line that names the problem.
public enum UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An option reel does not have.
    case unknownOption(String)
    /// An option that needs a value was given none.
    case missingValue(option: String)
    /// A flag was given a value it cannot take.
    case unexpectedValue(option: String, value: String)
    /// A value of the wrong form, with what was expected.
    case badValue(option: String, value: String, expected: String)
    /// `--log-file` names a file that cannot be opened for appending, with the system's reason.
    case unwritableLogFile(path: String, reason: String)
    /// `--input-ipc-server` names something that is there and is not a socket, which mpv would
    /// delete.
    case notASocket(path: String)
    /// `--input-ipc-server` names a path in a folder that is not there.
    case noSocketFolder(path: String)
    /// `--input-ipc-server=@NAME`: mpv would make a Linux abstract socket, which has no
    /// permissions, so that any local user could drive mpv (and run programs as you).
    case abstractSocket(path: String)
    /// `--input-ipc-server` names a path longer than a socket's path can be (`byteCount` bytes).
    case socketPathTooLong(path: String, byteCount: Int)
    /// `--input-ipc-server` names a socket that another program listens on.
    case socketInUse(path: String)
    /// `--input-ipc-server` names a socket that cannot be connected to, for `reason` (someone
    /// else's), which mpv could not replace.
    case socketUnusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownOption(let option):
            "unknown option '\(Self.visible(option))' (see reel --help)"
        case .missingValue(let option):
            "option '\(Self.visible(option))' needs a value (see reel --help)"
        case let .unexpectedValue(option, value):
            "option '\(Self.visible(option))' takes no value, got '\(Self.visible(value))'"
        case let .badValue(option, value, expected):
            "bad value '\(Self.visible(value))' for \(Self.visible(option)): expected \(expected)"
        case let .unwritableLogFile(path, reason):
            "cannot write the log file '\(Self.visible(path))' (--log-file): \(reason)"
        case .notASocket(let path):
            "'\(Self.visible(path))' is there and is not a socket (--input-ipc-server would replace it); name a new path"
        case .noSocketFolder(let path):
            "cannot make the socket '\(Self.visible(path))' (--input-ipc-server): its folder is not there"
        case .abstractSocket(let path):
            "'\(Self.visible(path))' (--input-ipc-server) would be an abstract socket, which any local user can open "
                + "and so control mpv as you; name a file path (./\(Self.visible(path)) for a file of that name)"
        case let .socketPathTooLong(path, byteCount):
            "the socket path '\(Self.visible(path))' (--input-ipc-server) is \(byteCount) bytes long; "
                + "a socket's path can be at most \(UnixSocket.maximumPathLength)"
        case .socketInUse(let path):
            "a program is listening on the socket '\(Self.visible(path))' (--input-ipc-server); name another path"
        case let .socketUnusable(path, reason):
            "cannot take the socket '\(Self.visible(path))' (--input-ipc-server): \(reason)"
        }
    }

    /// The text with control characters shown as escapes and the length capped, so that an error
    /// line can never drive the terminal or flood it.
    public static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if out.unicodeScalars.count >= 80 { out += "…"; break }
            switch scalar.value {
            case 0..<0x20, 0x7F, 0x80..<0xA0: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
