import System

/// The scrub preview's decoder: a second mpv of its own that opens the item a second time (as
/// mpv's thumbfast does) and answers "the frame at t" with the keyframe at or near t, at the
/// card's size.
///
/// It is the one deliberate exception to one mpv per run (docs/architecture.md says why). It
/// never takes frames or sound from the playing core: it has no audio (`aid=no`), no subtitles,
/// a small demuxer cache of its own, one decoder thread that skips the loop filter, keyframe
/// seeks only (`hr-seek=no`), and it stays paused. Idle, it is a paused core with nothing to
/// do: no CPU. It is used from the loop's thread like ``MpvPlayer``: poll ``wakeDescriptor``, then
/// ``poll()``. Dropping it shuts its core down (the ``MpvPlayer`` inside is its one owner).
public final class PreviewDecoder {
    /// A frame the decoder made.
    public struct Frame: Sendable, Equatable {
        /// The time asked for.
        public var requested: Double
        /// The time of the keyframe the seek landed on (mpv's position after it).
        public var keyframe: Double
        /// The picture, at the decoder's size.
        public var still: Still
    }

    /// What ``poll()`` found.
    public enum Outcome: Sendable, Equatable {
        /// The frame for a request.
        case frame(Frame)
        /// The request for this time got no frame (the seek failed).
        case failed(requested: Double)
        /// The item cannot be opened a second time: no previews for it.
        case unavailable(reason: String)
    }

    private let player: MpvPlayer
    private var buffer: FrameBuffer
    /// How far the opening got: seeks go once the file is open and its first frame has shown
    /// (so that the opening's frame is never taken for a seek's).
    private var opening = Opening.loading
    private enum Opening { case loading, loaded, restarted, ready }
    private var isLoaded: Bool { opening == .ready }
    /// A request made before the file was open.
    private var queued: Double?
    /// The request with mpv: its time, the seek's id, and how far it got.
    private var current: (time: Double, id: UInt64, replied: Bool, restarted: Bool, framed: Bool)?
    /// The file failed to open: every request fails.
    private var isDead = false

    /// Opens `source` for previews at `width` × `height` pixels of shape `pixelAspect` (width over
    /// height, as the main player's), writing mpv's log to `logFile` when given. The pictures
    /// are supersampled and placed as the main player's are, by `supersampling` and
    /// `pictureGrain` (``PlayerConfiguration/supersampling``, ``PlayerConfiguration/pictureGrain``).
    public init(source: MediaSource, width: Int, height: Int, pixelAspect: Double, supersampling: Int = 1,
                pictureGrain: PictureGrain = .pixel, logFile: FilePath? = nil) throws {
        var configuration = PlayerConfiguration()
        configuration.startPaused = true
        configuration.audio = false
        configuration.pixelAspect = pixelAspect
        configuration.supersampling = supersampling
        configuration.pictureGrain = pictureGrain
        configuration.logFile = logFile
        configuration.tracks.subtitles = .none
        configuration.extraOptions = Self.options
        player = try MpvPlayer(configuration: configuration)
        buffer = FrameBuffer(width: max(width, 2), height: max(height, 2))
        try player.open(source)
    }

    /// mpv's options for a preview core: low priority, no sound, keyframes only, a small cache.
    static let options: [String: String] = [
        "aid": "no", "sid": "no", "hr-seek": "no", "keep-open": "always",
        "vd-lavc-threads": "1", "vd-lavc-skiploopfilter": "all", "vd-lavc-fast": "yes",
        "demuxer-max-bytes": "2MiB", "demuxer-max-back-bytes": "512KiB", "demuxer-readahead-secs": "0",
        "cache": "auto", "framedrop": "no", "image-display-duration": "inf",
    ]

    /// Whether previews can come from `source`: local files and http(s) (HLS among them), not
    /// standard input (it cannot be read twice), and not when yt-dlp opens web pages (its pages
    /// are not media). A live stream (no length) shows the time alone: the caller checks that.
    public static func canPreview(_ source: MediaSource, usesYtdl: Bool) -> Bool {
        switch source {
        case .file: return true
        case .standardInput: return false
        case .url(let url):
            let lower = url.lowercased()
            return !usesYtdl && (lower.hasPrefix("http://") || lower.hasPrefix("https://"))
        }
    }

    /// The descriptor that becomes readable when mpv has news for ``poll()``.
    public var wakeDescriptor: Int32 { player.wakeupDescriptor }

    /// The decoder's picture size.
    public var size: (width: Int, height: Int) { (buffer.width, buffer.height) }

    /// Renders at `width` × `height` pixels from now on, with the same core: mpv scales each
    /// frame to the buffer it is given, so a new card size needs no second opening of the file.
    /// A request already framed at the old size is asked again, so that no frame of the old size
    /// (or none at all) answers it.
    public func resize(width: Int, height: Int) {
        let width = max(width, 2), height = max(height, 2)
        guard width != buffer.width || height != buffer.height else { return }
        buffer = FrameBuffer(width: width, height: height)
        if let pending = current?.time { request(pending) }
    }

    /// Whether a request is being worked on.
    public var isBusy: Bool { current != nil || queued != nil }

    /// Asks for the frame at `time` (a keyframe seek); the answer comes from ``poll()``. A request
    /// made while another is with mpv replaces it (the caller sends one at a time).
    public func request(_ time: Double) {
        guard !isDead else { return }
        guard isLoaded else {
            queued = time
            return
        }
        do {
            let id = try player.seek(to: max(time, 0), precision: .keyframe)
            current = (time, id, false, false, false)
        } catch {
            current = nil
            queued = nil
        }
    }

    /// Reads mpv's events and frames without waiting; returns what is done.
    public func poll() -> [Outcome] {
        var outcomes: [Outcome] = []
        for event in player.drainEvents() {
            switch event {
            case .fileLoaded:
                opening = .loaded
            case .playbackRestart where opening == .loaded:
                opening = .restarted
            case .endFile(.error(let error)):
                isDead = true
                if let current { outcomes.append(.failed(requested: current.time)) }
                if let queued { outcomes.append(.failed(requested: queued)) }
                current = nil
                queued = nil
                outcomes.append(.unavailable(reason: error.explanation))
            case .commandReply(let id, let error) where id == current?.id:
                if error != nil, let time = current?.time {
                    current = nil
                    outcomes.append(.failed(requested: time))
                } else {
                    current?.replied = true
                }
            case .playbackRestart where current?.replied == true:
                current?.restarted = true
            default:
                break
            }
        }
        if player.frameIsDue() {
            // Every frame is taken, so that the core's video output never waits. A seek's frame
            // comes after its reply, just before its restart (and mpv draws it again 0.1 s later):
            // the last frame rendered by the restart is the seek's.
            try? player.render(into: buffer)
            if current?.replied == true { current?.framed = true }
            if opening == .restarted {
                opening = .ready
                if let time = queued {
                    queued = nil
                    request(time)
                }
            }
        }
        if let request = current, request.restarted, request.framed {
            current = nil
            let keyframe = player.handle.double("time-pos") ?? player.state.position ?? request.time
            outcomes.append(.frame(Frame(requested: request.time, keyframe: keyframe, still: Still(buffer))))
        }
        return outcomes
    }
}
