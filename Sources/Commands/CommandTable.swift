import Controls
import Terminal

/// The screens a key can act on.
public enum ScreenKind: String, Sendable, Hashable, CaseIterable {
    case player, list, poster
}

/// Every key of every screen in one table: the key, the command it runs, its help text, and the
/// screens it works on.
///
/// The table drives the key handlers, the `?` overlay and `--help`, and a test holds README's
/// key table to it. User bindings (`[keys]` in reel.conf) change it with ``bind(_:to:)``.
public struct CommandTable: Sendable, Equatable {
    /// Keys that run one command.
    public struct Entry: Sendable, Equatable {
        public var keys: [KeyEvent]
        public var command: Command

        public init(_ keys: [KeyEvent], _ command: Command) {
            self.keys = keys
            self.command = command
        }
    }

    /// One line of help: one or more entries described together ("← / →").
    public struct Row: Sendable, Equatable {
        public var entries: [Entry]
        /// What the keys do, in a few words.
        public var help: String
        public var screens: Set<ScreenKind>
        /// The modes the keys work in: the screen's commands (and Up next) unless the row is a mode's.
        public var modes = KeyMode.withCommands
        /// How the keys are shown when the plain list would be too long ("0 … 9").
        public var keysLabel: String?
        /// A binding from the user's config.
        public var isUserBinding = false

        /// The keys as the help shows them: entries by " / ", keys of one entry by ", ".
        public var keysText: String {
            if let keysLabel { return keysLabel }
            return entries.map { $0.keys.map(KeyName.label).joined(separator: ", ") }.joined(separator: " / ")
        }
    }

    public private(set) var rows: [Row]

    public init(rows: [Row]) { self.rows = rows }

    /// The command `event` runs on `screen` in `mode`, or nil when the key does nothing there.
    public func command(for event: KeyEvent, on screen: ScreenKind, in mode: KeyMode = .commands) -> Command? {
        let key = KeyName.normalized(event)
        for row in rows where row.screens.contains(screen) && row.modes.contains(mode) {
            for entry in row.entries where entry.keys.contains(key) { return entry.command }
        }
        return nil
    }

    /// Binds `key` to `command` on the screens and in the modes the command works in, in place of
    /// what the key did there; `ignore` unbinds it. The rows of other modes (the tracks menu's,
    /// the filter's) keep the key.
    public mutating func bind(_ key: KeyEvent, to command: Command) {
        let key = KeyName.normalized(key)
        let screens = command.screens, modes = command.modes
        for index in rows.indices
        where !rows[index].screens.isDisjoint(with: screens) && !rows[index].modes.isDisjoint(with: modes) {
            for entryIndex in rows[index].entries.indices {
                rows[index].entries[entryIndex].keys.removeAll { $0 == key }
            }
            if rows[index].keysLabel != nil, rows[index].entries.contains(where: { $0.keys.isEmpty }) {
                rows[index].keysLabel = nil
            }
            rows[index].entries.removeAll { $0.keys.isEmpty }
        }
        rows.removeAll { $0.entries.isEmpty }
        guard command != .ignore else { return }
        var row = Row(entries: [Entry([key], command)], help: command.text, screens: screens, modes: modes)
        row.isUserBinding = true
        rows.append(row)
    }

