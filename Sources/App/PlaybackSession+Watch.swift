import Controls
import Formatting
import History
import Media
import Playback
import Session

/// Time in the session: the Up next countdown, the regular resume save, and the watch for an
/// item that stalls or a server that goes silent. Time comes in; nothing here reads the clock.
extension PlaybackSession {
    /// Brings the core up to `now` with what mpv reports: the watch for an item that stalls or
    /// a server that goes silent, the Up next countdown, and the save every 15 s while playing.
    func tick(now: Double) {
        take(.tick(observation), now: now)
    }

    /// The earliest time after `now` that ``tick(now:)`` has something to do, or a frame
    /// waiting for the terminal must be let go.
    func nextDeadline(now: Double) -> Double? {
        [playback.nextDeadline(now: now, isPlaying: status.isPlaying, mayHavePlayedNothing: mayHavePlayedNothing),
         frames.deadline].compactMap { $0 }.min()
    }

    /// What mpv reports now, for the core's watches (which look only while an item is open).
    private var observation: PlaybackCore.Observation {
        let state = player.state
        var seen = PlaybackCore.Observation()
        seen.isNetworkStream = status.isNetworkStream
        seen.isBuffering = state.isPausedForCache == true
        seen.received = state.cache.map { Double($0.forwardBytes ?? 0) + ($0.end ?? 0) * 1e6 }
        seen.position = state.position
        seen.frames = frames.itemFrames
        let video = state.tracks.first { $0.kind == .video && $0.isSelected }
        // A picture a client turned off (vid=no, vo=null) is not waited for: the sound plays on.
        seen.expectsPicture = (video.map { !$0.isCoverArt && !$0.isImage } ?? false) && status.pictureOff == nil
        seen.isWaiting = state.isPaused == true || state.isPausedForCache == true || state.isSeeking == true
            || state.isIdle == true
        seen.isPaused = state.isPaused ?? true
        seen.isIdle = state.isIdle == true
        // mpv knows the picture's display size once a frame has been decoded.
        seen.hasPicture = state.videoSize != nil
        seen.drained = isReady && mayHavePlayedNothing && isDrained
        seen.duration = state.duration
        seen.said = said
        return seen
    }

    /// A playlist that keeps opening playlists: stopped, with the error naming the playlist given
    /// to mpv in the run's exit line (the core says it in a notice when another item follows).
    func failNesting(_ reason: String, now: Double) {
        if let root = nestingRoot { lastFailure = (root, reason) }
        nestingRoot = nil
        take(.session(.abort(reason: reason, abandonsChain: true)), now: now)
        refreshStatus()
    }
}

extension PlaybackSession {
    /// What mpv says of the item, for the words of a failure the core decides.
    var said: PlaybackCore.Said {
        PlaybackCore.Said(problem: player.lastProblem, isSeekable: player.state.isSeekable,
                          isNetworkStream: player.state.isNetworkStream == true)
    }

    /// A network stream open with no picture decoded and its clock where it began (the core's rule).
    var mayHavePlayedNothing: Bool {
        playback.mayHavePlayedNothing(isNetworkStream: status.isNetworkStream, hasPicture: player.state.videoSize != nil,
                                      position: player.state.position)
    }

    /// The stream was read to its end and the cache holds nothing: nothing more will come. Read
    /// from mpv now, not from its last notice.
    var isDrained: Bool {
        player.currentCacheState().map { $0.reachedEndOfStream && ($0.totalBytes ?? 0) == 0 } ?? false
    }
}
