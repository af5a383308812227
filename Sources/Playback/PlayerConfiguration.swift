/// How a ``Player`` is set up: the choices that must be made before mpv starts.
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
    /// Playback speed, 0.01…100.
    public var speed: Double?
    /// Stop on the last frame at the end (`keep-open=yes`) instead of unloading.
    public var keepOpen = true
    /// Start paused.
    public var startPaused = false
    /// Where mpv's log goes. Nothing of mpv's ever reaches the terminal.
    public var logFile: String?
    /// How verbose the log file is (mpv's levels: fatal, error, warn, info, v, debug, trace).
    public var logLevel = "v"
    /// Let mpv read the user's mpv.conf and scripts. Off by default, for safety and predictability.
    public var loadUserConfig = false
    /// The shape of one rendered pixel, width over height: for half-block output on 1:2 cells a
    /// pixel is square, so 1; for quadrant output it is 0.5. The video is letterboxed for it (see
    /// ``Player`` `pixelAspectFilter(_:)`).
    public var pixelAspect = 1.0
    /// Where mpv keeps resume positions (watch-later), or nil to keep none.
    public var watchLaterDirectory: String?
    /// Resume from a saved position on load (`resume-playback`).
    public var resume = false
    /// Extra `--name=value` options, applied last; for tests and advanced use. Values are passed
    /// as they are, one option each, never parsed as a list.
    public var extraOptions: [String: String] = [:]

    /// The defaults: sound and video on, keep-open, no user config.
    public init() {}
}
