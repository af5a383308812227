import Media
import System

/// Opens a file in a short-lived mpv of its own to learn what it is and grab one still from it.
///
/// A probe owns its own mpv core, separate from the playing one, so it may run on a background
/// thread. It never plays sound, and it gives up after a timeout rather than hang.
public struct MediaProbe: Sendable {
    /// The outcome of probing one file.
    public enum Result: Sendable, Equatable {
        /// mpv can play the file.
        case playable(MediaInfo, still: Still?)
        /// mpv cannot play it, for mpv's reason.
        case unplayable(reason: String)
    }

    /// The size of the still, in pixels; nil to skip the still.
    public var stillSize: (width: Int, height: Int)?
    /// Where in the file the still is taken, as a percentage of its length.
    public var stillPercent = 10.0
    /// How long the probe may take, in seconds.
    public var timeout = 5.0
    /// The shape of a still pixel, width over height, passed to mpv as `monitorpixelaspect`;
    /// mpv's render API ignores it, so ask for a still with square pixels and resample it.
    public var pixelAspect = 1.0
    /// When the file has a cover picture, the still is the cover rather than a frame of the video,
    /// as a poster or a thumbnail shows it.
    public var prefersCoverArt = true
    /// Crops the picture to fill the still's whole size (mpv's `panscan=1`) instead of
    /// letterboxing it inside.
    public var fillsStill = false
    /// Asked between mpv's events (at least every ``settleTime``): true gives the probe up at
    /// once, as ``stoppedReason``, so that quitting never waits for a slow file.
    public var shouldStop: @Sendable () -> Bool = { false }

    /// The reason a probe given up by ``shouldStop`` returns (not an answer about the file).
    public static let stoppedReason = "stopped before the file was read"

    public init(stillSize: (width: Int, height: Int)? = nil) { self.stillSize = stillSize }

    /// Probes `path`, blocking the calling thread until it knows or the timeout passes.
    public func probe(_ path: FilePath) -> Result {
        do {
            return try run(path)
        } catch let error as MpvError {
            return .unplayable(reason: error.explanation)
        } catch {
            return .unplayable(reason: "\(error)")
        }
    }

    private func run(_ path: FilePath) throws -> Result {
        var configuration = PlayerConfiguration()
        // Both stay selectable, so that any file has something to load; the core is paused and
        // its sound goes to ao=null.
        configuration.startPaused = true
        configuration.pixelAspect = pixelAspect
        configuration.extraOptions["ao"] = "null"
        // A still image would otherwise "play" for image-display-duration and end.
        configuration.extraOptions["image-display-duration"] = "inf"
        // Probes run side by side in the background: one decoder thread each leaves the cores to
        // the other probes and the interface, and a probe reads only a few seconds of the file.
        configuration.extraOptions["vd-lavc-threads"] = "1"
        configuration.extraOptions["demuxer-max-bytes"] = "4MiB"
        if fillsStill { configuration.extraOptions["panscan"] = "1" }
        let player = try MpvPlayer(configuration: configuration)
        // Frames must be taken even when no still is wanted, or mpv's video output waits for us.
        let frame = FrameBuffer(width: stillSize?.width ?? 2, height: stillSize?.height ?? 2)
        // No start position on the load: a cover's only frame may fall before it and never show.
        // Where the still comes from is decided once the tracks are known.
        try player.load(path)

        // Nothing in this loop waits on mpv: a synchronous call could wait on the core while the
        // core waits for a render (a video output being set up), and the frame would be lost.
        let deadline = MonotonicClock.now() + timeout
        var stage = Stage.loading
        // The picture is final once mpv has restarted at the still's place, a frame has come, and
        // neither a frame nor an event has come for `settleTime`: the order of mpv's events and
        // frames varies (a cover's only frame may come before the restart, a switched track's
        // after it), so quiet is the one sign that holds.
        var framed = false
        var lastChange = MonotonicClock.now()
        while case let now = MonotonicClock.now(), now < deadline {
            if shouldStop() { return .unplayable(reason: Self.stoppedReason) }
            var entries = [PollEntry(player.wakeupDescriptor, events: .readable)]
            _ = try? Poll.wait(&entries, timeout: max(0, min(deadline - now, Self.settleTime)) + 0.001)
            for event in player.drainEvents() {
                if case .endFile(.error(let error)) = event { return .unplayable(reason: error.explanation) }
                stage = stage.after(event)
                lastChange = MonotonicClock.now()
            }
            if player.frameIsDue() {
                try player.render(into: frame)
                framed = true
                lastChange = MonotonicClock.now()
            }
            let tracks = player.state.tracks
            switch stage {
            case .loading:
                continue
            case .loaded(let restarted):
                guard !tracks.isEmpty else { continue }
                stage = try placeStill(player, tracks: tracks, restarted: restarted)
                continue
            case .seeking, .placed:
                continue
            case .restarted:
                break
            }
            let info = describe(player)
            let hasPicture = info.hasVideo || info.hasCoverArt
            // The track list and the still arrive a moment after the load, and after the seek.
            if info.hasVideo, info.videoSize == nil { continue }
            guard stillSize != nil, hasPicture else { return .playable(info, still: nil) }
            if framed, MonotonicClock.now() - lastChange >= Self.settleTime {
                try player.render(into: frame)
                return .playable(info, still: Still(frame))
            }
        }
        if stage != .loading { return .playable(describe(player), still: framed && stillSize != nil ? Still(frame) : nil) }
        return .unplayable(reason: "timed out after \(Int(timeout)) s")
    }

