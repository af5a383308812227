import Commands
import Controls
import Session
import Playback
import Screens
import System
import Graphics
import ListScreen
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
    /// mpv's own options, as the player is made with them: `--volume`, `--mute`, `--no-audio`,
    /// `--loop`, `--speed`, `--log-file`, `--mpv-config` (``PlayerConfiguration/loadUserConfig``),
    /// the tracks (`--aid`, `--sid`, …), `--network-timeout` and `--input-ipc-server`. The
    /// session adds what the terminal decides (the pixels' shape, the load hook).
    public var mpv = PlayerConfiguration()
    /// The player screen's options, its engines' among them: `--hide-delay`, `--reduce-motion`
    /// and `--screen-reader` (the chrome's, which the list and the poster follow too),
    /// `--seek-interval` and `--double-tap-window` (the skips'), `--notice-duration`,
    /// `--progress-line` and `--scrub-preview`. The scene adds the keys and the terminal's shape.
    public var player = PlayerScreen.Configuration()
    /// The playlist's rules: `--keep-open`, `--autoplay-delay` and `--loop-playlist`.
    public var playlist = SessionMachine.Configuration()
    /// Start paused (mpv's `--pause`).
    public var pause = false
    /// Whose keys the player has: reel's, or mpv's defaults (`--keys`).
    public var keys = KeyMap.reel
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
    /// Print a one-line summary of frames, bytes and timings to stderr at exit.
    public var stats = false
    /// Pace the screens to the terminal's answers where it answers (`--link-pacing`, on by default).
    public var linkPacing = true
    /// The most pictures a second sent to the terminal (`--terminal-max-fps`); 0 for no cap.
    public var terminalMaxFPS = 0.0
    /// Library: descend into subfolders.
    public var recursive = false
    /// The list's options: `--only-playable`. The scene adds the title, the keys and the scan's.
    public var listScreen = LibraryScreen.Configuration()
    /// The poster card's options: `--aspect` (nil, the start value here, follows the video's own
    /// shape), `--corner-radius`, and `--reveal-duration` (a developer's option, for watching or
    /// testing the reveal slowly), which the player's own circle takes too. The scene adds the
    /// item's name, the keys and the terminal's shape.
    public var posterCard = PosterScreen.Configuration()
    /// Resume where the file was left, and remember where it is left.
    public var resume = true
    /// Serve MPRIS2 on the session bus, when there is one (`--no-mpris` turns it off).
    public var mpris = true
    /// Where screenshots go (`--screenshot-directory`); nil: the XDG pictures folder.
    public var screenshotDirectory: FilePath?
    /// What screenshots are called (`--screenshot-template`, mpv's specifiers).
    public var screenshotTemplate = ReelOptions.standardScreenshotTemplate
    /// reel's default screenshot template: the file's name and a counter ("film-0001.png").
    public static let standardScreenshotTemplate = "%F-%n"
    /// Let mpv's youtube-dl hook open web pages (needs yt-dlp).
    public var ytdl = false
    /// Play the items in a random order.
    public var shuffle = false
    /// Start at the list, even with files given.
    public var list = false
    /// Read reel.conf (`--no-config` turns it off).
    public var readsConfig = true
    /// The least colour tolerance of the renderer (see ``ScreenRenderer/tolerance``): 0, so that a
    /// picture that changes little is drawn exactly. A developer's row (`REEL_TOLERANCE`, for
    /// scripts/bench).
    public var colourTolerance: UInt8 = 0
    /// The renderer's byte budget (``ScreenRenderer/ByteBudget/reel``); a share of 0 turns it off.
    /// A developer's row (`REEL_BUDGET`, for scripts/bench).
    public var byteBudget = ScreenRenderer.ByteBudget.reel
    /// Where the developer's trace of input and frames goes (``TraceLog``), or nowhere. A
    /// developer's row (`REEL_TRACE`, for scripts/bench and the end-to-end tests).
    public var trace: FilePath?

    /// The defaults: play, with the controls hiding after 3 s and 10 s skips, and a poster card
    /// of the video's own shape.
    public init() {
        posterCard.aspectRatio = nil
    }
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
