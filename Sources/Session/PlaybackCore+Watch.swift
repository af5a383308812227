/// The watch on what plays: a stall, a silent server, and when the core next has something to do.
extension PlaybackCore {
    /// Time passed: an item that stalled or went silent fails; else the Up next countdown moves
    /// on when due, and the position is saved every ``resumeSaveInterval`` while the item plays
    /// (open, not paused, not at its end), so that even a SIGKILL loses at most that.
    mutating func tick(_ look: Look, now: Double) -> [Command] {
        let watched = watch(look, now: now)
        guard watched.isEmpty else { return watched }
        var commands: [Command] = []
        if let deadline = session.nextDeadline, now >= deadline { commands += session(.tick, now: now) + [.refreshStatus] }
        let isPlaying = session.isReady && look.state.isIdle != true && look.state.isPaused == false && !session.isAtEnd
        if isPlaying, now - lastResumeSave >= Self.resumeSaveInterval { commands.append(.saveResume) }
        return commands
    }

    /// Fails an item that plays without a picture, that stopped moving with nothing to wait
    /// for, or whose server went silent: otherwise it would sit there silently.
    mutating func watch(_ look: Look, now: Double) -> [Command] {
        switch session.phase {
        case .playing, .ended: break
        default: return []
        }
        guard session.isReady else { return [] }
        let state = look.state
        if look.isNetworkStream, silence.observe(isBuffering: state.isPausedForCache == true, received: look.received, now: now) {
            return fail(silenceReason, now: now)
        }
        guard let verdict = stall.observe(position: state.position, frames: look.frames,
                                          expectsPicture: look.expectsPicture, hasPicture: state.videoSize != nil,
                                          isWaiting: look.isWaiting, atEnd: session.isAtEnd,
                                          drained: look.drained, now: now) else { return [] }
        let reason = Self.stallReason(verdict, position: state.position, duration: state.duration, said: look.said)
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
