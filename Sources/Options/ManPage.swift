import Commands
import Screens

/// The man page, reel(1), in roff: written from the table of options, the table of commands and
/// the words `--help` uses (``HelpText``), so that it says what `--help` says.
///
/// `reel --man` prints it; docs/reel.1 is its output, kept in the repository and checked by a
/// test, and the install script and the package install that file.
public enum ManPage {
    /// The whole page.
    public static func text() -> String {
        var page: [String] = [
            #".\" reel(1), written by `reel --man` from reel's tables of options and commands: do not edit."#,
            ".TH REEL 1 \"\" \"reel \(HelpText.version)\" \"User Commands\"",
            ".SH NAME",
            "reel \\- " + escaped(HelpText.summary),
            ".SH SYNOPSIS",
            ".B reel",
            "[\\fIOPTION\\fR]... [\\fIFILE\\fR|\\fIURL\\fR|\\fIDIR\\fR|\\fB\\-\\fR]...",
            ".SH DESCRIPTION",
            text("""
                reel plays video inside the terminal. mpv (through libmpv) decodes the file, keeps time and \
                plays the sound; reel draws the picture as coloured cells and puts its own controls on top: \
                a title, back, play/pause and forward, and a scrubber with the times. Every time on screen \
                is mpv's real position, and every pause and skip is a real mpv command.
                """),
        ]
        for line in HelpText.usageLines { page += item(bold(line.command), [line.help]) }
        page += [".SS Continue watching", text(HelpText.continueWatchingLines.joined(separator: " "))]
        page += [".SH OPTIONS",
                 text("Options take \\fB\\-\\-name=value\\fR or \\fB\\-\\-name value\\fR. A flag also takes "
                      + "\\fB=yes\\fR or \\fB=no\\fR (or " + escaped(otherSwitchWords) + "), and "
                      + "\\fB\\-\\-no\\-name\\fR turns it off (to undo a line of "
                      + "reel.conf, say). \\fB\\-\\-\\fR ends the options, so that a file may begin with a dash.",
                      escaping: false)]
        for section in OptionSpec.Section.allCases {
            page.append(".SS " + escaped(section == .playback ? "Playing" : section.rawValue))
            for spec in OptionSpec.shown where spec.section == section {
                page += item(synopsis(spec), [spec.helpText + (spec.commandLineOnly ? " (not in reel.conf)" : "")])
            }
        }
        page += [".SH KEYS",
                 text("Every key below is a line of reel's table of commands, named as mpv's input commands are; "
                      + "the [keys] section of reel.conf binds others (see CONFIGURATION).")]
        let commands = CommandTable.standard()
        for screen in ScreenKind.allCases {
            page.append(".SS " + escaped(HelpText.keysTitle(screen)))
            page += keyItems(commands.rows(for: screen))
            for mode in commands.modes(of: screen) {
                page += [".PP", "\\fI" + escaped(mode.title) + ":\\fR"] + keyItems(commands.rows(for: screen, mode: mode))
            }
        }
        page += [".SS " + escaped("The player with --keys=mpv"),
                 text("mpv's default keys for everything reel does; the list, the poster, the menus and the keys above "
                      + "that work everywhere stay as they are. A key mpv binds to something reel does not do is left "
                      + "free, and pressing it says what mpv would have done.")]
        page += keyItems(CommandTable.mpv().rows(for: .player).filter { !$0.screens.contains(.list) })
        page.append(".SH MOUSE")
        for line in HelpText.mouseLines { page += item(bold(line.gesture), line.help) }
        page += [".SH CONFIGURATION", text(HelpText.configurationLines.joined(separator: " ")),
                 text("For example:"), ".PP", ".RS", ".nf"]
        page += HelpText.exampleConfig.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
        page += [".fi", ".RE", text("A bad line stops reel before the terminal is touched, with one line naming "
                                    + "the file, the line and the reason, and exit code 2.")]
        page.append(".SH ENVIRONMENT")
        page += item(bold("XDG_CONFIG_HOME"), ["where reel.conf is: $XDG_CONFIG_HOME/reel/reel.conf (default ~/.config)"])
        page += item(bold("XDG_STATE_HOME"), ["where positions are remembered, and the continue-watching list comes from: "
                                              + "$XDG_STATE_HOME/reel/resume (default ~/.local/state)"])
        page += item(bold("XDG_CACHE_HOME"), ["where the library keeps thumbnails: $XDG_CACHE_HOME/reel/probes, and MPRIS's cover art: $XDG_CACHE_HOME/reel/art (default ~/.cache)"])
        page += item(bold("COLORTERM"), ["truecolor or 24bit: 24-bit colour; otherwise the 256-colour palette (see --colors)"])
        page += item(bold("DBUS_SESSION_BUS_ADDRESS"), ["the session bus, where reel answers media keys, playerctl and the "
                                                        + "desktop's media widgets as org.mpris.MediaPlayer2.reel.instancePID "
                                                        + "(MPRIS2); without it MPRIS is off, and reel never starts a bus"])
        page.append(".SH EXIT STATUS")
        for code in HelpText.exitCodes { page += item(bold(code.code), [code.meaning]) }
        page.append(".SH EXAMPLES")
        for example in HelpText.examples { page += [".PP", escaped(example)] }
        page += [".SH SEE ALSO", ".BR mpv (1),", ".BR playerctl (1)"]
        return page.joined(separator: "\n") + "\n"
    }

    /// The words a flag takes besides yes and no, in pairs: "true/false, on/off, 1/0".
    static var otherSwitchWords: String {
        let words = OptionSpec.switchWords.dropFirst(2).map(\.word)
        return stride(from: 0, to: words.count - 1, by: 2).map { words[$0] + "/" + words[$0 + 1] }.joined(separator: ", ")
    }

    /// Each row as a tagged paragraph: its keys, what they do, and the commands they run.
    static func keyItems(_ rows: [CommandTable.Row]) -> [String] {
        rows.flatMap { row -> [String] in
            var names: [String] = []
            for entry in row.entries where !names.contains(entry.command.text) { names.append(entry.command.text) }
            let shown = names.count > 3 ? [names[0], "…", names[names.count - 1]] : names
            return item(bold(row.keysText), [row.help], then: "command: " + shown.joined(separator: " / "))
        }
    }

    /// A tagged paragraph: the tag on its line, then each line of `body`, broken where written.
    public static func item(_ tag: String, _ body: [String], then note: String? = nil) -> [String] {
        var lines = [".TP", tag]
        for (index, line) in body.enumerated() {
            if index > 0 { lines.append(".br") }
            lines.append(escaped(line))
        }
        if let note { lines += [".br", "\\fI" + escaped(note) + "\\fR"] }
        return lines
    }

    /// The option as the page writes it: the name in bold, the value in italics.
    static func synopsis(_ spec: OptionSpec) -> String {
        let text = spec.synopsis
        guard let equals = text.firstIndex(of: "=") else { return bold(text) }
        return bold(String(text[..<equals])) + "=\\fI" + escaped(String(text[text.index(after: equals)...])) + "\\fR"
    }

    public static func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR" }

    /// A paragraph of running text.
    public static func text(_ words: String, escaping: Bool = true) -> String {
        ".PP\n" + (escaping ? escaped(words) : words)
    }

    /// Text made safe for roff: backslashes and dashes escaped, anything beyond ASCII as a
    /// `\[uXXXX]` glyph, and a leading `.` or `'` kept from being read as a request.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value >= 0x80:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            case _ where scalar.value < 0x20: out += " "
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out.hasPrefix(".") || out.hasPrefix("'") ? "\\&" + out : out
    }
}
