/// The watch on what plays: a stall, a silent server, and when the core next has something to do.
extension PlaybackCore {
    /// What mpv reports of the item now, for the stall and silence watches.
    public struct Observation: Sendable, Equatable {
        /// The item comes over the network.
        public var isNetworkStream = false
        /// mpv waits for its cache.
        public var isBuffering = false
        /// A mark that grows while the server sends (bytes ahead, and the cache's end), or nil.
        public var received: Double?
        /// mpv's position.
        public var position: Double?
        /// Frames mpv has had for the item.
        public var frames = 0
        /// A picture is to come (a video track that is no cover art or image, and not turned off).
        public var expectsPicture = false
        /// mpv has decoded a picture.
        public var hasPicture = false
        /// Paused, buffering, seeking or idle: the clock may stand.
        public var isWaiting = false
        /// A stream that may have played nothing, read to its end with nothing cached.
        public var drained = false
        /// The item's length, and what mpv says of it, for the words of a failure.
        public var duration: Double?
        public var said = Said()
        /// mpv is paused, or has nothing loaded: the position is not saved while so.
        public var isPaused = false
        public var isIdle = false

        public init() {}
    }

    /// Time passed: an item that stalled or went silent fails; else the Up next countdown moves
    /// on when due, and the position is saved every ``resumeSaveInterval`` while the item plays
    /// (open, not paused, not at its end), so that even a SIGKILL loses at most that.
    mutating func tick(_ observation: Observation, now: Double) -> [Command] {
        let watched = watch(observation, now: now)
        guard watched.isEmpty else { return watched }
        var commands: [Command] = []
        if let deadline = session.nextDeadline, now >= deadline { commands += session(.tick, now: now) + [.refreshStatus] }
        let isPlaying = session.isReady && !observation.isIdle && !observation.isPaused && !session.isAtEnd
        if isPlaying, now - lastResumeSave >= Self.resumeSaveInterval { commands.append(.saveResume) }
        return commands
    }

    /// Fails an item that plays without a picture, that stopped moving with nothing to wait
    /// for, or whose server went silent: otherwise it would sit there silently.
    mutating func watch(_ observation: Observation, now: Double) -> [Command] {
        switch session.phase {
        case .playing, .ended: break
        default: return []
        }
        guard session.isReady else { return [] }
        if observation.isNetworkStream,
           silence.observe(isBuffering: observation.isBuffering, received: observation.received, now: now) {
            return fail(silenceReason, now: now)
        }
        guard let verdict = stall.observe(position: observation.position, frames: observation.frames,
                                          expectsPicture: observation.expectsPicture, hasPicture: observation.hasPicture,
                                          isWaiting: observation.isWaiting, atEnd: session.isAtEnd,
                                          drained: observation.drained, now: now) else { return [] }
        let reason = Self.stallReason(verdict, position: observation.position, duration: observation.duration, said: observation.said)
        return fail(reason, playedNothing: verdict == .nothingPlayed, now: now)
    }

    /// The earliest time after `now` that the core has something to do: the Up next countdown,
    /// a stall or silence to check (`isPlaying`; `mayHavePlayedNothing`: a stream with nothing
    /// decoded yet, watched every half second), or a held subtitle to let go.
    public func nextDeadline(now: Double, isPlaying: Bool, mayHavePlayedNothing: Bool) -> Double? {
        let ready = session.isReady
        return [session.nextDeadline, ready && isPlaying ? stall.nextDeadline(now: now) : nil,
                ready ? stall.drainedDeadline : nil, ready && mayHavePlayedNothing ? now + 0.5 : nil,
                ready ? silence.nextDeadline : nil, subtitleHold.deadline]
            .compactMap { $0 }.min()
    }

    /// Whether a stream mpv reports at its end played nothing of it (``StallDetector``'s rule).
    public func playedNothing(position: Double?, drained: Bool) -> Bool {
        StallDetector.playedNothing(position: position, from: stall.start, hasPicture: false, drained: drained)
    }
}
