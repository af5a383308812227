import Controls
import History
import Session

/// Time in the session: the Up next countdown, the regular resume save, and the watch for an
/// item that stalls or a server that goes silent. Time comes in; nothing here reads the clock.
extension PlaybackSession {
    /// Brings the core up to `now` with what mpv reports: the watch for an item that stalls or
    /// a server that goes silent, the Up next countdown, and the save every 15 s while playing.
    func tick(now: Double) {
        take(.tick(readings.look(frames: frames.itemFrames, drainedCounts: core.isReady)), now: now)
    }

    /// The earliest time after `now` that ``tick(now:)`` has something to do, or a frame
    /// waiting for the terminal must be let go.
    func nextDeadline(now: Double) -> Double? {
        [core.nextDeadline(now: now, isPlaying: status.isPlaying, mayHavePlayedNothing: mayHavePlayedNothing),
         frames.deadline].compactMap { $0 }.min()
    }

    /// A playlist that keeps opening playlists: stopped, with the error naming the playlist given
    /// to mpv in the run's exit line (the core says it in a notice when another item follows).
    func failNesting(_ reason: String, now: Double) {
        if let root = nestingRoot { lastFailure = (root, reason) }
        nestingRoot = nil
        take(.session(.abort(reason: reason, abandonsChain: true)), now: now)
        refreshStatus()
    }

    /// What mpv reports now, read for the core.
    var readings: PlayerReadings {
        PlayerReadings(player: player, status: status, mayHavePlayedNothing: mayHavePlayedNothing)
    }

    /// A network stream open with no picture decoded and its clock where it began (the core's rule).
    var mayHavePlayedNothing: Bool {
        core.mayHavePlayedNothing(isNetworkStream: status.isNetworkStream, hasPicture: player.state.videoSize != nil,
                                      position: player.state.position)
    }
}
