import Terminal

extension OptionSpec {
    /// Every option of reel, in the order `--help` lists them.
    public static let all: [OptionSpec] = {
        func flag(_ name: String, _ help: String, _ section: Section, shownOff: Bool = false) -> OptionSpec {
            OptionSpec(name: name, kind: .flag, help: help, section: section, shownOff: shownOff)
        }
        func value(_ name: String, _ placeholder: String, _ help: String, _ section: Section) -> OptionSpec {
            OptionSpec(name: name, kind: .value(placeholder), help: help, section: section)
        }
        func command(_ name: String, _ kind: Kind, _ help: String, _ section: Section) -> OptionSpec {
            OptionSpec(name: name, kind: kind, help: help, section: section, commandLineOnly: true)
        }
        return [
            value("start", "TIME", "start at TIME: 90, 1:30, 1:02:03, 25%, or -10 (before the end)", .playback),
            value("volume", "N", "volume 0…130 (default 100)", .playback),
            flag("mute", "start muted", .playback),
            OptionSpec(name: "no-audio", kind: .bare, help: "play no sound", section: .playback),
            flag("loop", "play the file again and again", .playback),
            flag("pause", "start paused", .playback),
            value("speed", "X", "playback speed 0.01…100", .playback),
            OptionSpec(name: "keep-open", kind: .choice(["yes", "no"]),
                       help: "at the end of the last item: stay on its last frame (yes, default) or quit (no)",
                       section: .playback),
            value("hide-delay", "S", "hide the controls after S s of playback without input (default 3)", .playback),
            value("seek-interval", "S", "seconds per skip (default 10; 0 turns skipping off)", .playback),
            flag("reduce-motion", "no animations: fades, ripples and the reveal happen at once", .playback),
            flag("screen-reader", "controls never hide; state changes are written as plain lines", .playback),
            OptionSpec(name: "scrub-preview", kind: .choice(["yes", "no"]),
                       help: "hovering over or dragging the bar shows the frame there, its time and chapter (yes, default)",
                       section: .playback),
            flag("progress-line", "keep a one-row progress line while the controls are hidden", .playback),

            value("sid", "N|no|auto", "the subtitle track", .tracks),
            value("secondary-sid", "N", "a second subtitle track, shown above the first", .tracks),
            OptionSpec(name: "no-sub", kind: .bare, help: "no subtitles", section: .tracks),
            value("aid", "N|no|auto", "the audio track", .tracks),
            value("slang", "LIST", "preferred subtitle languages, such as eng,fra", .tracks),
            value("alang", "LIST", "preferred audio languages", .tracks),
            OptionSpec(name: "sub-file", kind: .path("PATH"), help: "add a subtitle file (may be given more than once)",
                       section: .tracks),
            value("sub-delay", "S", "show subtitles S seconds later (negative: earlier)", .tracks),
            value("audio-delay", "S", "play sound S seconds later (negative: earlier)", .tracks),

            flag("list", "start at the list, even with files given", .lists),
            value("autoplay-delay", "S", "Up next counts down S seconds before the next item (default 5; 0: at once)", .lists),
            flag("loop-playlist", "after the last item, start again at the first", .lists),
            flag("shuffle", "play the items in a random order", .lists),
            flag("recursive", "folders: look in subfolders too", .lists),
            flag("only-playable", "folders: leave out files mpv cannot play", .lists),
            value("network-timeout", "S", "give up on a stream that stays silent for S seconds", .lists),
            flag("ytdl", "let mpv open web pages with yt-dlp (off by default)", .lists),

            flag("poster", "start at the poster card", .picture),
            value("aspect", "W:H", "poster frame ratio (default: the video's own; 0 or less means 16:9)", .picture),
            value("corner-radius", "N", "poster corner radius in cells (default 2)", .picture),
            OptionSpec(name: "colors", kind: .choice(["auto", "truecolor", "256"]),
                       help: "colour output (auto: truecolor when COLORTERM says so); given, reel draws even where TERM is dumb or unset",
                       section: .picture),
            OptionSpec(name: "blitter", kind: .choice(BlitterChoice.Preference.allCases.map(\.rawValue)),
                       help: "how cells draw pictures: half (2 pixels a cell), quadrant (4), sextant (sextants, halves, quadrants and eighths, the best each cell), octant (8; Unicode 16, few terminals); auto: sextants where the terminal is known to draw them, else quadrants. Named, it draws cells even where the terminal has pixels",
                       section: .picture),
            OptionSpec(name: "graphics", kind: .choice(["auto", "kitty", "sixel", "blocks"]),
                       help: "the terminal's own pixels where it has them (auto: kitty graphics or sixel when the terminal says so and --blitter is not named; blocks, i.e. cells, in tmux)",
                       section: .picture),

            flag("resume", "do not resume where an item was left, nor remember it", .other, shownOff: true),
            flag("mpv-config", "let mpv read your mpv.conf and scripts (off by default)", .other),
            flag("mpris", "do not answer media keys, playerctl and desktop widgets (MPRIS2 on the session bus)", .other,
                 shownOff: true),
            OptionSpec(name: "input-ipc-server", kind: .path("PATH"),
                       help: "mpv's JSON IPC on a socket at PATH (off by default; whoever can open it controls mpv; an existing PATH that is not a socket is refused)",
                       section: .other),
            OptionSpec(name: "log-file", kind: .path("PATH"), help: "append mpv's log to PATH (checked first: exit 2 if it cannot be)", section: .other),
            flag("stats", "print frames, bytes and timings to stderr at exit", .other),
            command("forget-all", .bare, "forget every resume record (the continue-watching list), after a confirmation", .other),
            command("no-config", .bare, "do not read reel.conf", .other),
            command("help", .bare, "this text", .other),
            command("version", .bare, "the version of reel and of the libmpv it runs on", .other),

            value("reveal-duration", "S", "the poster's reveal takes S seconds instead of 0.6 (to watch or test it)", .developer),
            command("man", .bare, "print the man page (roff)", .developer),
            command("completions", .choice(["bash", "zsh", "fish"]), "print the shell's completion script", .developer),
        ]
    }()
}
