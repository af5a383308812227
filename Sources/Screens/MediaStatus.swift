import Controls
import Session

/// What the screens know of playback: mpv's reported state and the session's phase, with no mpv
/// types in it.
///
/// The app fills it from the player after every batch of mpv events. Unknown values stay nil.
public struct MediaStatus: Sendable, Equatable {
    /// The position in seconds, as mpv last reported it.
    public var position: Seconds?
    /// The length in seconds.
    public var duration: Seconds?
    public var isPaused = true
    /// Playback is at the end of the item, as the session decided (``SessionCore/isAtEnd``:
    /// ``PlaybackEnd``, and never while the file loops): the one "at end" every screen reads. It
    /// drives "End of video", the controls coming up at the end, Replay, the full length on the
    /// clock, and ``isPlaying``.
    public var isAtEnd = false
    public var isSeeking = false
    /// The title tag, or nil; the screen falls back to the item's name.
    public var title: String?
    /// The file has a picture to show (video or cover art), and mpv shows it to reel.
    public var hasVideo = true
    /// Why a file with a picture shows none, when a client of mpv's IPC socket turned it off
    /// (`vid=no`, or a video output other than reel's): the sound plays on, under the
    /// sound-only card, which says this.
    public var pictureOff: String?
    /// The picture is one still image (a photo), not a moving video.
    public var isImage = false
    /// 0…130.
    public var volume: Double?
    public var isMuted = false
    /// Sound plays into nothing: there is no sound device (not `--no-audio`, which asks for it).
    public var hasNoSoundDevice = false
    /// Chapter starts and titles.
    public var chapters: [ChapterMark] = []
    /// The current chapter's index in ``chapters``.
    public var chapterIndex: Int?
    /// The file is loaded and playing or paused (not loading, not idle).
    public var isLoaded = false
    /// How long one video frame lasts, when known.
    public var frameDuration: Seconds?
    /// The picture's size, when known.
    public var videoWidth: Int?
    public var videoHeight: Int?
    /// Tags of a sound file.
    public var artist: String?
    public var album: String?

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

    /// The subtitle showing now: plain text, and the same in ASS form with its placement tags.
    public var subtitleText: String?
    public var subtitleASS: String?
    /// The second subtitle track's line (`--secondary-sid`).
    public var secondarySubtitleText: String?
    /// Subtitles are drawn (reel's own on/off, `v`).
    public var subtitlesVisible = true
    public var audioTracks: [TrackInfo] = []
    public var subtitleTracks: [TrackInfo] = []
    /// The file's video tracks (not cover art), for the tracks menu's figures.
    public var videoTracks: [TrackInfo] = []
    /// The selected tracks' ids, or nil for none.
    public var audioTrack: Int?
    public var subtitleTrack: Int?
    public var secondarySubtitleTrack: Int?
    public var subtitleDelay: Seconds = 0
    public var audioDelay: Seconds = 0
    public var speed: Double = 1
    /// `loop-file` is on.
    public var loopsFile = false
    /// The A-B loop's points (mpv's `ab-loop-a`, `ab-loop-b`).
    public var abLoop = ABLoop()
    /// mpv's figures for the stats panel: frames dropped by the video output and by the
    /// decoder, frames shown late, bitrates (bits a second), the frame rate out of the filters,
    /// and what the cache holds ahead of the position.
    public var droppedFrames: Int?
    public var decoderDroppedFrames: Int?
    public var delayedFrames: Int?
    public var videoBitrate: Double?
    public var audioBitrate: Double?
    public var estimatedFrameRate: Double?
    public var bufferedSeconds: Seconds?
    public var cacheBytes: Int64?

    /// What is buffered, in seconds of the file.
    public var bufferedRanges: [ClosedRange<Seconds>] = []
    /// Playback waits for the network.
    public var isBuffering = false
    /// How full the cache is before playback goes on, 0…100.
    public var bufferingPercent: Int?
    /// The file comes over the network.
    public var isNetworkStream = false

    public init() {}

    /// Whether playback is running.
    public var isPlaying: Bool { isLoaded && !isPaused && !isAtEnd }

    /// Whether this end finishes the run (`--keep-open=no`, nothing up next): reel quits there.
    public var finishesRun: Bool { runEnd == .finished }

    /// The position to show: mpv's, except that the last frame reads as the full length.
    public var displayPosition: Seconds? { isAtEnd ? MediaTime.safeDuration(duration) : position }

    /// "640×360", when the size is known.
    public var videoSizeText: String? {
        guard let videoWidth, let videoHeight, videoWidth > 0, videoHeight > 0 else { return nil }
        return "\(videoWidth)×\(videoHeight)"
    }

    /// The selected subtitle track.
    public var selectedSubtitles: TrackInfo? { subtitleTracks.first { $0.id == subtitleTrack } }
    /// The selected audio track.
    public var selectedAudio: TrackInfo? { audioTracks.first { $0.id == audioTrack } }
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

/// An audio or subtitle track, as the menus and notices show it.
public struct TrackInfo: Sendable, Equatable {
    /// mpv's id for the track within its kind.
    public var id: Int
    public var title: String?
    /// Such as `eng`.
    public var language: String?
    /// Such as `aac`, `subrip`, `ass`.
    public var codec: String?
    public var isDefault = false
    public var isForced = false
    /// From a separate file (a sidecar `.srt`).
    public var isExternal = false
    /// An audio track's channel layout as mpv names it (`stereo`, `5.1(side)`), else its count.
    public var channelLayout: String?
    public var channelCount: Int?
    /// An audio track's samples a second.
    public var sampleRate: Int?
    /// A video track's picture size and frames a second, as the container states them.
    public var width: Int?
    public var height: Int?
    public var frameRate: Double?
    /// Subtitles that are pictures (PGS, DVD, DVB), with no text (``Track/isBitmapSubtitle``).
    public var isPictureSubtitle = false
    /// Where the track's stream is: its FFmpeg index in the file, or the file it comes from.
    public var streamIndex: Int?
    public var externalFile: String?

    public init(id: Int, title: String? = nil, language: String? = nil, codec: String? = nil) {
        self.id = id
        self.title = title
        self.language = language
        self.codec = codec
    }

    /// "Français (fra)", "English", "Track 2 (fra)".
    public var name: String {
        let base = title.flatMap { $0.isEmpty ? nil : $0 } ?? "Track \(id)"
        guard let language, !language.isEmpty, language != "und", !base.contains("(\(language))") else { return base }
        return "\(base) (\(language))"
    }
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

/// The points of an A-B loop (mpv's `ab-loop`): playback goes back to A each time it reaches B.
public struct ABLoop: Sendable, Equatable {
    public var a: Seconds?
    public var b: Seconds?

    public init(a: Seconds? = nil, b: Seconds? = nil) {
        self.a = a
        self.b = b
    }

    /// Both points are set: the loop plays.
    public var isComplete: Bool { a != nil && b != nil }

    /// Whether `time` lies in the loop (with a frame or so of slack at either end).
    public func contains(_ time: Seconds) -> Bool {
        guard let a, let b else { return true }
        return time >= a - 0.25 && time <= b + 0.25
    }
}
