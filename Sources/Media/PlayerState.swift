/// What mpv last reported about the player: the one copy of mpv's state.
///
/// Playback fills it from mpv's events (one row of its table, `PlayerProperty.all`, a field); the
/// session reads it, and the screens read it inside their `MediaStatus`.
///
/// Every field is `nil` until mpv reports it, and again whenever mpv says the value is
/// unavailable (`MPV_FORMAT_NONE`), for example the position before a file is loaded. A missing
/// value is never turned into 0 here; the interface decides how to show it.
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
    /// `track-list`: the loaded file's streams; empty until mpv reports them (just after the load).
    public var tracks: [Track]
    /// `sub-text`: the subtitle line showing now, without styling; nil or empty when none.
    public var subtitleText: String?
    /// `sub-text-ass`, read whenever `sub-text` changes (it sends no changes of its own): the
    /// same lines with their ASS override tags, which say where a line is placed.
    public var subtitleASS: String?
    /// `secondary-sub-text`.
    public var secondarySubtitleText: String?
    /// `aid`.
    public var audioTrack: TrackChoice?
    /// `sid`.
    public var subtitleTrack: TrackChoice?
    /// `vid`: `.none` when a client turned the picture off (`set_property vid no`).
    public var videoTrack: TrackChoice?
    /// `vo`, the video output: reel's is `libmpv`; a client may set another (`null`), which
    /// reel cannot show.
    public var videoOutput: String?
    /// `secondary-sid`.
    public var secondarySubtitleTrack: TrackChoice?
    /// `sub-delay`, seconds.
    public var subtitleDelay: Double?
    /// `audio-delay`, seconds.
    public var audioDelay: Double?
    /// `chapter`: the current chapter's index in ``chapters``, or nil before the first or without chapters.
    public var chapterIndex: Int?
    /// `paused-for-cache`: playback waits for the network.
    public var isPausedForCache: Bool?
    /// `cache-buffering-state`: how full the cache is before playback goes on, 0…100.
    public var bufferingPercent: Int?
    /// `demuxer-cache-state`: what is buffered.
    public var cache: CacheState?
    /// `loop-file` is on.
    public var loopsFile: Bool?
    /// `frame-drop-count`, `decoder-frame-drop-count` and `vo-delayed-frame-count`: frames the
    /// video output dropped, the decoder dropped, and shown late, for the stats panel.
    public var droppedFrames: Int?
    public var decoderDroppedFrames: Int?
    public var delayedFrames: Int?
    /// `video-bitrate` and `audio-bitrate`, bits a second, as the demuxer measures them.
    public var videoBitrate: Double?
    public var audioBitrate: Double?
    /// `estimated-vf-fps`: frames a second as they come out of the filters.
    public var estimatedFrameRate: Double?
    /// `ab-loop-a` and `ab-loop-b`: the A-B loop's points, each nil while unset ("no").
    public var abLoop = ABLoop()
    /// `playlist`.
    public var playlist: [PlaylistEntry]
    /// `playlist-playing-pos`: the entry being loaded, played or unloaded; nil between files.
    public var playlistPlayingPosition: Int?
    /// `seekable`.
    public var isSeekable: Bool?
    /// `demuxer-via-network`: the file comes over the network.
    public var isNetworkStream: Bool?
    /// `path`: the file or URL playing.
    public var path: String?
    /// `metadata`: the file's tags, with lower-case keys (`title`, `artist`, `album`).
    public var metadata: [String: String] = [:]
    /// `current-ao`: the audio output sound goes to (`pulse`, `alsa`, or `null` for none), or
    /// nil while no sound plays.
    public var audioOutput: String?

    /// The state before mpv has said anything.
    public init() {
        chapters = []
        tracks = []
        playlist = []
    }

    /// Whether a file is loaded and playing, as opposed to paused, idle or unknown.
    public var isPlaying: Bool { isPaused == false && isIdle != true && isAtEnd != true }

    /// The video track mpv shows, cover art included.
    public var selectedVideo: Track? { tracks.first { $0.kind == .video && $0.isSelected } }

    /// How long one video frame lasts, when the shown track's rate is known.
    public var frameDuration: Double? { selectedVideo?.frameRate.map { 1 / $0 } }
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

/// What mpv's demuxer has buffered (`demuxer-cache-state`).
public struct CacheState: Sendable, Equatable {
    /// The buffered spans that can be seeked to, in seconds, sorted and merged.
    public var seekableRanges: [ClosedRange<Double>]
    /// Where the buffered data ends (`cache-end`), seconds.
    public var end: Double?
    /// Bytes buffered ahead of the playback position (`fw-bytes`).
    public var forwardBytes: Int64?
    /// The network's rate as mpv estimates it, bytes a second (`raw-input-rate`).
    public var inputRate: Int64?
    /// The demuxer has read to the end of the stream (`eof`): nothing more will arrive.
    public var reachedEndOfStream = false
    /// Every byte the cache holds, behind and ahead of the position (`total-bytes`).
    public var totalBytes: Int64?

    public init(seekableRanges: [ClosedRange<Double>] = [], end: Double? = nil, forwardBytes: Int64? = nil, inputRate: Int64? = nil) {
        self.seekableRanges = seekableRanges
        self.end = end
        self.forwardBytes = forwardBytes
        self.inputRate = inputRate
    }

    /// Sorts `ranges` and merges those that touch or overlap (mpv gives them in any order, often
    /// overlapping for a moment before it joins them).
    public static func merged(_ ranges: [ClosedRange<Double>]) -> [ClosedRange<Double>] {
        var result: [ClosedRange<Double>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}

/// One entry of mpv's playlist.
public struct PlaylistEntry: Sendable, Equatable {
    /// What mpv opens: a path (every byte kept, as ``FilePath/text``) or a URL.
    public var filename: String
    /// The title a playlist file gave the entry, if any.
    public var title: String?
    /// mpv's id for the entry, unique for the life of the player.
    public var id: Int?
    /// The entry mpv is loading, playing or unloading.
    public var isPlaying: Bool

    public init(filename: String = "", title: String? = nil, id: Int? = nil, isPlaying: Bool = false) {
        self.filename = filename
        self.title = title
        self.id = id
        self.isPlaying = isPlaying
    }
}
