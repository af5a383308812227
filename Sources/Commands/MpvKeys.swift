import Terminal

/// mpv's default keys (its built-in `input.conf`, as of 0.35), what each does there, and the
/// command of reel's that does the same, if reel has one.
///
/// This one list makes the player's keys under `--keys=mpv` (``CommandTable/mpv(seekInterval:doubleTapWindow:)``)
/// and the hint a key that does nothing shows ("i is not bound · in mpv: statistics").
public enum MpvKeys {
    /// One of mpv's default bindings.
    public struct Binding: Sendable, Equatable {
        /// The key as `input.conf` names it.
        public var key: String
        /// What mpv does, in a few words.
        public var meaning: String
        /// reel's command that does the same; nil where reel has none.
        public var command: Command?
    }

    private static func bind(_ key: String, _ meaning: String, _ command: Command?) -> Binding {
        Binding(key: key, meaning: meaning, command: command)
    }

    /// The keyboard's default bindings (mpv's mouse, keypad and media keys left out).
    public static let defaults: [Binding] = [
        bind("RIGHT", "seek 5 s", .seek(5, .relative)), bind("LEFT", "seek back 5 s", .seek(-5, .relative)),
        bind("UP", "seek 1 min", .seek(60, .relative)), bind("DOWN", "seek back 1 min", .seek(-60, .relative)),
        bind("Shift+RIGHT", "seek 1 s", .seek(1, .relative)), bind("Shift+LEFT", "seek back 1 s", .seek(-1, .relative)),
        bind("Shift+UP", "seek 5 s", .seek(5, .relative)), bind("Shift+DOWN", "seek back 5 s", .seek(-5, .relative)),
        bind("Ctrl+LEFT", "previous subtitle line", .subtitleSeek(-1)), bind("Ctrl+RIGHT", "next subtitle line", .subtitleSeek(1)),
        bind("PGUP", "next chapter", .addChapter(1)), bind("PGDWN", "previous chapter", .addChapter(-1)),
        bind("Shift+PGUP", "seek 10 min", .seek(600, .relative)), bind("Shift+PGDWN", "seek back 10 min", .seek(-600, .relative)),
        bind("[", "slower (÷1.1)", .multiplySpeed(1 / 1.1)), bind("]", "faster (×1.1)", .multiplySpeed(1.1)),
        bind("{", "half speed", .multiplySpeed(0.5)), bind("}", "double speed", .multiplySpeed(2)),
        bind("BS", "normal speed", .setSpeed(1)),
        bind("q", "quit", .quit), bind("Q", "quit and remember the position", .quit),
        bind("ESC", "leave full screen", .closeMenus),
        bind("p", "play / pause", .cyclePause), bind("SPACE", "play / pause", .cyclePause),
        bind(".", "one frame forward", .frameStep), bind(",", "one frame back", .frameBackStep),
        bind(">", "next file", .playlistNext), bind("ENTER", "next file", .playlistNext), bind("<", "previous file", .playlistPrevious),
        bind("o", "show the progress", .showProgress), bind("P", "show the progress", .showProgress),
        bind("O", "OSD always or on input", .cycleControls), bind("DEL", "the on-screen controller", .cycleControls),
        bind("z", "subtitle delay − 0.1 s", .addSubtitleDelay(-0.1)), bind("Z", "subtitle delay + 0.1 s", .addSubtitleDelay(0.1)),
        bind("x", "subtitle delay + 0.1 s", .addSubtitleDelay(0.1)),
        bind("Ctrl++", "audio delay + 0.1 s", .addAudioDelay(0.1)), bind("Ctrl+-", "audio delay − 0.1 s", .addAudioDelay(-0.1)),
        bind("9", "volume − 2", .addVolume(-2)), bind("/", "volume − 2", .addVolume(-2)),
        bind("0", "volume + 2", .addVolume(2)), bind("*", "volume + 2", .addVolume(2)),
        bind("m", "mute", .cycleMute), bind("v", "subtitles on / off", .cycleSubtitleVisibility),
        bind("j", "next subtitle track", .cycleSubtitles(forward: true)),
        bind("J", "previous subtitle track", .cycleSubtitles(forward: false)),
        bind("SHARP", "next audio track", .cycleAudio(forward: true)),
        bind("L", "loop the file", .cycleLoopFile),
        bind("F9", "the track list", .tracksMenu),
        bind("Ctrl+c", "quit", .interrupt),
        bind("Ctrl+w", "quit", .quit),
        // What reel does not do.
        bind("i", "statistics", .stats), bind("I", "statistics, kept up", .statsToggle),
        bind("s", "screenshot", .screenshot(subtitles: true)), bind("S", "screenshot without subtitles", .screenshot(subtitles: false)),
        bind("Ctrl+s", "screenshot of the window", nil), bind("Alt+s", "a screenshot of every frame", nil),
        bind("l", "A-B loop", .abLoop), bind("E", "next edition", nil), bind("F8", "the playlist", .close),
        bind("`", "the console", nil), bind("f", "full screen", nil), bind("T", "stay on top", nil),
        bind("_", "next video track", nil), bind("A", "aspect ratio", nil), bind("d", "deinterlace", nil),
        bind("Ctrl+h", "hardware decoding", nil), bind("Shift+BS", "undo the last seek", nil),
        bind("Ctrl+Shift+LEFT", "subtitle step back", nil), bind("Ctrl+Shift+RIGHT", "subtitle step", nil),
        bind("G", "bigger subtitles", nil), bind("F", "smaller subtitles", nil),
        bind("r", "subtitles up", nil), bind("R", "subtitles down", nil), bind("t", "subtitles down", nil),
        bind("V", "ASS subtitles' video data", nil), bind("u", "ASS style override", nil),
        bind("Alt+v", "second subtitles on / off", nil),
        bind("1", "contrast −", nil), bind("2", "contrast +", nil), bind("3", "brightness −", nil),
        bind("4", "brightness +", nil), bind("5", "gamma −", nil), bind("6", "gamma +", nil),
        bind("7", "saturation −", nil), bind("8", "saturation +", nil),
        bind("w", "pan and scan −", nil), bind("W", "pan and scan +", nil), bind("e", "pan and scan +", nil),
        bind("Alt+0", "half window size", nil), bind("Alt+1", "normal window size", nil), bind("Alt+2", "double window size", nil),
    ]

    /// mpv's default binding of `event`, if it has one.
    public static func binding(for event: KeyEvent) -> Binding? {
        let key = KeyName.normalized(event)
        return defaults.first { KeyName.parse($0.key).map(KeyName.normalized) == key }
    }

    /// The hint for a key that does nothing on `screen` with `table`: "i is not bound · in mpv:
    /// statistics", "p is not bound · mpv's play / pause is Space, k here"; and how to see the keys.
    public static func unboundHint(for event: KeyEvent, table: CommandTable, screen: ScreenKind) -> String {
        let name = KeyName.label(event)
        var parts = ["\(name) is not bound"]
        // mpv's keys are a player's: the list and the card only say the key is free.
        if screen == .player, let binding = binding(for: event) {
            let keys = binding.command.map { table.keysLabel(for: $0, on: screen) } ?? ""
            parts.append(keys.isEmpty ? "in mpv: \(binding.meaning)" : "mpv's \(binding.meaning) is \(keys) here")
        }
        parts.append("? lists the keys")
        return parts.joined(separator: " · ")
    }
}