    /// Where a probe is on its way to the still.
    private enum Stage: Equatable {
        /// The file is opening.
        case loading
        /// The file is open, its tracks are coming; `restarted` once playback has (re)started.
        case loaded(restarted: Bool)
        /// A seek to the still's place was sent; its restart is the one that counts.
        case seeking(id: UInt64, replied: Bool)
        /// The still's place is decided, with no seek: the first restart is the one that counts.
        case placed
        /// Playback is where the still is taken.
        case restarted

        /// The stage after mpv's `event`.
        func after(_ event: PlayerEvent) -> Stage {
            switch (self, event) {
            case (.loading, .fileLoaded): return .loaded(restarted: false)
            case (.loaded, .playbackRestart): return .loaded(restarted: true)
            case (.seeking(let id, _), .commandReply(let reply, let error)) where reply == id:
                // A seek mpv refuses leaves the picture where it is.
                return error == nil ? .seeking(id: id, replied: true) : .restarted
            case (.seeking(_, true), .playbackRestart), (.placed, .playbackRestart): return .restarted
            default: return self
            }
        }
    }

    /// Decides where the still comes from once the tracks are known: the cover (mpv picks a real
    /// video over it, so it is chosen here), or the frame at ``stillPercent`` (a seek). Returns
    /// the next stage: without a seek, still the first restart (only after it are the tags and
    /// the picture mpv's final word).
    private func placeStill(_ player: MpvPlayer, tracks: [Track], restarted: Bool) throws -> Stage {
        let waiting: Stage = restarted ? .restarted : .placed
        guard stillSize != nil else { return waiting }
        if prefersCoverArt, let cover = tracks.coverArt {
            if !cover.isSelected { try player.selectVideoTrack(id: cover.id) }
            return waiting
        }
        if tracks.kinds.video, stillPercent > 0 {
            return .seeking(id: try player.seek(toPercent: stillPercent, precision: .exact), replied: false)
        }
        return waiting
    }

    /// How long the picture must stay unchanged before it is taken as the still.
    static let settleTime = 0.05

    /// What the file is. Its size is the video track's own, as the container gives it: not the
    /// cover's, and not the size mpv displays it at (which follows the terminal's pixels).
    private func describe(_ player: MpvPlayer) -> MediaInfo {
        let state = player.state, tracks = state.tracks.kinds
        let video = state.tracks.first { $0.kind == .video && !$0.isCoverArt }
        let size = video.flatMap { track in track.width.flatMap { width in track.height.map { VideoSize(width: width, height: $0) } } }
        return MediaInfo(title: state.title, duration: state.duration,
                         videoSize: tracks.video ? size ?? state.videoSize : nil,
                         hasVideo: tracks.video, hasCoverArt: tracks.coverArt, hasAudio: tracks.audio)
    }
}

