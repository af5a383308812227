import Controls

/// What the screens know of playback: mpv's reported state, with no mpv types in it.
///
/// The app fills it from the player after every batch of mpv events. Unknown values stay nil.
public struct MediaStatus: Sendable, Equatable {
    /// The position in seconds, as mpv last reported it.
    public var position: Seconds?
    /// The length in seconds.
    public var duration: Seconds?
    public var isPaused = true
    /// Playback stopped on the last frame.
    public var isAtEnd = false
    public var isSeeking = false
    /// The title tag, or nil; the screen falls back to the file name.
    public var title: String?
    /// The file has a picture to show (video or cover art).
    public var hasVideo = true
    /// 0…130.
    public var volume: Double?
    public var isMuted = false
    /// Chapter starts and titles.
    public var chapters: [ChapterMark] = []
    /// The file is loaded and playing or paused (not loading, not idle).
    public var isLoaded = false
    /// How long one video frame lasts, when known.
    public var frameDuration: Seconds?

    public init() {}

    /// Whether playback is running.
    public var isPlaying: Bool { isLoaded && !isPaused && !isAtEnd }

    /// Whether the position is at the end: mpv says so, or the last frame is showing (mpv reports
    /// the last frame's start, a frame short of the length, and paused there it never says so).
    public var isEffectivelyAtEnd: Bool {
        if isAtEnd { return true }
        let length = MediaTime.safeDuration(duration)
        guard length > 0, let position else { return false }
        return position >= length - 1.5 * (frameDuration ?? 1.0 / 30)
    }

    /// The position to show: mpv's, except that the last frame reads as the full length.
    public var displayPosition: Seconds? { isEffectivelyAtEnd ? MediaTime.safeDuration(duration) : position }
}

/// One chapter: where it starts and what it is called.
public struct ChapterMark: Sendable, Equatable {
    public var time: Seconds
    public var title: String?

    public init(time: Seconds, title: String?) {
        self.time = time
        self.title = title
    }
}
