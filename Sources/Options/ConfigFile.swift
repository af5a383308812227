import Commands
import Playback
import Screens
import System
import Terminal

/// reel.conf: options set as the command line sets them, and key bindings.
///
/// Before any section, each line is an option: `name=value`, or a flag's name alone (`mute`,
/// `no-resume`), with the command line's names and values. After a `[keys]` line, each line
/// binds a key as mpv's input.conf does: `KEY COMMAND ARGS` (`ctrl+up seek 60`, `s ignore`).
/// `#` at the start of a line or after a space begins a comment. Every line is checked as the
/// file is read, so a bad one is reported, by `file:line`, before anything else happens.
public struct ConfigFile: Sendable {
    /// One `[keys]` line: a key and the command it runs.
    public struct Binding: Sendable, Equatable {
        public var key: KeyEvent
        public var command: Command
        /// The line of the file it is on, from 1.
        public var line: Int
    }

    /// Where the file is.
    public var path: FilePath
    /// The defaults with the file's options set.
    public var options: ReelOptions
    /// The file's key bindings, in the order written.
    public var bindings: [Binding]

    /// How long a config file may be; a larger one is surely not one.
    static let sizeLimit = 1 << 20

    /// Reads `text` (the contents of the file at `path`), checking every line; `home` (`$HOME`)
    /// is what `~/` stands for in a path option's value.
    ///
    /// A file saved on Windows reads as any other: lines may end in CRLF, and a leading UTF-8
    /// byte order mark is not part of the first line.
    public static func parse(_ text: String, path: FilePath, home: String? = nil) throws(ConfigError) -> ConfigFile {
        var config = ConfigFile(path: path, options: ReelOptions(), bindings: [])
        var inKeys = false
        for (index, rawLine) in lines(of: text).enumerated() {
            let line = trimmed(withoutComment(rawLine))
            guard !line.isEmpty else { continue }
            do throws(ConfigError.Reason) {
                if line.hasPrefix("[") {
                    guard line.lowercased() == "[keys]" else { throw .unknownSection(line) }
                    inKeys = true
                } else if inKeys {
                    config.bindings.append(try binding(line, number: index + 1))
                } else {
                    try config.options.set(line, home: home)
                }
            } catch {
                throw ConfigError(path: path, line: index + 1, reason: error)
            }
        }
        return config
    }

    /// `$XDG_CONFIG_HOME/reel/reel.conf`, else `~/.config/reel/reel.conf`; nil when neither is known.
    public static func defaultPath(environment: [String: String]) -> FilePath? {
        XDGDirectory.config.reelPath("reel.conf", environment: environment)
    }

    /// Reads the file at ``defaultPath(environment:)``; nil when there is none.
    public static func load(environment: [String: String]) throws(ConfigError) -> ConfigFile? {
        guard let path = defaultPath(environment: environment) else { return nil }
        return try load(path, home: environment["HOME"])
    }

    /// Reads the file at `path`; nil when there is none. A file that is there but cannot be read
    /// is an error, so that a setting is never silently lost.
    public static func load(_ path: FilePath, home: String? = nil) throws(ConfigError) -> ConfigFile? {
        // Through the one reader of regular files: a FIFO in its place is refused, not waited on.
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readContents(path, limit: sizeLimit)
        } catch {
            if error.isMissing { return nil }
            let reason = error.isTooLarge ? "larger than 1 MiB" : error.reason
            throw ConfigError(path: path, line: nil, reason: .unreadable(reason))
        }
        return try parse(String(decoding: bytes, as: UTF8.self), path: path, home: home)
    }

    /// `table` with the file's bindings applied, in order, so that a later line wins.
    public func bound(_ table: CommandTable) -> CommandTable {
        var table = table
        for binding in bindings { table.bind(binding.key, to: binding.command) }
        return table
    }

    /// A `[keys]` line: `KEY COMMAND ARGS`.
    static func binding(_ line: String, number: Int) throws(ConfigError.Reason) -> Binding {
        let words = line.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
        let name = String(words[0])
        guard let key = KeyName.parse(name) else { throw .unknownKey(name) }
        guard words.count > 1 else { throw .noCommand(key: name) }
        do {
            return Binding(key: key, command: try Command(parsing: String(words[1])), line: number)
        } catch {
            throw .badCommand(error)
        }
    }

    /// The lines of `text`, split at each line feed, CRLF included (Swift takes "\r\n" as one
    /// `Character`, so a split on "\n" would never cut there), without a leading byte order mark.
    public static func lines(of text: String) -> [Substring] {
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        return scalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// The line up to a `#` that starts it or follows a space or tab.
    static func withoutComment(_ line: Substring) -> Substring {
        var previous: Character = " "
        for index in line.indices {
            if line[index] == "#", previous == " " || previous == "\t" { return line[..<index] }
            previous = line[index]
        }
        return line
    }

    /// The text without spaces, tabs or a carriage return at either end.
    static func trimmed(_ text: Substring) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else { return "" }
        return String(text[first...last])
    }
}

extension ReelOptions {
    /// Sets the option of one reel.conf line: `name=value`, or a flag's name alone; a path's
    /// `~/` stands for `home`.
    mutating func set(_ line: String, home: String? = nil) throws(ConfigError.Reason) {
        var name = line, value: String?
        if let equals = line.firstIndex(of: "=") {
            name = ConfigFile.trimmed(line[..<equals])
            value = Self.unquoted(ConfigFile.trimmed(line[line.index(after: equals)...]))
        }
        // The command line's spelling is taken too.
        if name.hasPrefix("--") { name.removeFirst(2) }
        guard let (spec, negated) = OptionSpec.named(name) else {
            let looksLikeFile = value == nil && (name.contains("/") || name.contains("."))
            throw looksLikeFile ? .fileGiven(name) : .unknownOption(name)
        }
        guard !spec.commandLineOnly else { throw .commandLineOnly(name) }
        do {
            try apply(spec, negated: negated, value: value, written: name, home: home)
        } catch {
            throw .badOption(error)
        }
    }

    /// A value without the double quotes around it, as mpv.conf allows.
    private static func unquoted(_ value: String) -> String {
        value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") ? String(value.dropFirst().dropLast()) : value
    }
}
