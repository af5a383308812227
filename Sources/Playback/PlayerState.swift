/// What mpv last reported about the player: the one value the interface reads.
///
/// Every field is `nil` until mpv reports it, and again whenever mpv says the value is unavailable
/// (`MPV_FORMAT_NONE`), for example the position before a file is loaded. A missing value is never
/// turned into 0 here; the interface decides how to show it.
public struct PlayerState: Sendable, Equatable {
    /// `time-pos`: the playback position in seconds.
    public var position: Double?
    /// `duration`: the length of the file in seconds.
    public var duration: Double?
    /// `pause`.
    public var isPaused: Bool?
    /// `eof-reached`: playback stopped at the end (with keep-open).
    public var isAtEnd: Bool?
    /// `seeking`: a seek is in progress.
    public var isSeeking: Bool?
    /// `media-title`: the title tag, or the file name when there is none.
    public var title: String?
    /// `idle-active`: nothing is loaded.
    public var isIdle: Bool?
    /// `volume`, 0…130 by default.
    public var volume: Double?
    /// `mute`.
    public var isMuted: Bool?
    /// `dwidth` × `dheight`: the video's display size after aspect and rotation; nil without video.
    public var videoSize: VideoSize?
    /// `chapter-list`.
    public var chapters: [Chapter]
    /// `speed`.
    public var speed: Double?

    /// The state before mpv has said anything.
    public init() { chapters = [] }

    /// Whether a file is loaded and playing, as opposed to paused, idle or unknown.
    public var isPlaying: Bool { isPaused == false && isIdle != true && isAtEnd != true }
}

/// The size of a video as it is displayed.
public struct VideoSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Width over height, or nil when either is not positive.
    public var aspect: Double? { width > 0 && height > 0 ? Double(width) / Double(height) : nil }
}

/// One entry of mpv's `chapter-list`.
public struct Chapter: Sendable, Equatable {
    /// The chapter's title, or nil when it has none.
    public var title: String?
    /// Where it starts, in seconds.
    public var time: Double

    public init(title: String?, time: Double) {
        self.title = title
        self.time = time
    }
}
