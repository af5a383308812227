import Controls
import Terminal

extension CommandTable {
    /// The player's keys as mpv's defaults have them (`--keys=mpv`), for everything reel does;
    /// the list and the poster, the menus and the global keys stay reel's.
    ///
    /// ← and → are mpv's 5 s steps, ↑ and ↓ its minute, and seeks stay exact; taps in a row add
    /// up in the skip tally ("+15 s"). A key mpv binds to what reel does not do is left free, so
    /// that it shows what mpv would have done (``MpvKeys/unboundHint(for:table:screen:)``).
    /// reel's own keys for what mpv has no key for stay where mpv leaves them free: c and Tab
    /// (the controls), k, a, Home and End, N, - and +, t (the tracks menu) and ?.
    public static func mpv(seekInterval: Seconds = DoubleTapSeek.Configuration.standardInterval,
                           doubleTapWindow: Seconds = DoubleTapSeek.Configuration.standardWindow) -> CommandTable {
        let reel = standard(seekInterval: seekInterval, doubleTapWindow: doubleTapWindow)
        func keys(_ names: String...) -> [KeyEvent] { names.compactMap(KeyName.parse) }
        func row(_ entries: [Entry], _ help: String) -> Row {
            Row(entries: entries, help: help, screens: [.player], modes: entries[0].command.modes)
        }
        let player = [
            row([Entry(keys("SPACE", "p", "k"), .cyclePause)], "play / pause; at the end, start again"),
            row([Entry(keys("LEFT"), .seek(-5, .relative)), Entry(keys("RIGHT"), .seek(5, .relative))],
                "back / forward 5 s, exact; taps in a row add up"),
            row([Entry(keys("DOWN"), .seek(-60, .relative)), Entry(keys("UP"), .seek(60, .relative))], "back / forward 1 min"),
            row([Entry(keys("Shift+LEFT"), .seek(-1, .relative)), Entry(keys("Shift+RIGHT"), .seek(1, .relative))],
                "back / forward 1 s"),
            row([Entry(keys("Shift+DOWN"), .seek(-5, .relative)), Entry(keys("Shift+UP"), .seek(5, .relative))],
                "back / forward 5 s"),
            row([Entry(keys("Shift+PGDWN"), .seek(-600, .relative)), Entry(keys("Shift+PGUP"), .seek(600, .relative))],
                "back / forward 10 min"),
            row([Entry(keys("HOME"), .seek(0, .absolute)), Entry(keys("END"), .seek(100, .absolutePercent))],
                "jump to the start / the end"),
            row([Entry(keys(","), .frameBackStep), Entry(keys("."), .frameStep)], "one frame back / forward (paused)"),
            row([Entry(keys("PGDWN"), .addChapter(-1)), Entry(keys("PGUP"), .addChapter(1))],
                "previous / next chapter, as mpv has them (PgDn after 2 s: this chapter's start)"),
            row([Entry(keys("<"), .playlistPrevious), Entry(keys(">", "ENTER", "N"), .playlistNext)], "previous / next item of the list"),
            row([Entry(keys("9", "/"), .addVolume(-2)), Entry(keys("0", "*"), .addVolume(2))], "volume − / + 2"),
            row([Entry(keys("m"), .cycleMute)], "mute / sound on"),
            row([Entry(keys("j"), .cycleSubtitles(forward: true)), Entry(keys("J"), .cycleSubtitles(forward: false))],
                "next / previous subtitle track, through off"),
            row([Entry(keys("v"), .cycleSubtitleVisibility)], "subtitles on / off"),
            row([Entry(keys("SHARP", "a"), .cycleAudio(forward: true))], "next audio track"),
            row([Entry(keys("z"), .addSubtitleDelay(-0.1)), Entry(keys("Z", "x"), .addSubtitleDelay(0.1))],
                "subtitle delay − / + 0.1 s"),
            row([Entry(keys("Ctrl+-", "-"), .addAudioDelay(-0.1)), Entry(keys("Ctrl++", "+"), .addAudioDelay(0.1))],
                "audio delay − / + 0.1 s"),
            row([Entry(keys("Ctrl+LEFT"), .subtitleSeek(-1)), Entry(keys("Ctrl+RIGHT"), .subtitleSeek(1))],
                "previous / next subtitle line"),
            row([Entry(keys("t", "F9"), .tracksMenu)], "audio, subtitles and chapters: a menu"),
            row([Entry(keys("["), .multiplySpeed(1 / 1.1)), Entry(keys("]"), .multiplySpeed(1.1))], "slower / faster (÷ / × 1.1)"),
            row([Entry(keys("{"), .multiplySpeed(0.5)), Entry(keys("}"), .multiplySpeed(2))], "half / double speed"),
            row([Entry(keys("BS"), .setSpeed(1))], "normal speed"),
            row([Entry(keys("L"), .cycleLoopFile)], "loop this file on / off"),
            row([Entry(keys("l"), .abLoop)], "A-B loop: set A here, then B, then clear it"),
            row([Entry(keys("i"), .stats), Entry(keys("I"), .statsToggle)], "stats for a few seconds / kept up"),
            row([Entry(keys("s"), .screenshot(subtitles: true)), Entry(keys("S"), .screenshot(subtitles: false))],
                "screenshot: the frame as a PNG, with the subtitles / without"),
            row([Entry(keys("g"), .subtitleLines)], "the subtitle lines: type to find one, Enter goes there (mpv 0.39's g-l)"),
            row([Entry(keys("o", "P"), .showProgress)], "show the controls and the time"),
            row([Entry(keys("O", "c", "TAB", "DEL"), .cycleControls)], "show / hide the controls"),
            row([Entry(keys("ESC"), .closeMenus)], "close a menu, the help or a card; never the player (as mpv's Esc)"),
            row([Entry(keys("F8"), .close)], "back to where you came from: the list, the poster card"),
            row([Entry(keys("q", "Q", "Ctrl+w"), .quit)], "quit (the position is kept for next time)"),
        ]
        // reel's rows for the other screens and modes, and the global keys, less the player's own
        // commands, close and quit, which the rows above give the player.
        var rest: [Row] = []
        for var row in reel.rows {
            let isPlayersOwn = row.modes.contains(.commands) && row.screens.contains(.player)
            let isGlobal = row.entries.allSatisfy { [.help, .interrupt, .suspend, .redraw].contains($0.command) }
            if isPlayersOwn && !isGlobal { row.screens.remove(.player) }
            if !row.screens.isEmpty { rest.append(row) }
        }
        return CommandTable(rows: player + rest)
    }

    /// The keys bound to `command` on `screen` (its commands), as the help shows them: "Space, k".
    public func keysLabel(for command: Command, on screen: ScreenKind) -> String {
        rows.filter { $0.screens.contains(screen) && $0.modes.contains(.commands) }
            .flatMap(\.entries).filter { $0.command == command }
            .flatMap(\.keys).map(KeyName.label).joined(separator: ", ")
    }
}
