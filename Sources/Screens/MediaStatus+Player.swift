import Controls
import Drawing
import Media
import Session

/// mpv's fields as the screens read them: with a default while mpv has not reported them, or
/// through a rule (the tracks of a kind, the picture, the cache). Each reads
/// ``MediaStatus/player``; those the screens set ahead of mpv (pending settings) write there.
extension MediaStatus {
    public var isPaused: Bool {
        get { player.isPaused ?? true }
        set { player.isPaused = newValue }
    }

    public var isSeeking: Bool { player.isSeeking ?? false }

    public var isMuted: Bool {
        get { player.isMuted ?? false }
        set { player.isMuted = newValue }
    }

    public var speed: Double {
        get { player.speed ?? 1 }
        set { player.speed = newValue }
    }

    public var subtitleDelay: Seconds {
        get { player.subtitleDelay ?? 0 }
        set { player.subtitleDelay = newValue }
    }

    public var audioDelay: Seconds {
        get { player.audioDelay ?? 0 }
        set { player.audioDelay = newValue }
    }

    /// `loop-file` is on.
    public var loopsFile: Bool {
        get { player.loopsFile ?? false }
        set { player.loopsFile = newValue }
    }

    /// Playback waits for the network (`paused-for-cache`).
    public var isBuffering: Bool { player.isPausedForCache ?? false }

    /// The file comes over the network (`demuxer-via-network`); until mpv says, a URL does.
    public var isNetworkStream: Bool {
        get { player.isNetworkStream ?? isURL }
        set { player.isNetworkStream = newValue }
    }

    /// The subtitle showing now: mpv's plain text, or the line held across a frame step back.
    public var subtitleText: String? {
        get { shownSubtitle.text }
        set { player.subtitleText = newValue }
    }

    /// The same line in ASS form, with its placement tags.
    public var subtitleASS: String? {
        get { shownSubtitle.ass }
        set { player.subtitleASS = newValue }
    }

    private var shownSubtitle: SubtitleHold.Lines {
        subtitleHold.shown(SubtitleHold.Lines(text: player.subtitleText, ass: player.subtitleASS))
    }

    /// Tags of a sound file.
    public var artist: String? { player.metadata["artist"] }
    public var album: String? { player.metadata["album"] }

    /// What is buffered, in seconds of the file.
    public var bufferedRanges: [ClosedRange<Seconds>] { player.cache?.seekableRanges ?? [] }
    /// Seconds buffered ahead of the position, for the stats panel.
    public var bufferedSeconds: Seconds? { player.cache?.end.map { max($0 - (player.position ?? 0), 0) } }
    /// Bytes buffered ahead of the position.
    public var cacheBytes: Int64? { player.cache?.forwardBytes }
}

/// The tracks, and the picture they make.
extension MediaStatus {
    public var audioTracks: [Track] { player.tracks.of(.audio) }
    public var subtitleTracks: [Track] { player.tracks.of(.subtitles) }
    /// The file's video tracks (not cover art), for the tracks menu's figures.
    public var videoTracks: [Track] { player.tracks.of(.video) }

    /// The audio track playing: `aid`'s, or the one mpv picked itself; nil for none.
    public var audioTrack: Int? {
        get {
            if case .id(let id)? = player.audioTrack { return id }
            return player.tracks.first { $0.kind == .audio && $0.isSelected }?.id
        }
        set { player.audioTrack = newValue.map(TrackChoice.id) ?? TrackChoice.none }
    }

    /// The subtitle track shown: `sid`'s, or the one mpv picked itself under `auto`; nil for none.
    public var subtitleTrack: Int? {
        get {
            switch player.subtitleTrack {
            case .id(let id)?: id
            case .auto?: player.tracks.first { $0.kind == .subtitles && $0.isSelected }?.id
            case .none?, nil: nil
            }
        }
        set { player.subtitleTrack = newValue.map(TrackChoice.id) ?? TrackChoice.none }
    }

    /// The selected subtitle track.
    public var selectedSubtitles: Track? { subtitleTracks.first { $0.id == subtitleTrack } }
    /// The selected audio track.
    public var selectedAudio: Track? { audioTracks.first { $0.id == audioTrack } }

    /// The video track mpv shows, cover art included.
    private var selectedVideo: Track? { player.selectedVideo }

    /// The file has a picture to show (video or cover art), and mpv shows it to reel. Until mpv
    /// lists the tracks, a picture is assumed, so that none is thrown away.
    public var hasVideo: Bool {
        let kinds = player.tracks.kinds
        return (player.tracks.isEmpty || kinds.video || kinds.coverArt) && pictureOff == nil
    }

    /// Why a file with a picture shows none, when a client of mpv's IPC socket turned it off
    /// (`vid=no`, or `vo` set to an output other than reel's, `null`): reel plays the sound on,
    /// under the sound-only card, which says this, rather than end the item because no picture comes.
    public var pictureOff: String? {
        let kinds = player.tracks.kinds
        if player.videoTrack == TrackChoice.none, kinds.video || kinds.coverArt { return "video is off (vid=no)" }
        if let output = player.videoOutput, output != "libmpv" {
            return "mpv's video output is \(output.isEmpty ? "its own choice" : Sanitizer.truncated(output, toWidth: 20)) (vo), not reel's"
        }
        return nil
    }

    /// The picture is one still image (a photo), not a moving video.
    public var isImage: Bool {
        selectedVideo.map { $0.isImage && !$0.isCoverArt } == true && !player.tracks.kinds.audio
    }

    /// How long one video frame lasts, when known.
    public var frameDuration: Seconds? { player.frameDuration }

    /// The picture's size: the file's own (mpv's display size follows the terminal's pixel shape).
    public var videoWidth: Int? { selectedVideo?.width ?? player.videoSize?.width }
    public var videoHeight: Int? { selectedVideo?.height ?? player.videoSize?.height }

    /// "640×360", when the size is known.
    public var videoSizeText: String? {
        guard let videoWidth, let videoHeight, videoWidth > 0, videoHeight > 0 else { return nil }
        return "\(videoWidth)×\(videoHeight)"
    }
}