    /// The keys of `screen` as a Markdown table, as README.md shows them.
    public func markdownTable(for screen: ScreenKind) -> String {
        var lines = ["| key | what it does |", "|---|---|"]
        for row in helpRows(for: screen) {
            let keys = row.keys.map { $0 == "|" ? "\\|" : String($0) }.joined()
            lines.append("| \(keys) | \(row.help) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The help rows for `screen` in `mode`: (keys, what they do). For a mode other than the
    /// screen's commands, only the mode's own rows.
    public func helpRows(for screen: ScreenKind, mode: KeyMode = .commands) -> [(keys: String, help: String)] {
        rows(for: screen, mode: mode).map { ($0.keysText, $0.help) }
    }

    /// The rows `--help` lists for `screen` in `mode`: for a mode other than the screen's
    /// commands, only the mode's own rows (not the global ones it keeps).
    public func rows(for screen: ScreenKind, mode: KeyMode = .commands) -> [Row] {
        rows.filter { $0.screens.contains(screen) && $0.modes.contains(mode) && (mode == .commands || !$0.modes.contains(.commands)) }
    }

    /// The modes of `screen` that have rows of their own, which `--help` lists after its commands.
    public func modes(of screen: ScreenKind) -> [KeyMode] {
        KeyMode.allCases.filter { $0 != .commands && !helpRows(for: screen, mode: $0).isEmpty }
    }
}

extension CommandTable {
    /// reel's keys, with skips of `seekInterval` seconds (0 or less: skipping is off) and double
    /// taps within `doubleTapWindow` seconds.
    public static func standard(seekInterval: Seconds = DoubleTapSeek.Configuration.standardInterval,
                                doubleTapWindow: Seconds = DoubleTapSeek.Configuration.standardWindow) -> CommandTable {
        func key(_ name: String) -> KeyEvent {
            guard let event = KeyName.parse(name) else { preconditionFailure("bad key name \(name)") }
            return event
        }
        func keys(_ names: String...) -> [KeyEvent] { names.map(key) }
        func row(_ entries: [Entry], _ help: String, _ screens: Set<ScreenKind>, label: String? = nil,
                 modes: Set<KeyMode>? = nil) -> Row {
            Row(entries: entries, help: help, screens: screens, modes: modes ?? entries[0].command.modes, keysLabel: label)
        }
        // A filter being typed, the list's or the subtitle lines' (other keys are its text): Enter
        // and Esc, then the same keys on both to edit it and move through what it leaves.
        func typing(on screen: ScreenKind, enter: (Command, String), escape: String, item: String) -> [Row] {
            [row([Entry(keys("ENTER"), enter.0)], enter.1, [screen], modes: [.filter]),
             row([Entry(keys("ESC"), .close)], escape, [screen], modes: [.filter]),
             row([Entry(keys("BS"), .filterErase), Entry(keys("Ctrl+u"), .filterClear)],
                 "erase the last character / all of it", [screen], modes: [.filter]),
             row([Entry(keys("DOWN"), .listMove(1)), Entry(keys("UP"), .listMove(-1))], "next / previous \(item)", [screen],
                 modes: [.filter]),
             row([Entry(keys("PGDWN"), .listPage(1)), Entry(keys("PGUP"), .listPage(-1))], "a page down / up", [screen],
                 modes: [.filter])]
        }
        let step = seekInterval > 0 ? "\(SkipTally.number(seekInterval)) s" : "(skipping is off)"
        let digits = (0...9).map { Entry([key(String($0))], .seek(Double($0 * 10), .absolutePercent)) }
        let all = Set(ScreenKind.allCases)
        return CommandTable(rows: [
            // The player.
            row([Entry(keys("SPACE", "k"), .cyclePause)], "play / pause; at the end, start again", [.player]),
            row([Entry(keys("LEFT"), .doubleTap(.backward)), Entry(keys("RIGHT"), .doubleTap(.forward))],
                "twice within \(SkipTally.number(doubleTapWindow)) s: skip back / forward \(step), more taps add up; once: show the controls",
                [.player]),
            row([Entry(keys("j"), .skip(.backward)), Entry(keys("l"), .skip(.forward))],
                "skip back / forward \(step) at once", [.player]),
            row([Entry(keys("UP"), .addVolume(5)), Entry(keys("DOWN"), .addVolume(-5))], "volume + / − 5", [.player]),
            row([Entry(keys("m"), .cycleMute)], "mute / sound on", [.player]),
            row(digits, "jump to 0 % … 90 %", [.player], label: "0 … 9"),
            row([Entry(keys("HOME"), .seek(0, .absolute)), Entry(keys("END"), .seek(100, .absolutePercent))],
                "jump to the start / the end", [.player]),
            row([Entry(keys(","), .frameBackStep), Entry(keys("."), .frameStep)], "one frame back / forward (paused)", [.player]),
            row([Entry(keys("PGUP"), .addChapter(-1)), Entry(keys("PGDWN"), .addChapter(1))],
                "previous / next chapter (PgUp after 2 s: this chapter's start)", [.player]),
            row([Entry(keys("<", "P"), .playlistPrevious), Entry(keys(">", "N"), .playlistNext)],
                "previous / next item of the list", [.player]),
            row([Entry(keys("s"), .cycleSubtitles(forward: true))], "next subtitle track, then off", [.player]),
            row([Entry(keys("v"), .cycleSubtitleVisibility)], "subtitles on / off", [.player]),
            row([Entry(keys("a"), .cycleAudio(forward: true))], "next audio track", [.player]),
            row([Entry(keys("z"), .addSubtitleDelay(-0.1)), Entry(keys("Z"), .addSubtitleDelay(0.1))],
                "subtitle delay − / + 0.1 s", [.player]),
            row([Entry(keys("-"), .addAudioDelay(-0.1)), Entry(keys("+"), .addAudioDelay(0.1))],
                "audio delay − / + 0.1 s", [.player]),
            row([Entry(keys("Ctrl+LEFT"), .subtitleSeek(-1)), Entry(keys("Ctrl+RIGHT"), .subtitleSeek(1))],
                "previous / next subtitle line", [.player]),
            row([Entry(keys("t"), .tracksMenu)], "audio, subtitles and chapters: a menu", [.player]),
            row([Entry(keys("["), .speedStep(-1)), Entry(keys("]"), .speedStep(1))], "slower / faster (0.25× … 4×)", [.player]),
            row([Entry(keys("BS"), .setSpeed(1))], "normal speed", [.player]),
            row([Entry(keys("L"), .cycleLoopFile)], "loop this file on / off", [.player]),
            row([Entry(keys("b"), .abLoop)], "A-B loop: set A here, then B, then clear it", [.player]),
            row([Entry(keys("i"), .stats), Entry(keys("I"), .statsToggle)], "stats for a few seconds / kept up", [.player]),
            row([Entry(keys("/"), .subtitleLines)], "the subtitle lines: type to find one, Enter goes there", [.player]),
            row([Entry(keys("Ctrl+s"), .screenshot(subtitles: true)), Entry(keys("S"), .screenshot(subtitles: false))],
                "screenshot: the frame as a PNG, with the subtitles / without", [.player]),
            row([Entry(keys("c", "TAB"), .cycleControls)], "show / hide the controls", [.player]),
            // The list.
            row([Entry(keys("j", "DOWN"), .listMove(1)), Entry(keys("k", "UP"), .listMove(-1))], "next / previous item", [.list]),
            row([Entry(keys("SPACE", "PGDWN"), .listPage(1)), Entry(keys("PGUP"), .listPage(-1))], "a page down / up", [.list]),
            row([Entry(keys("g", "HOME"), .listFirst), Entry(keys("G", "END"), .listLast)], "first / last item", [.list]),
            row([Entry(keys("ENTER"), .play)], "play the selected item", [.list]),
            row([Entry(keys("p"), .poster)], "the selected item's poster card", [.list]),
            row([Entry(keys("/"), .filter)], "filter by name as you type (Enter keeps it, Esc clears it)", [.list]),
            row([Entry(keys("d", "DEL"), .forget)], "continue watching: forget the selected item", [.list]),
            row([Entry(keys("u"), .forgetUndo)], "continue watching: bring the item forgotten last back", [.list]),
            row([Entry(keys("D"), .forgetAll)], "continue watching: forget everything (asks first)", [.list]),
        ] + typing(on: .list, enter: (.filterAccept, "keep the filter and stop typing"),
                   escape: "clear the filter and stop typing", item: "item")
          + typing(on: .player, enter: (.play, "go to the highlighted line"), escape: "close the lines", item: "line") + [
            // The tracks menu, while it is open.
            row([Entry(keys("j", "DOWN"), .listMove(1)), Entry(keys("k", "UP"), .listMove(-1))], "next / previous line",
                [.player], modes: [.tracksMenu]),
            row([Entry(keys("HOME", "PGUP"), .listFirst), Entry(keys("END", "PGDWN"), .listLast)], "first / last line",
                [.player], modes: [.tracksMenu]),
            row([Entry(keys("ENTER", "SPACE"), .play)], "pick the line: the track, or the chapter's start", [.player],
                modes: [.tracksMenu]),
            row([Entry(keys("x", "ESC", "t"), .close)], "close the menu", [.player], modes: [.tracksMenu]),
            // The Up next card, while it counts down.
            row([Entry(keys("ENTER"), .play)], "play the next item now", [.player], modes: [.upNext]),
            // The poster card.
            row([Entry(keys("ENTER", "SPACE"), .play)], "play: the video opens through a growing circle", [.poster]),
            // The `?` overlay, while it is up; any other key closes it.
            row([Entry(keys("DOWN", "PGDWN", "SPACE"), .listPage(1)), Entry(keys("UP", "PGUP"), .listPage(-1))],
                "the next / previous page of keys", all, modes: [.help]),
            // Everywhere.
            row([Entry(keys("?"), .help)], "this list of keys", all),
            row([Entry(keys("x", "ESC"), .close)], "close: a menu or card first, then back to where you came from", all),
            row([Entry(keys("q", "Q"), .quit)], "quit (the position is kept for next time)", all),
            row([Entry(keys("Ctrl+c"), .interrupt)], "quit at once, as the interrupt signal does (exit 130)", all),
            row([Entry(keys("Ctrl+z"), .suspend)], "suspend; fg brings reel back", all),
            row([Entry(keys("Ctrl+l"), .redraw)], "draw the screen again", all),
        ])
    }
}
