import Commands
import Playback
import Screens

/// The text of `reel --help` and `reel --version`, and the words the man page shares with them.
///
/// The option lines come from ``OptionSpec/all`` and the key lines from the ``CommandTable``; the
/// rest (usage, mouse, configuration, exit codes, examples) is kept here once, as lists that both
/// `--help` and ``ManPage`` write out.
public enum HelpText {
    /// reel's version.
    public static let version = "0.2.0"

    /// What `--version` prints: reel's version and the libmpv it runs on.
    public static func versionLine(libmpv: LibmpvVersion) -> String { "reel \(version) (\(libmpv))" }

    /// One line of reel's purpose.
    static let summary = "a video player for the terminal, built on mpv"

    /// The ways to start reel: (command, what it does).
    static let usageLines: [(command: String, help: String)] = [
        ("reel", "continue watching: what you played, newest first; Enter resumes"),
        ("reel FILE|URL", "play it in the terminal, with controls over it"),
        ("reel A B C", "play A, then B, then C (Esc shows the list)"),
        ("reel DIR", "the list of the videos in DIR; Enter plays one"),
        ("reel -", "play what comes on standard input (keys still work)"),
        ("reel --poster FILE", "start at the poster card; Enter opens into the video"),
    ]

    /// What `reel` alone shows, in a few lines (the man page; README says the same at length).
    static let continueWatchingLines = [
        "reel with nothing to play lists what you were watching, from the resume records, most recent first:",
        "the title, how far in, the time left and when. Enter resumes; d or Delete forgets one (u undoes it);",
        "D forgets everything after asking, as reel --forget-all does. A file that is gone or changed is greyed",
        "with the reason. A finished item stays three days after it was last watched, then leaves the list.",
        "With no records yet, the screen says how to start. It exits with 0.",
    ]

    /// What the mouse does: (gesture, lines of what it does).
    static let mouseLines: [(gesture: String, help: [String])] = [
        ("click", ["show / hide the controls; on a control, run it;", "on the total time: show the time left instead",
                   "in the list: select, and play the item already selected"]),
        ("double click", ["on the left or right half: skip back / forward"]),
        ("hover the bar", ["a preview: the frame there, its time and chapter"]),
        ("drag the bar", ["scrub (the picture follows while you drag)"]),
        ("wheel", ["on the bar: seek ± 5 s; in the list and menus: scroll"]),
    ]

    /// What reel.conf is, in a few lines.
    static let configurationLines = [
        "$XDG_CONFIG_HOME/reel/reel.conf (else ~/.config/reel/reel.conf) sets options as the command",
        "line does, one a line: name=value, or a flag's name alone; # starts a comment. After a [keys]",
        "line, each line binds a key as mpv's input.conf does: KEY COMMAND ARGS, such as",
        "ctrl+up seek 60, or s ignore to unbind s. The command line wins; --no-config skips the file.",
        "A path that begins with ~/ is below $HOME, in the file and on the command line, as in mpv.",
    ]

    /// A reel.conf to start from (the man page shows it, and README's copy is checked against the
    /// parser).
    static let exampleConfig = """
        # ~/.config/reel/reel.conf
        blitter=sextant        # sextants even where reel cannot tell the terminal draws them
        seek-interval=5        # skips of 5 s
        no-resume              # always start at the beginning
        volume=80

        [keys]
        ctrl+UP seek 60
        ctrl+DOWN seek -60
        s ignore               # s does nothing
        S cycle sub
        """

    /// The exit codes: (code, meaning).
    static let exitCodes: [(code: String, meaning: String)] = [
        ("0", "quit or finished (also reel alone, the continue-watching list)"),
        ("1", "a file could not be played, the terminal cannot show video (TERM=dumb or unset),"
            + " or this help or the version could not be written"),
        ("2", "usage error, or a bad line in reel.conf"),
        ("128+N", "ended by signal N (the terminal is restored first); Ctrl-C is 130"),
    ]

    /// Command lines to copy.
    static let examples = [
        "reel movie.mkv",
        "reel --start=1:30 --volume=60 talk.mp4",
        "reel https://example.com/talk.mp4",
        "cat film.mkv | reel -",
        "reel --sid=2 --secondary-sid=1 film.mkv",
        "reel ep1.mkv ep2.mkv ep3.mkv",
        "reel ~/Videos",
        "reel -- -weird-name-.mp4",
    ]

    /// The title `--help` gives the keys of `screen`.
    static func keysTitle(_ screen: ScreenKind) -> String {
        switch screen {
        case .player: "Keys while playing"
        case .list: "Keys in the list"
        case .poster: "Keys on the poster card"
        }
    }

    /// Two columns, indented by 2: the left one padded to `width`, or on a line of its own when
    /// longer, and the right one's later lines under its first.
    public static func columns(_ rows: [(left: String, right: [String])], width: Int) -> [String] {
        let indent = String(repeating: " ", count: width + 2)
        return rows.flatMap { row -> [String] in
            var lines: [String]
            var rest = row.right[...]
            if row.left.count >= width {
                lines = ["  " + row.left]
            } else {
                lines = ["  " + row.left.padding(to: width) + (rest.first ?? "")]
                rest = rest.dropFirst()
            }
            return lines + rest.map { indent + $0 }
        }
    }

    /// The keys of `screen`, as the help lists them: `  KEYS   what they do`.
    static func keyLines(_ commands: CommandTable, screen: ScreenKind, mode: KeyMode = .commands) -> [String] {
        let rows = commands.helpRows(for: screen, mode: mode)
        let width = min((rows.map { $0.keys.count }.max() ?? 0) + 2, 22)
        return columns(rows.map { ($0.keys, [$0.help]) }, width: width)
    }

    /// The options of `section`, from the table: `  --name=VALUE   what it does`.
    static func optionLines(_ section: OptionSpec.Section) -> [String] {
        columns(OptionSpec.shown.filter { $0.section == section }.map { ($0.synopsis, [$0.helpText]) }, width: 22)
    }

    /// The full help: usage, keys (from the table of commands), mouse, options (from the table of
    /// options), configuration, exit codes and examples.
    public static func usage(commands: CommandTable) -> String {
        var lines = ["reel: \(summary).", "", "Usage:"]
        lines += columns(usageLines.map { ($0.command, [$0.help]) }, width: 26)
        for screen in ScreenKind.allCases {
            lines += ["", keysTitle(screen) + ":"] + keyLines(commands, screen: screen)
            for mode in commands.modes(of: screen) {
                lines += ["", "  " + mode.title + ":"] + keyLines(commands, screen: screen, mode: mode).map { "  " + $0 }
            }
        }
        lines += ["", "Mouse:"] + columns(mouseLines.map { ($0.gesture, $0.help) }, width: 16)
        for section in OptionSpec.Section.allCases {
            lines += ["", section.rawValue + ":"] + optionLines(section)
        }
        lines += ["", "Configuration:"] + configurationLines.map { "  " + $0 }
        lines += ["", "Exit codes:"] + columns(exitCodes.map { ($0.code, [$0.meaning]) }, width: 7)
        lines += ["", "Examples:"] + examples.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
