import Commands
import Playback
import Screens
import System

/// A reel.conf reel cannot use: one line naming `file:line` and the reason, exit code 2.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong with a line, or with the file.
    public enum Reason: Error, Sendable, Equatable, CustomStringConvertible {
        /// An option reel does not have.
        case unknownOption(String)
        /// A file or folder, which only the command line takes.
        case fileGiven(String)
        /// An option only the command line takes (`help`, `version`, `no-config`).
        case commandLineOnly(String)
        /// An option with a value it cannot take.
        case badOption(UsageError)
        /// A `[section]` other than `[keys]`.
        case unknownSection(String)
        /// A key name that names no key.
        case unknownKey(String)
        /// A key with no command after it.
        case noCommand(key: String)
        /// A command that is not one.
        case badCommand(CommandParseError)
        /// The file is there but cannot be read.
        case unreadable(String)

        public var description: String {
            switch self {
            case .unknownOption(let name):
                "unknown option '\(UsageError.visible(name))' (see reel --help)"
            case .fileGiven(let name):
                "'\(UsageError.visible(name))' is no option; files and folders go on the command line"
            case .commandLineOnly(let name):
                "'\(UsageError.visible(name))' works on the command line only"
            case .badOption(let error):
                error.description
            case .unknownSection(let header):
                "unknown section '\(UsageError.visible(header))' (reel.conf has options, then [keys])"
            case .unknownKey(let name):
                "unknown key '\(UsageError.visible(name))' (key names are mpv's: a, SPACE, ctrl+UP, PGDWN, F5)"
            case .noCommand(let key):
                "no command for '\(UsageError.visible(key))' (to unbind it: \(UsageError.visible(key)) ignore)"
            case .badCommand(let error):
                UsageError.visible(error.description)
            case .unreadable(let reason):
                "cannot read it: \(reason)"
            }
        }
    }

    /// The file, as found.
    public var path: FilePath
    /// The line, from 1; nil when the whole file is at fault.
    public var line: Int?
    public var reason: Reason

    /// `path:line: reason`, with the path made inert.
    public var description: String {
        let place = UsageError.visible(path.description) + (line.map { ":\($0)" } ?? "")
        return "\(place): \(reason)"
    }
}
