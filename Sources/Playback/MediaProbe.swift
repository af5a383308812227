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
    /// The shape of a still pixel, width over height.
    public var pixelAspect = 1.0

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
        let player = try Player(configuration: configuration)
        // Frames must be taken even when no still is wanted, or mpv's video output waits for us.
        let frame = FrameBuffer(width: stillSize?.width ?? 2, height: stillSize?.height ?? 2)
        try player.load(path, start: .percent(stillPercent))

        let deadline = monotonicSeconds() + timeout
        var loaded = false, restarted = false
        var still: Still?
        while monotonicSeconds() < deadline {
            var descriptor = pollfd(fd: player.wakeupDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(max(0, min(deadline - monotonicSeconds(), 0.1)) * 1000) + 1)
            for event in player.drainEvents() {
                switch event {
                case .endFile(.error(let error)): return .unplayable(reason: error.explanation)
                case .fileLoaded: loaded = true
                case .playbackRestart: restarted = true
                default: break
                }
            }
            if player.frameIsDue() {
                try player.render(into: frame)
                // With `start=` mpv shows nothing before the start position, so the first frame
                // after the load is already the one at `stillPercent`. Waiting for a frame after
                // playback-restart instead costs a redraw that comes ~150 ms later.
                if stillSize != nil, loaded { still = Still(frame) }
            }
            guard loaded, restarted else { continue }
            let info = describe(player)
            let hasPicture = info.hasVideo || info.hasCoverArt
            // dwidth and dheight arrive a moment after the load; the still after the seek.
            if info.hasVideo, info.videoSize == nil { continue }
            if stillSize != nil, hasPicture, still == nil { continue }
            return .playable(info, still: hasPicture ? still : nil)
        }
        if loaded { return .playable(describe(player), still: still) }
        return .unplayable(reason: "timed out after \(Int(timeout)) s")
    }

    private func describe(_ player: Player) -> MediaInfo {
        let state = player.state, tracks = player.tracks
        return MediaInfo(title: state.title, duration: state.duration,
                         videoSize: tracks.video ? state.videoSize : nil,
                         hasVideo: tracks.video, hasCoverArt: tracks.coverArt, hasAudio: tracks.audio)
    }
}
