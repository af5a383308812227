import Controls
import Media
import Session

/// What the screens know of playback: mpv's state as Playback observed it, and what reel itself
/// knows beside it (the session's phase and end, the item's names, the subtitles' visibility).
///
/// mpv's state is held once, in ``player``, and read through the status as if it were its own
/// (`status.position`, `status.tracks`); the few of its fields the screens read with a default
/// or a rule are in `MediaStatus+Player.swift`. The app sets ``player`` from the player after
/// every batch of mpv events, and the rest from the session. Unknown values stay nil.
@dynamicMemberLookup
public struct MediaStatus: Sendable, Equatable {
    /// What mpv last reported, as it reported it.
    public var player = PlayerState()

    /// Playback is at the end of the item, as the session decided (``SessionCore/isAtEnd``:
    /// ``PlaybackEnd``, and never while the file loops): the one "at end" every screen reads. It
    /// drives "End of video", the controls coming up at the end, Replay, the full length on the
    /// clock, and ``isPlaying``.
    public var isAtEnd = false
    /// The title to show: mpv's title tag once mpv reports the item's own, else nil, and the
    /// screen falls back to the item's name.
    public var title: String?
    /// The file is loaded and playing or paused (not loading, not idle).
    public var isLoaded = false
    /// Sound plays into nothing: there is no sound device (not `--no-audio`, which asks for it).
    public var hasNoSoundDevice = false
    /// The item is a URL: taken to come over the network until mpv says (``isNetworkStream``).
    public var isURL = false

    /// What the session is doing (opening, playing, ended with Up next, failed).
    public var phase: SessionMachine.Phase = .idle
    /// Where the run ends, as the session decided (``SessionCore/runEnd``), or nil.
    public var runEnd: SessionCore.RunEnd?
    /// The name of the item the session is on: its title, or the file's or URL's name.
    public var itemName: String?
    /// How far opening has got.
    public var opening: OpeningProgress?
    /// The Up next item's name.
    public var upNextName: String?
    /// The item's place in the playlist (0-based) and the playlist's length.
    public var playlistIndex: Int?
    public var playlistCount = 0

    /// The line kept on screen across a frame step back, in place of the none mpv reports
    /// meanwhile (``subtitleText``).
    public var subtitleHold = SubtitleHold()
    /// Subtitles are drawn (reel's own on/off, `v`).
    public var subtitlesVisible = true

    public init() {}

    /// A field of mpv's state, read and written where it is held, in ``player``.
    public subscript<Value>(dynamicMember field: WritableKeyPath<PlayerState, Value>) -> Value {
        get { player[keyPath: field] }
        set { player[keyPath: field] = newValue }
    }

    /// Whether playback is running.
    public var isPlaying: Bool { isLoaded && !isPaused && !isAtEnd }

    /// Whether this end finishes the run (`--keep-open=no`, nothing up next): reel quits there.
    public var finishesRun: Bool { runEnd == .finished }

    /// The position to show: mpv's, except that the last frame reads as the full length.
    public var displayPosition: Seconds? { isAtEnd ? MediaTime.safeDuration(player.duration) : player.position }
}

/// How far opening an item has got, as far as mpv tells.
public enum OpeningProgress: Sendable, Equatable {
    /// Waiting for the file or the server.
    case connecting
    /// The file or the server answered; its first bytes are read to learn its format.
    case reading
    /// Filling the cache before playback starts: percent full, and bytes read so far.
    case buffering(percent: Int?, bytes: Int64?)
    /// The file is open; the first picture is on its way.
    case starting
}
