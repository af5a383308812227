/// The text of `reel --help` and `reel --version`.
public enum HelpText {
    /// reel's version.
    public static let version = "0.1.0"

    /// What `--version` prints.
    public static var versionLine: String { "reel \(version) (libmpv \(mpvVersionNote))" }

    /// Filled in by the app with libmpv's client API version.
    nonisolated(unsafe) public static var mpvVersionNote = "client API 2.0"
    // nonisolated(unsafe): written once by main before any other thread exists.

    /// The full help: usage, keys, mouse, options, exit codes and examples.
    public static let usage = """
    reel: a video player for the terminal, built on mpv.

    Usage:
      reel FILE                 play FILE in the terminal, with controls over it
      reel DIR | FILE FILE...   a library: a list of videos; Enter opens one
      reel --poster FILE        start at the poster card; Enter opens into the video

    Keys while playing:
      Space, k        play / pause (at the end: start again)
      ← ←  /  → →     double-tap: skip back / forward 10 s; more taps add up
      ← / →           once: show the controls
      j / l           back / forward 10 s at once
      ↑ / ↓           volume ± 5
      m               mute
      0 … 9           jump to 0 % … 90 %
      Home / End      jump to the start / the end
      , / .           one frame back / forward (while paused)
      c, Tab          show / hide the controls
      ?               this help, as an overlay
      x, Esc          close: back to the poster or the library, or quit
      q               quit

    Keys in the library:
      j k, ↓ ↑        next / previous file
      Space, PgDn PgUp  a page down / up
      g G, Home End   first / last file
      Enter           open the selected file (x or Esc in the player comes back)
      /               filter by name as you type; Enter keeps it, Esc clears it

    Keys on the poster card:
      Enter, Space    play: the video opens through a growing circle (also a click on ▶)
      x, Esc          while it opens: close it; on the card: back to the library, or quit
      q               quit

    Mouse:
      click           show / hide the controls; on a control, run it;
                      in the library: select, and open the file already selected
      double click    on the left or right half: skip back / forward
      drag the bar    scrub (the picture follows while you drag)
      wheel           on the bar: seek ± 5 s; in the library: scroll

    Options:
      --start=TIME          start at TIME: 90, 1:30, 1:02:03, 25%, or -10 (before the end)
      --volume=N            volume 0…130 (default 100)
      --mute                start muted
      --no-audio            play no sound
      --loop                play the file again and again
      --pause               start paused
      --speed=X             playback speed 0.01…100
      --keep-open=yes|no    at the end: stay on the last frame (yes, default) or quit (no)
      --hide-delay=S        hide the controls after S s of playback without input (default 3)
      --seek-interval=S     seconds per skip (default 10; 0 turns skipping off)
      --reduce-motion       no animations: fades, ripples and the reveal happen at once
      --screen-reader       controls never hide; state changes are written as plain lines
      --poster              start at the poster card
      --aspect=W:H          poster frame ratio (default 16:9; 0 or less means 16:9)
      --corner-radius=N     poster corner radius in cells (default 2)
      --recursive           library: look in subfolders too
      --only-playable       library: leave out files mpv cannot play
      --colors=auto|truecolor|256
                            colour output (auto: truecolor when COLORTERM says so)
      --blitter=half|quadrant
                            2 pixels a cell (half, default) or 4 (quadrant, sharper)
      --no-resume           do not resume where the file was left, nor remember it
      --mpv-config          let mpv read your mpv.conf and scripts (off by default)
      --log-file=PATH       write mpv's log to PATH
      --stats               print frames, bytes and timings to stderr at exit
      --help                this text
      --version             the version

    Developer:
      --reveal-duration=S   the poster's reveal takes S seconds instead of 0.6 (to watch or test it)

    Exit codes:
      0  quit or finished     1  a file could not be played     2  usage error
      128+N  ended by signal N (the terminal is restored first)

    Examples:
      reel movie.mkv
      reel --start=1:30 --volume=60 talk.mp4
      reel --poster trailer.mp4
      reel ~/Videos
      reel --reduce-motion --screen-reader lecture.webm
      reel -- -weird-name-.mp4
    """
}
