import Playback
import System
import Graphics
import Terminal

extension OptionSpec {
    /// Every option of reel, in the order `--help` lists them: one row each.
    public static let all: [OptionSpec] = [
        parsed("start", .value("TIME"), "start at TIME: 90, 1:30, 1:02:03, 25%, or -10 (before the end)", .playback,
               ReelOptions.parseStart, into: { $0.start = $1 }),
        number("volume", "N", "volume 0…130 (default 100)", .playback, in: 0...130, expected: "a volume") { $0.mpv.volume = $1 },
        flag("mute", \.mpv.mute, "start muted", .playback),
        // mpv's spelling; `--audio` alone is not an option.
        bare("no-audio", "play no sound", .playback) { $0.mpv.audio = false },
        flag("loop", \.mpv.loop, "play the file again and again", .playback),
        flag("pause", \.pause, "start paused", .playback),
        number("speed", "X", "playback speed 0.01…100", .playback, in: 0.01...100, expected: "a speed") { $0.mpv.speed = $1 },
        yesNo("keep-open", "at the end of the last item: stay on its last frame (yes) or quit (no)", .playback, at: \.playlist.keepOpen),
        number("hide-delay", "S", "hide the controls after S s of playback without input", .playback, in: 0...86_400,
               expected: "seconds", at: \.player.chrome.hideDelay),
        number("notice-duration", "S", "show a notice (the volume, a track, a chapter) for S s", .playback,
               in: 0.1...3_600, expected: "seconds", at: \.player.noticeDuration),
        // 0 turns skipping off; a negative interval is refused rather than read as off.
        number("seek-interval", "S", "seconds per skip; 0 turns skipping off", .playback, in: 0...86_400,
               expected: "seconds", at: \.player.skips.interval),
        choice("keys", "the player's keys: reel's, or mpv's defaults (← → 5 s, ↑ ↓ 1 min, 9 0 volume, j subtitles, # audio); reel.conf's [keys] still apply over them",
               .playback, KeyMap.self) { $0.keys = $1 },
        number("double-tap-window", "S", "two presses of ← or → (or two clicks) at most S s apart are a double tap",
               .playback, in: 0.05...2, expected: "seconds", at: \.player.skips.doubleTapWindow),
        flag("reduce-motion", \.player.reduceMotion, "no animations: fades, ripples and the reveal happen at once", .playback),
        flag("screen-reader", \.player.screenReader, "controls never hide; state changes are written as plain lines", .playback),
        yesNo("scrub-preview", "hovering over or dragging the bar shows the frame there, its time and chapter", .playback,
              at: \.player.scrubPreview),
        flag("progress-line", \.player.progressLine, "keep a one-row progress line while the controls are hidden", .playback),

        parsed("sid", .value("N|no|auto"), "the subtitle track", .tracks, ReelOptions.parseTrack) { $0.mpv.tracks.subtitles = $1 },
        parsed("secondary-sid", .value("N"), "a second subtitle track, shown above the first", .tracks,
               ReelOptions.parseTrack) { $0.mpv.tracks.secondarySubtitles = $1 },
        bare("no-sub", "no subtitles", .tracks) { $0.mpv.tracks.subtitles = .none },
        parsed("aid", .value("N|no|auto"), "the audio track", .tracks, ReelOptions.parseTrack) { $0.mpv.tracks.audio = $1 },
        parsed("slang", .value("LIST"), "preferred subtitle languages, such as eng,fra", .tracks,
               ReelOptions.parseLanguages) { $0.mpv.tracks.subtitleLanguages = $1 },
        parsed("alang", .value("LIST"), "preferred audio languages", .tracks,
               ReelOptions.parseLanguages) { $0.mpv.tracks.audioLanguages = $1 },
        path("sub-file", "add a subtitle file (may be given more than once)", .tracks,
             expected: "a subtitle file") { $0.mpv.tracks.subtitleFiles.append(FilePath($1)) },
        number("sub-delay", "S", "show subtitles S seconds later (negative: earlier)", .tracks, in: -600...600,
               expected: "seconds") { $0.mpv.tracks.subtitleDelay = $1 },
        number("audio-delay", "S", "play sound S seconds later (negative: earlier)", .tracks, in: -600...600,
               expected: "seconds") { $0.mpv.tracks.audioDelay = $1 },

        flag("list", \.list, "start at the list, even with files given", .lists),
        number("autoplay-delay", "S", "Up next counts down S seconds before the next item; 0: at once", .lists, in: 0...3600,
               expected: "seconds", at: \.playlist.autoplayDelay),
        flag("loop-playlist", \.playlist.loopPlaylist, "after the last item, start again at the first", .lists),
        flag("shuffle", \.shuffle, "play the items in a random order", .lists),
        flag("recursive", \.recursive, "folders: look in subfolders too", .lists),
        flag("only-playable", \.listScreen.onlyPlayable, "folders: leave out files mpv cannot play", .lists),
        number("network-timeout", "S", "give up on a stream that stays silent for S seconds", .lists, in: 0.1...3600,
               expected: "seconds") { $0.mpv.networkTimeout = $1 },
        flag("ytdl", \.ytdl, "let mpv open web pages with yt-dlp (off by default)", .lists),

        flag("poster", \.poster, "start at the poster card", .picture),
        parsed("aspect", .value("W:H"), "poster frame ratio (default: the video's own; 0 or less means 16:9)", .picture,
               ReelOptions.parseAspect) { $0.posterCard.aspectRatio = $1 },
        number("corner-radius", "N", "poster corner radius in cells", .picture, in: 0...50, expected: "cells", at: \.posterCard.cornerRadius),
        choice("colors", "colour output (auto: truecolor when COLORTERM says so); given, reel draws even where TERM is dumb or unset",
               .picture, [("auto", nil), ("truecolor", ColorMode.truecolor), ("256", .palette256)],
               aliases: [("24bit", "truecolor")]) { $0.colors = $1; $0.colorsGiven = true },
        choice("blitter", "how cells draw pictures: half (2 pixels a cell), quadrant (halves, quadrants and eighths: Block Elements, which every terminal draws), sextant (sextants, halves, quadrants and eighths, the best each cell), octant (8; Unicode 16, few terminals); auto: sextants where the terminal is known to draw them, else quadrants. Named, it draws cells even where the terminal has pixels",
               .picture, BlitterChoice.Preference.self) { $0.blitter = $1 },
        flag("link-pacing", \.linkPacing, "pace the screens to the terminal's answers where it answers (over SSH: at most one "
             + "picture on its way, sized to the link); --no-link-pacing leaves it to the pty", .picture, shownOff: true),
        number("terminal-max-fps", "N", "send the terminal at most N pictures a second (0: as many as it takes)", .picture,
               in: 0...1000, expected: "pictures a second") { $0.terminalMaxFPS = $1 },
        choice("graphics", "the terminal's own pixels where it has them (auto: what the terminal says it draws, when --blitter is not named: iTerm2's inline images in iTerm2 and WezTerm, else kitty graphics, else sixel; through tmux too, where its client's terminal has them; cells once the pixels show under 60 % of the video's frames for 6 s of playing; blocks, i.e. cells, in screen; iterm2: iTerm2's inline images, as WezTerm, mlterm and Konsole draw them)",
               .picture, GraphicsMode.Preference.self) { $0.graphics = $1 },

        flag("resume", \.resume, "do not resume where an item was left, nor remember it", .other, shownOff: true),
        flag("mpv-config", \.mpv.loadUserConfig, "let mpv read your mpv.conf and scripts (off by default)", .other),
        flag("mpris", \.mpris, "do not answer media keys, playerctl and desktop widgets (MPRIS2 on the session bus)", .other,
             shownOff: true),
        path("input-ipc-server", "mpv's JSON IPC on a socket at PATH (off by default). A client of the socket has all of mpv's "
             + "control, by design: it can run any program as you (mpv's run), move the socket and print to the terminal; the only "
             + "defence is who can open it (0600, your user). Refused: @NAME (an abstract socket, open to every user), a PATH over "
             + "\(UnixSocket.maximumPathLength) bytes, a PATH that is there and is not a socket, a socket another program listens on",
             .other, expected: "a socket path") { $0.mpv.ipcServer = FilePath($1) },
        path("screenshot-directory", "where Ctrl+S and S put screenshots (default: the XDG pictures folder, else ~/Pictures)",
             .picture, expected: "a folder") { $0.screenshotDirectory = FilePath($1) },
        parsed("screenshot-template", .value("TEMPLATE"), "screenshots' names, as mpv's: %F the file's name, %f with its "
               + "extension, %n a counter, %p and %P the position (default %F-%n)", .picture, { text, option throws(UsageError) in
                   guard !text.isEmpty else { throw .badValue(option: option, value: text, expected: "a template") }
                   return text
               }, into: { $0.screenshotTemplate = $1 }),
        path("log-file", "append mpv's log to PATH (checked first: exit 2 if it cannot be)", .other,
             expected: "a file path") { $0.mpv.logFile = FilePath($1) },
        flag("stats", \.stats, "print frames, bytes and timings to stderr at exit", .other),
        bare("forget-all", "forget every resume record (the continue-watching list), after a confirmation", .other,
             commandLineOnly: true) { $0.action = .forgetAll },
        bare("no-config", "do not read reel.conf", .other, commandLineOnly: true, early: true) { $0.readsConfig = false },
        bare("help", "this text", .other, commandLineOnly: true, aliases: ["-h"], early: true) { $0.action = .help },
        bare("version", "the version of reel and of the libmpv it runs on", .other, commandLineOnly: true, aliases: ["-V"],
             early: true) { $0.action = .version },

        number("reveal-duration", "S", "the poster's reveal takes S seconds, to watch or test it", .developer,
               in: 0...600, expected: "seconds", at: \.posterCard.revealDuration),
        bare("man", "print the man page (roff)", .developer, commandLineOnly: true) { $0.action = .manual },
        choice("completions", "print the shell's completion script", .developer, Completions.Shell.self) {
            $0.action = .completions($1)
        }.onlyOnTheCommandLine(),

        // Hidden knobs for scripts/bench and the end-to-end tests, read from the environment too.
        path("trace", "append a line to PATH for each input, seek, frame and screen drawn (TraceLog)", .developer,
             expected: "a file path") { $0.trace = FilePath($1) }.hidden(environment: "REEL_TRACE"),
        parsed("colour-tolerance", .value("N"), "the renderer's least colour tolerance, 0…255", .developer, { text, option throws(UsageError) in
            guard let value = UInt8(text) else { throw .badValue(option: option, value: text, expected: "a number from 0 to 255") }
            return value
        }, into: { $0.colourTolerance = $1 }).hidden(environment: "REEL_TOLERANCE"),
        parsed("byte-budget", .value("S"), "the renderer's byte budget, a share of a full redraw; 0 turns it off", .developer,
               { text, option throws(UsageError) in
                   guard let value = Double(text), !value.isNaN else { throw .badValue(option: option, value: text, expected: "a share, 0 or more") }
                   return max(value, 0)
               }, into: { $0.byteBudget.share = $1 }).hidden(environment: "REEL_BUDGET"),
    ]

    /// The rows `--help`, the man page and the completions show: all but the hidden ones.
    public static var shown: [OptionSpec] { all.filter { !$0.isHidden } }

    /// The row, marked as one only the command line may give.
    func onlyOnTheCommandLine() -> OptionSpec {
        var spec = self
        spec.commandLineOnly = true
        return spec
    }

    /// The row, hidden from `--help`, the man page and the completions, and given also by the
    /// environment variable `variable` (the command line wins over it; reel.conf refuses it).
    func hidden(environment variable: String) -> OptionSpec {
        var spec = onlyOnTheCommandLine()
        spec.isHidden = true
        spec.environment = variable
        return spec
    }
}
