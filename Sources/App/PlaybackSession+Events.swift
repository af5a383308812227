import Commands
import Controls
import Playback
import Session

/// mpv's events, each one core event, and time: what the core is told as the loop goes round.
extension PlaybackSession {
    /// Reads mpv's events and moves the core on: one core event for each of mpv's, then one
    /// for the pass's end (``PlaybackCore/Event/passEnded(mpvEvents:position:isPaused:)``).
    func pump(now: Double) -> PumpResult {
        let events = player.drainEvents()
        var result = PumpResult()
        // The shots written off the loop since the last pass say where they went.
        notices += screenshots.collect(now: now)
        for event in events {
            carryOut(event, now: now, into: &result)
            if let event = event.coreEvent(state: player.state, keys: { items.keys },
                                              hooked: { items.hooked(core.currentItem, opening: player.openingFilename) }) { result.merge(take(event, now: now)) }
        }
        result.merge(take(.passEnded(mpvEvents: events.count, position: player.state.position,
                                     isPaused: player.state.isPaused == true), now: now))
        return result
    }

    /// What only the executor does about one of mpv's events: frames let go, the subtitle
    /// drawing, a shot received, a client's message, mpv quitting.
    private func carryOut(_ event: PlayerEvent, now: Double, into result: inout PumpResult) {
        switch event {
        case .startFile: frames.clear()
        case .endFile(.quit), .shutdown: result.mpvQuit = true
        case .fileLoaded, .propertyChanged(.tracks), .propertyChanged(.subtitleTrack):
            player.drawSubtitles(track: player.selectedSubtitleID, core: core)
        case .screenshot(let id, let frame, let error):
            if let notice = screenshots.received(id: id, frame: frame, error: error, now: now) { notices.append(notice) }
        case .clientMessage(let words):
            if let notice = clients.receive(words) { notices.append(notice) }
        default: break
        }
    }

    /// Brings the core up to `now` with what mpv reports: the watch for an item that stalls or
    /// a server that goes silent, the Up next countdown, and the save every 15 s while playing.
    func tick(now: Double) {
        take(.tick(PlayerReadings(session: self).look(frames: frames.itemFrames, drainedCounts: core.isReady)), now: now)
    }

    /// The earliest time after `now` that ``tick(now:)`` has something to do, or a frame
    /// waiting for the terminal must be let go.
    func nextDeadline(now: Double) -> Double? {
        [core.nextDeadline(now: now, isPlaying: status.isPlaying, mayHavePlayedNothing: PlayerReadings(session: self).mayHavePlayedNothing),
         frames.deadline].compactMap { $0 }.min()
    }
}
