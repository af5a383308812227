import Controls
import Playback

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
        if status.isPlaying, now - lastResumeSave >= 15 { saveResumePosition(now: now) }
    }

    /// The earliest time after `now` that ``tick(now:)`` has something to do, or a frame
    /// waiting for the terminal must be let go.
    func nextDeadline(now: Double) -> Double? {
        [core.nextDeadline, frames.deadline, isReady && status.isPlaying ? stall.nextDeadline(now: now) : nil,
         isReady ? silence.nextDeadline : nil, subtitleHold.deadline]
            .compactMap { $0 }.min()
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
        let received = state.cache.map { Double($0.forwardBytes ?? 0) + ($0.end ?? 0) * 1e6 }
        if status.isNetworkStream, silence.observe(isBuffering: state.isPausedForCache == true, received: received, now: now) {
            let limit = options.networkTimeout ?? PlaybackSession.mpvNetworkTimeout
            let given = options.networkTimeout == nil ? "mpv's --network-timeout" : "--network-timeout"
            fail("the server sent nothing for \(ResumeRecord.decimal(limit)) s (\(given))", item: currentPlaylistItem, now: now)
            return
        }
        let video = state.tracks.first { $0.kind == .video && $0.isSelected }
        // A picture a client turned off (vid=no, vo=null) is not waited for: the sound plays on.
        let expectsPicture = (video.map { !$0.isCoverArt && !$0.isImage } ?? false) && status.pictureOff == nil
        let waiting = state.isPaused == true || state.isPausedForCache == true || state.isSeeking == true
            || state.isIdle == true
        // mpv knows the picture's display size once a frame has been decoded.
        guard let verdict = stall.observe(position: state.position, frames: frames.itemFrames, expectsPicture: expectsPicture,
                                          hasPicture: state.videoSize != nil, isWaiting: waiting, atEnd: status.isEffectivelyAtEnd,
                                          now: now) else { return }
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
        }
        fail(reason, item: currentPlaylistItem, now: now)
    }

    /// Stops what mpv is doing and fails the current item with `reason`, naming `item` in the
    /// run's exit line; with `abandonsChain`, what mpv began of the item's playlists is dropped.
    private func fail(_ reason: String, item: PlaylistItem?, abandonsChain: Bool = false, now: Double) {
        if let item { lastFailure = (item, reason) }
        handle(.abort(reason: reason, abandonsChain: abandonsChain), now: now)
        refreshStatus()
    }

    /// A playlist that keeps opening playlists: stopped, with the error naming the playlist.
    func failNesting(_ reason: String, now: Double) {
        let root = nesting.root
        nesting = NestingWatch(root: nil)
        if let root, items.count > 1 { notices.append("Could not play \(PlaylistItem.defaultName(of: root.source)): \(reason)") }
        fail(reason, item: root, abandonsChain: true, now: now)
    }
}
