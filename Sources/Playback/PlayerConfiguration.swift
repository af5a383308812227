import Media
import System

/// How a ``MpvPlayer`` is set up: the choices that must be made before mpv starts.
public struct PlayerConfiguration: Sendable, Equatable {
    /// Play sound. When false, mpv's sound goes to `ao=null`, so a sound-only file still plays
    /// silently with its clock (reel's `--no-audio`).
    public var audio = true
    /// Render video through the software render API. When false, no render context is made
    /// (`vid=no`), which suits probing and sound-only use.
    public var video = true
    /// The initial volume, 0…130.
    public var volume: Double?
    /// Start muted.
    public var mute = false
    /// Loop the file forever (`loop-file=inf`).
    public var loop = false
    /// Loop the whole playlist (`loop-playlist=inf`).
    public var loopPlaylist = false
    /// Playback speed, 0.01…100.
    public var speed: Double?
    /// Stop on the last frame at the end of every file (`keep-open=always`), so that mpv never
    /// moves on by itself and the app decides what comes next; when false, mpv unloads the file
    /// at its end and goes on to the next entry (`keep-open=no`).
    public var keepOpen = true
    /// Start paused.
    public var startPaused = false
    /// Where mpv's log goes. Nothing of mpv's ever reaches the terminal.
    public var logFile: FilePath?
    /// How verbose the log file is (mpv's levels: fatal, error, warn, info, v, debug, trace).
    public var logLevel = "v"
    /// Let mpv read the user's mpv.conf and scripts. Off by default, for safety and predictability.
    public var loadUserConfig = false
    /// The shape of one rendered pixel, width over height: for half-block output on 1:2 cells a
    /// pixel is square, so 1, and so is a sample of the 4 × 8 blitters. The video is letterboxed for it (see
    /// ``MpvPlayer`` `pixelAspectFilter(_:)`).
    public var pixelAspect = 1.0
    /// Render the picture this many times larger each way and average it back (see
    /// `Supersampler`): 3 for half blocks, whose coarse pixels mpv's scalers
    /// sample instead of averaging; 1, the default, renders at the size asked for.
    public var supersampling = 1
    /// Where a letterboxed picture's edges may go, in the rendered frame's pixels: with a grain
    /// larger than a pixel, reel places the picture itself (see `Supersampler`), on whole cells
    /// for sextants.
    public var pictureGrain = PictureGrain.pixel
    /// Ask for an ``PlayerEvent/loadHook(id:)`` before each file is opened, so that per-file
    /// options (a resume position, tracks, delays) can be set then (mpv's `on_load` hook).
    public var loadHook = false
    /// The tracks and subtitles to start with.
    public var tracks = TrackOptions()
    /// How long a network stream may stay silent before mpv gives up (`network-timeout`), or nil
    /// for mpv's default.
    public var networkTimeout: Double?
    /// Let mpv's youtube-dl hook resolve web pages (`ytdl`), with this format selection.
    public var ytdlFormat: String?
    /// mpv's JSON IPC server (`input-ipc-server`): mpv listens on a Unix socket at this path,
    /// made 0600, and deletes whatever was there first. Off when nil. The socket gives whoever can
    /// open it full control of mpv; the app checks the path first and removes the socket at exit.
    public var ipcServer: FilePath?
    /// Extra `--name=value` options, applied last; for tests and advanced use. Values are passed
    /// as they are, one option each, never parsed as a list.
    public var extraOptions: [String: String] = [:]

    /// The defaults: sound and video on, keep-open, no user config.
    public init() {}
}

/// The audio and subtitle tracks to start with, with mpv's option names.
public struct TrackOptions: Sendable, Equatable {
    /// `aid`.
    public var audio = TrackChoice.auto
    /// `sid`.
    public var subtitles = TrackChoice.auto
    /// `secondary-sid`: a second subtitle track shown with the first.
    public var secondarySubtitles = TrackChoice.none
    /// `alang`: preferred audio languages, in order.
    public var audioLanguages: [String] = []
    /// `slang`: preferred subtitle languages, in order.
    public var subtitleLanguages: [String] = []
    /// `sub-files`: subtitle files added to every file played.
    public var subtitleFiles: [FilePath] = []
    /// `sub-delay`, seconds.
    public var subtitleDelay = 0.0
    /// `audio-delay`, seconds.
    public var audioDelay = 0.0

    public init() {}
}
