import Controls
import Session
import Playback
import Screens
import System
import Terminal

/// Everything the command line can ask of reel, parsed by hand (the toolchain has no parser).
///
/// Option names follow mpv's where mpv has one. Parsing is pure, so it can be tested and fuzzed
/// without a terminal; see ``ReelOptions/parse(_:)``.
public struct ReelOptions: Sendable, Equatable {
    /// What the command line asks for as a whole.
    public enum Action: Sendable, Equatable {
        /// Play or browse ``ReelOptions/paths``; with none, the continue-watching list.
        case run
        /// Print the help text and exit 0.
        case help
        /// Print the version and exit 0.
        case version
        /// Print the man page (roff) and exit 0.
        case manual
        /// Print a shell's completion script and exit 0.
        case completions(Completions.Shell)
        /// Forget every resume record, after asking.
        case forgetAll
    }

    public var action = Action.run
    /// Files and folders, in the order given.
    public var paths: [String] = []
    public var start: StartPosition?
    /// Initial volume, 0…130.
    public var volume: Double?
    public var mute = false
    /// `--no-audio`: decode no sound.
    public var audio = true
    public var loop = false
    /// Start paused (mpv's `--pause`).
    public var pause = false
    public var speed: Double?
    /// `--keep-open=no` quits at the end of the file.
    public var keepOpen = true
    /// `--scrub-preview=no` shows no frame over the scrubber.
    public var scrubPreview = true
    /// Seconds of playback with no activity before the controls hide.
    public var hideDelay = ChromeEngine.Configuration.standardHideDelay
    /// Seconds a notice over the video stays (mpv's `--osd-duration`, in seconds).
    public var noticeDuration = PlayerScreen.Configuration.standardNoticeDuration
    /// Seconds a skip moves, 0 or more; 0 turns skipping off.
    public var seekInterval = DoubleTapSeek.Configuration.standardInterval
    /// Whose keys the player has: reel's, or mpv's defaults (`--keys`).
    public var keys = KeyMap.reel
    /// How close two taps must come to make a double tap (`--double-tap-window`).
    public var doubleTapWindow = DoubleTapSeek.Configuration.standardWindow
    public var reduceMotion = false
    /// Controls never hide, and state changes are written as plain status lines.
    public var screenReader = false
    /// Start at the poster card.
    public var poster = false
    /// The colour output, or nil to follow the environment (`--colors=auto`).
    public var colors: ColorMode?
    /// Whether `--colors` was given (on the command line or in reel.conf), `auto` included: then
    /// reel draws even where TERM says the terminal cannot (dumb, empty or unset).
    public var colorsGiven = false
    /// How cells draw pictures (`--blitter`); `auto` is the richest the terminal is known to draw.
    /// See ``BlitterChoice`` for how it and ``graphics`` decide together.
    public var blitter = BlitterChoice.Preference.auto
    /// Pixels where the terminal has them (kitty graphics, sixel), else blocks; see
    /// ``GraphicsMode/choose(_:capabilities:size:environment:)``.
    public var graphics = GraphicsMode.Preference.auto
    /// mpv's log goes here; nothing of mpv's ever reaches the terminal.
    public var logFile: FilePath?
    /// Print a one-line summary of frames, bytes and timings to stderr at exit.
    public var stats = false
    /// Library: descend into subfolders.
    public var recursive = false
    /// Library: leave out files mpv cannot play instead of listing them greyed.
    public var onlyPlayable = false
    /// Poster: the frame's aspect ratio; nil follows the video's own, and invalid values fall
    /// back to 16:9.
    public var aspect: Double?
    /// Poster: the corner radius, in cells.
    public var cornerRadius = PosterLayout.standardCornerRadius
    /// Poster: how long the reveal's circle takes to open, in seconds (a developer's option, for
    /// watching or testing the reveal slowly).
    public var revealDuration = RevealTransition.Configuration.standardDuration
    /// Resume where the file was left, and remember where it is left.
    public var resume = true
    /// Let mpv read the user's mpv.conf and scripts (off by default).
    public var mpvConfig = false
    /// Serve MPRIS2 on the session bus, when there is one (`--no-mpris` turns it off).
    public var mpris = true
    /// mpv's JSON IPC socket (`--input-ipc-server`, mpv's option); off when nil.
    public var ipcServer: FilePath?
    /// Where screenshots go (`--screenshot-directory`); nil: the XDG pictures folder.
    public var screenshotDirectory: FilePath?
    /// What screenshots are called (`--screenshot-template`, mpv's specifiers).
    public var screenshotTemplate = ScreenshotWriter.standardTemplate
    /// The tracks, subtitle files and delays to start with (mpv's `--aid`, `--sid`, …).
    public var tracks = TrackOptions()
    /// How long a silent network stream is waited for, in seconds (mpv's `--network-timeout`).
    public var networkTimeout: Double?
    /// Let mpv's youtube-dl hook open web pages (needs yt-dlp).
    public var ytdl = false
    /// Seconds the Up next card counts down before the next item plays; 0 goes on at once.
    public var autoplayDelay = SessionMachine.Configuration().autoplayDelay
    /// Start again at the first item after the last.
    public var loopPlaylist = false
    /// Play the items in a random order.
    public var shuffle = false
    /// Start at the list, even with files given.
    public var list = false
    /// A one-row progress line at the bottom while the controls are hidden.
    public var progressLine = false
    /// Read reel.conf (`--no-config` turns it off).
    public var readsConfig = true

    /// The defaults: play, with the controls hiding after 3 s and 10 s skips.
    public init() {}
}

/// Whose keys the player has (`--keys`).
public enum KeyMap: String, Sendable, CaseIterable {
    /// reel's own: double taps of ← and →, j and l, ↑ ↓ for the volume, 0–9 for a place.
    case reel
    /// mpv's defaults for everything reel does (``CommandTable/mpv(seekInterval:doubleTapWindow:)``).
    case mpv

    /// The table of keys this map gives, before reel.conf's `[keys]`.
    public func table(seekInterval: Double, doubleTapWindow: Double) -> CommandTable {
        switch self {
        case .reel: CommandTable.standard(seekInterval: seekInterval, doubleTapWindow: doubleTapWindow)
        case .mpv: CommandTable.mpv(seekInterval: seekInterval, doubleTapWindow: doubleTapWindow)
        }
    }
}
