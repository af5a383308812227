import Glibc

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

    public init(stillSize: (width: Int, height: Int)? = nil) { self.stillSize = stillSize }

    /// Probes `path`, blocking the calling thread until it knows or the timeout passes.
    public func probe(_ path: String) -> Result {
        do {
            return try run(path)
        } catch let error as MpvError {
            return .unplayable(reason: error.explanation)
        } catch {
            return .unplayable(reason: "\(error)")
        }
    }

    private func run(_ path: String) throws -> Result {
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
        let player = try Player(configuration: configuration)
        // Frames must be taken even when no still is wanted, or mpv's video output waits for us.
        let frame = FrameBuffer(width: stillSize?.width ?? 2, height: stillSize?.height ?? 2)
        // No start position on the load: a cover's only frame may fall before it and never show.
        // Where the still comes from is decided once the tracks are known.
        try player.load(path)

        // Nothing in this loop waits on mpv: a synchronous call could wait on the core while the
        // core waits for a render (a video output being set up), and the frame would be lost.
        let deadline = monotonicSeconds() + timeout
        var loaded = false, planned = false, restarted = false
        var seek: (id: UInt64, replied: Bool)?
        // The picture is final once mpv has restarted at the still's place, a frame has come, and
        // neither a frame nor an event has come for `settleTime`: the order of mpv's events and
        // frames varies (a cover's only frame may come before the restart, a switched track's
        // after it), so quiet is the one sign that holds.
        var framed = false
        var lastChange = monotonicSeconds()
        while case let now = monotonicSeconds(), now < deadline {
            var descriptor = pollfd(fd: player.wakeupDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(max(0, min(deadline - now, Self.settleTime)) * 1000) + 1)
            for event in player.drainEvents() {
                switch event {
                case .endFile(.error(let error)): return .unplayable(reason: error.explanation)
                case .fileLoaded: loaded = true
                case .commandReply(let id, let error) where id == seek?.id:
                    // A seek mpv refuses leaves the picture where it is.
                    if error == nil { seek?.replied = true } else { seek = nil; restarted = true }
                case .playbackRestart:
                    // With a seek, only the restart after its reply shows the still's place.
                    if seek.map(\.replied) ?? true { restarted = true }
                default: break
                }
                lastChange = monotonicSeconds()
            }
            if player.frameIsDue() {
                try player.render(into: frame)
                framed = true
                lastChange = monotonicSeconds()
            }
            let tracks = player.state.tracks
            guard loaded, !tracks.isEmpty else { continue }
            if !planned, stillSize != nil {
                planned = true
                if prefersCoverArt, let cover = tracks.coverArt {
                    // mpv picks a real video over a cover; the cover is chosen here instead.
                    if !cover.isSelected { try player.selectVideoTrack(id: cover.id) }
                } else if tracks.kinds.video, stillPercent > 0 {
                    seek = (try player.seek(toPercent: stillPercent, precision: .exact), false)
                    restarted = false
                }
                continue
            }
            guard restarted else { continue }
            let info = describe(player)
            let hasPicture = info.hasVideo || info.hasCoverArt
            // dwidth and dheight arrive a moment after the load; the still after the seek.
            if info.hasVideo, info.videoSize == nil { continue }
            guard stillSize != nil, hasPicture else { return .playable(info, still: nil) }
            if framed, monotonicSeconds() - lastChange >= Self.settleTime {
                try player.render(into: frame)
                return .playable(info, still: Still(frame))
            }
        }
        if loaded { return .playable(describe(player), still: framed && stillSize != nil ? Still(frame) : nil) }
        return .unplayable(reason: "timed out after \(Int(timeout)) s")
    }

    /// How long the picture must stay unchanged before it is taken as the still.
    static let settleTime = 0.05

    private func describe(_ player: Player) -> MediaInfo {
        let state = player.state, tracks = state.tracks.kinds
        return MediaInfo(title: state.title, duration: state.duration,
                         videoSize: tracks.video ? state.videoSize : nil,
                         hasVideo: tracks.video, hasCoverArt: tracks.coverArt, hasAudio: tracks.audio)
    }
}

