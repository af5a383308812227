import Controls
import Formatting
import History
import Playback
import Session

/// Time in the session: the Up next countdown, the regular resume save, and the watch for an
/// item that stalls or a server that goes silent. Time comes in; nothing here reads the clock.
extension PlaybackSession {
    /// Brings the core's timers up to `now` (the Up next countdown) and saves the position
    /// every 15 s while playing, so that even a SIGKILL loses at most 15 s.
    func tick(now: Double) {
        watchForStall(now: now)
        if let deadline = core.nextDeadline, now >= deadline {
            handle(.tick, now: now)
            refreshStatus()
        }
        decide(.tick(isPlaying: status.isPlaying), now: now)
    }

    /// The earliest time after `now` that ``tick(now:)`` has something to do, or a frame
    /// waiting for the terminal must be let go.
    func nextDeadline(now: Double) -> Double? {
        [playback.nextDeadline(now: now, isPlaying: status.isPlaying, mayHavePlayedNothing: mayHavePlayedNothing),
         frames.deadline].compactMap { $0 }.min()
    }

    /// Ends an item that plays without a picture, or that stopped moving with nothing to wait
    /// for, with what mpv said about it: otherwise it would sit there silently.
    private func watchForStall(now: Double) {
        switch core.phase {
        case .playing, .ended: break
        default: return
        }
        guard isReady else { return }
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
        // mpv knows the picture's display size once a frame has been decoded.
        seen.hasPicture = state.videoSize != nil
        seen.atEnd = status.isEffectivelyAtEnd
        seen.drained = mayHavePlayedNothing && isDrained
        decide(.observed(seen), now: now)
    }

    /// Fails a stream whose server sent nothing for the network timeout.
    func failSilent(now: Double) {
        let limit = options.mpv.networkTimeout ?? PlaybackSession.mpvNetworkTimeout
        let given = options.mpv.networkTimeout == nil ? "mpv's --network-timeout" : "--network-timeout"
        fail("the server sent nothing for \(ResumeRecord.decimal(limit)) s (\(given))", item: currentPlaylistItem, now: now)
    }

    /// Fails an item the stall watch gave up on, with what mpv said about it.
    func failStalled(_ verdict: StallDetector.Verdict, now: Double) {
        let state = player.state
        let said = player.lastProblem
        let reason: String
        switch verdict {
        case .noPicture:
            reason = "the picture cannot be shown" + (said.map { " (\($0))" } ?? "")
        case .stalled:
            let duration = MediaTime.safeDuration(state.duration)
            var text = "playback stopped moving at \(TimeText.format(MediaTime.position(state.position, duration: duration), within: duration))"
            if state.isSeekable == false, state.isNetworkStream == true { text += "; the server does not allow seeking (no byte ranges)" }
            if let said { text += " (\(said))" }
            reason = text
        case .nothingPlayed:
            reason = nothingPlayedReason(state, said: said)
        }
        fail(reason, item: currentPlaylistItem, unplayable: verdict == .nothingPlayed, now: now)
    }

    /// Why a stream read to its end played nothing: a server that sends the file only from its
    /// start, when the file needs a jump (an MP4 whose index is at its end), else mpv's words.
    private func nothingPlayedReason(_ state: PlayerState, said: String?) -> String {
        if state.isNetworkStream == true, state.isSeekable == false {
            return "nothing could be played: the server does not allow seeking (no byte ranges), and this file needs it"
        }
        return "nothing could be played: the stream ended before its first frame" + (said.map { " (\($0))" } ?? "")
    }

    /// Fails an item whose stream mpv reports at its end while the server sent `received` of
    /// the `announced` bytes: the end is the server's, not the file's (the core's verdict).
    func failCutShort(received: Int64, announced: Int64, now: Double) {
        let reason = "the server closed the stream early: it sent \(ByteCountText.format(received)) of the "
            + "\(ByteCountText.format(announced)) it announced"
        fail(reason, item: currentPlaylistItem, unplayable: false, now: now)
    }

    /// Stops what mpv is doing and fails the current item with `reason`, naming `item` in the
    /// run's exit line; with `abandonsChain`, what mpv began of the item's playlists is dropped;
    /// `unplayable`: nothing of the item played.
    private func fail(_ reason: String, item: PlaylistItem?, abandonsChain: Bool = false, unplayable: Bool = false, now: Double) {
        if let item { lastFailure = (item, reason) }
        handle(.abort(reason: reason, abandonsChain: abandonsChain, playedNothing: unplayable), now: now)
        refreshStatus()
    }

    /// A playlist that keeps opening playlists: stopped, with the error naming the playlist (the
    /// core says it in a notice when another item follows).
    func failNesting(_ reason: String, now: Double) {
        let root = nestingRoot
        nestingRoot = nil
        fail(reason, item: root, abandonsChain: true, now: now)
    }
}

extension PlaybackSession {
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
