/// One option as reel documents it: its name, what it takes, what it does, where `--help` lists
/// it, and whether reel.conf may set it.
///
/// ``OptionSpec/all`` is the one list of reel's options. The parser looks names up in it, and
/// `--help`, the man page and the shell completions are written from it, so none of them can
/// name an option the others do not know.
public struct OptionSpec: Sendable, Equatable {
    /// What the option takes.
    public enum Kind: Sendable, Equatable {
        /// On or off: `--x`, `--x=yes|no`, and `--no-x`.
        case flag
        /// `--x` alone, with no value and no `--no-` form (`--no-audio`, `--help`).
        case bare
        /// Any value of the form the placeholder names: `--x=TIME` or `--x TIME`.
        case value(String)
        /// One of a few words: `--colors=auto|truecolor|256`.
        case choice([String])
        /// A path to a file: `--log-file=PATH`, completed as a file name.
        case path(String)
    }

    /// Where `--help` and the man page list the option.
    public enum Section: String, Sendable, CaseIterable {
        case playback = "Options"
        case tracks = "Subtitles and tracks (mpv's names)"
        case lists = "Lists and streams"
        case picture = "Picture"
        case other = "Other"
        case developer = "Developer"
    }

    /// The name without the dashes: `seek-interval`.
    public var name: String
    public var kind: Kind
    /// What the option does, in a few words.
    public var help: String
    public var section: Section
    /// Only the command line may give it; reel.conf refuses it.
    public var commandLineOnly = false
    /// The help writes the flag as `--no-x`, because it is on by default (`--no-resume`).
    public var shownOff = false

    /// The option as `--help` writes it: `--start=TIME`, `--mute`, `--no-resume`.
    public var synopsis: String {
        let written = "--" + (shownOff ? "no-" : "") + name
        switch kind {
        case .flag, .bare: return written
        case .value(let placeholder), .path(let placeholder): return written + "=" + placeholder
        case .choice(let words): return written + "=" + words.joined(separator: "|")
        }
    }

    /// Whether the option takes a value (and so may take it from the next argument).
    public var takesValue: Bool {
        switch kind {
        case .flag, .bare: false
        case .value, .choice, .path: true
        }
    }

    /// Every spelling the command line accepts, without the value: a flag's `--x` and `--no-x`.
    public var spellings: [String] {
        kind == .flag ? ["--" + name, "--no-" + name] : ["--" + name]
    }

    /// The option called `name` (no dashes), and whether it was the `no-` form of a flag; nil
    /// when reel has no such option.
    public static func named(_ name: String) -> (spec: OptionSpec, negated: Bool)? {
        if let spec = all.first(where: { $0.name == name }) { return (spec, false) }
        if name.hasPrefix("no-"), let spec = all.first(where: { $0.name == name.dropFirst(3) && $0.kind == .flag }) {
            return (spec, true)
        }
        return nil
    }
}
