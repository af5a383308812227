import Screens

/// The text of `reel --help` and `reel --version`.
public enum HelpText {
    /// reel's version.
    public static let version = "0.2.0"

    /// What `--version` prints.
    public static var versionLine: String { "reel \(version) (libmpv \(mpvVersionNote))" }

    /// Filled in by the app with libmpv's client API version.
    nonisolated(unsafe) public static var mpvVersionNote = "client API 2.0"
    // nonisolated(unsafe): written once by main before any other thread exists.

    /// The keys of `screen`, as the help lists them: `  KEYS   what they do`.
    static func keyLines(_ commands: CommandTable, screen: ScreenKind) -> String {
        let rows = commands.helpRows(for: screen)
        let width = min((rows.map { $0.keys.count }.max() ?? 0) + 2, 22)
        return rows.map { row in
            let keys = row.keys.count >= width ? row.keys + "\n" + String(repeating: " ", count: width + 2) : row.keys.padding(to: width)
            return "  " + keys + row.help
        }.joined(separator: "\n")
    }

    /// The full help: usage, keys (from the table of commands), mouse, options, exit codes and examples.
    public static func usage(commands: CommandTable) -> String {
        """
        reel: a video player for the terminal, built on mpv.

        Usage:
          reel FILE|URL             play it in the terminal, with controls over it
          reel A B C                play A, then B, then C (Esc shows the list)
          reel DIR                  the list of the videos in DIR; Enter plays one
          reel -                    play what comes on standard input (keys still work)
          reel --poster FILE        start at the poster card; Enter opens into the video

        Keys while playing:
        \(keyLines(commands, screen: .player))

        Keys in the list:
        \(keyLines(commands, screen: .list))

        Keys on the poster card:
        \(keyLines(commands, screen: .poster))

        Mouse:
          click           show / hide the controls; on a control, run it;
                          on the total time: show the time left instead
                          in the list: select, and play the item already selected
          double click    on the left or right half: skip back / forward
          drag the bar    scrub (the picture follows while you drag)
          wheel           on the bar: seek ± 5 s; in the list and menus: scroll

        Options:
          --start=TIME          start at TIME: 90, 1:30, 1:02:03, 25%, or -10 (before the end)
          --volume=N            volume 0…130 (default 100)
          --mute                start muted
          --no-audio            play no sound
          --loop                play the file again and again
          --pause               start paused
          --speed=X             playback speed 0.01…100
          --keep-open=yes|no    at the end of the last item: stay on its last frame (yes, default) or quit (no)
          --hide-delay=S        hide the controls after S s of playback without input (default 3)
          --seek-interval=S     seconds per skip (default 10; 0 turns skipping off)
          --reduce-motion       no animations: fades, ripples and the reveal happen at once
          --screen-reader       controls never hide; state changes are written as plain lines
          --progress-line       keep a one-row progress line while the controls are hidden

        Subtitles and tracks (mpv's names):
          --sid=N|no|auto       the subtitle track
          --secondary-sid=N     a second subtitle track, shown above the first
          --no-sub              no subtitles
          --aid=N|no|auto       the audio track
          --slang=LIST          preferred subtitle languages, such as eng,fra
          --alang=LIST          preferred audio languages
          --sub-file=PATH       add a subtitle file (may be given more than once)
          --sub-delay=S         show subtitles S seconds later (negative: earlier)
          --audio-delay=S       play sound S seconds later (negative: earlier)

        Lists and streams:
          --list                start at the list, even with files given
          --autoplay-delay=S    Up next counts down S seconds before the next item (default 5; 0: at once)
          --loop-playlist       after the last item, start again at the first
          --shuffle             play the items in a random order
          --recursive           folders: look in subfolders too
          --only-playable       folders: leave out files mpv cannot play
          --network-timeout=S   give up on a stream that stays silent for S seconds
          --ytdl                let mpv open web pages with yt-dlp (off by default)

        Picture:
          --poster              start at the poster card
          --aspect=W:H          poster frame ratio (default 16:9; 0 or less means 16:9)
          --corner-radius=N     poster corner radius in cells (default 2)
          --colors=auto|truecolor|256
                                colour output (auto: truecolor when COLORTERM says so)
          --blitter=half|quadrant
                                2 pixels a cell (half, default) or 4 (quadrant, sharper)

        Other:
          --no-resume           do not resume where an item was left, nor remember it
          --mpv-config          let mpv read your mpv.conf and scripts (off by default)
          --log-file=PATH       write mpv's log to PATH
          --stats               print frames, bytes and timings to stderr at exit
          --help                this text
          --version             the version

        Developer:
          --reveal-duration=S   the poster's reveal takes S seconds instead of 0.6 (to watch or test it)

        Exit codes:
          0  quit or finished     1  a file could not be played     2  usage error
          128+N  ended by signal N (the terminal is restored first); Ctrl-C is 130

        Examples:
          reel movie.mkv
          reel --start=1:30 --volume=60 talk.mp4
          reel https://example.com/talk.mp4
          cat film.mkv | reel -
          reel --sid=2 --secondary-sid=1 film.mkv
          reel ep1.mkv ep2.mkv ep3.mkv
          reel ~/Videos
          reel -- -weird-name-.mp4
        """
    }
}

extension String {
    /// The string padded with spaces to `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
