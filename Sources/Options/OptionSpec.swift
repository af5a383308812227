/// One option of reel, as one row: its name and other spellings, what it takes, what it does,
/// where `--help` lists it, whether reel.conf may set it, and where its value lands.
///
/// ``OptionSpec/all`` is the one list of reel's options. The command line and reel.conf parse
/// through its rows (``ReelOptions/apply(_:negated:value:written:)``); `--help`, the man page
/// and the shell completions are written from it; and a row's default is read from
/// ``ReelOptions``'s start value, so none of them can say what the others do not.
public struct OptionSpec: Sendable {
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

    /// What the option does to the options it is given to.
    enum Effect: Sendable {
        /// A flag turns this on or off.
        case flag(WritableKeyPath<ReelOptions, Bool> & Sendable)
        /// Given alone, it does this.
        case bare(@Sendable (inout ReelOptions) -> Void)
        /// Given a value, it reads and sets it; the second string names the option for errors.
        case value(@Sendable (inout ReelOptions, String, String) throws(UsageError) -> Void)
    }

    /// The name without the dashes: `seek-interval`.
    public var name: String
    public var kind: Kind
    /// What the option does, in a few words (``helpText`` adds the default and the aliases).
    public var help: String
    public var section: Section
    /// Only the command line may give it; reel.conf refuses it.
    public var commandLineOnly = false
    /// The help writes the flag as `--no-x`, because it is on by default (`--no-resume`).
    public var shownOff = false
    /// Other whole spellings of a bare option: `-h` for `--help`.
    public var aliases: [String] = []
    /// Other words a choice takes, each with the word it means: `24bit` for `truecolor`.
    public var valueAliases: [(alias: String, word: String)] = []
    /// The start value, as the help writes it ("3"), when the row says it.
    public var defaultText: String?
    /// Read before the rest of the line, and wins over it, errors included: `--help`,
    /// `--version`, and `--no-config` (so that `--help` shows the keys in force).
    public var isEarly = false
    /// A developer's knob: `--help`, the man page and the completions leave it out.
    public var isHidden = false
    /// The environment variable that also gives it (`REEL_TRACE`), read before the command line.
    public var environment: String?
    /// Where the value lands.
    let effect: Effect

    /// The option as `--help` writes it: `--start=TIME`, `--mute`, `--no-resume`, `-h, --help`.
    public var synopsis: String {
        let written = "--" + (shownOff ? "no-" : "") + name
        let spelled = (aliases + [written]).joined(separator: ", ")
        switch kind {
        case .flag, .bare: return spelled
        case .value(let placeholder), .path(let placeholder): return spelled + "=" + placeholder
        case .choice(let words): return spelled + "=" + words.joined(separator: "|")
        }
    }

    /// What the option does, with its default and the other words it takes:
    /// "hide the controls after S s of playback without input (default 3)".
    public var helpText: String {
        var text = help
        if !valueAliases.isEmpty {
            text += " (" + valueAliases.map { "\($0.alias) is \($0.word)" }.joined(separator: ", ") + ")"
        }
        if let defaultText { text += " (default \(defaultText))" }
        return text
    }

    /// Whether the option takes a value (and so may take it from the next argument).
    public var takesValue: Bool {
        switch kind {
        case .flag, .bare: false
        case .value, .choice, .path: true
        }
    }

    /// Every spelling the command line accepts, without the value: a flag's `--x` and `--no-x`,
    /// and a bare option's aliases.
    public var spellings: [String] {
        (kind == .flag ? ["--" + name, "--no-" + name] : ["--" + name]) + aliases
    }

    /// Every word a choice takes: the shown ones, then the aliases.
    public var choiceWords: [String] {
        guard case .choice(let words) = kind else { return [] }
        return words + valueAliases.map(\.alias)
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

    /// The option one of whose ``aliases`` is `spelling` (`-h`); nil when none is.
    public static func aliased(_ spelling: String) -> OptionSpec? {
        all.first { $0.aliases.contains(spelling) }
    }
}
