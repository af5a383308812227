import Commands
import Controls
import Session
import Playback

/// mpv's events, decoded for the core, and what the session watches around them.
extension PlaybackSession {
    /// Reads mpv's events and moves the core on: one core event for each of mpv's, then one
    /// look at the position and one at the end after the pass.
    func pump(now: Double) -> PumpResult {
        let events = player.drainEvents()
        var result = PumpResult()
        // The shots written off the loop since the last pass say where they went.
        notices += screenshots.collect(now: now)
        for event in events {
            if let event = coreEvent(event, now: now, into: &result) { result.merge(take(event, now: now)) }
        }
        // A seek mpv never confirmed is let go; the track switch's repair may seek back; a frame
        // step back's subtitle, held past the restart, goes when mpv has said nothing new.
        result.merge(take(.position(player.state.position, isPaused: player.state.isPaused == true), now: now))
        if !events.isEmpty || result.changed {
            refreshStatus()
            take(.endObserved(readings.end), now: now)
            result.changed = true
        }
        return result
    }

    /// The core's event for one of mpv's, after what only the executor does about it (frames
    /// let go, the subtitle drawing, a shot received, a client's message); nil when the core has
    /// nothing to learn from it.
    private func coreEvent(_ event: PlayerEvent, now: Double, into result: inout PumpResult) -> PlaybackCore.Event? {
        switch event {
        case .startFile(let entryID):
            frames.clear()
            // reel's own loads put the machine in its opening phase first: another start is a
            // client's, whose file may become reel's item.
            return .startFile(entryID: entryID, entries: mpvEntries, keys: itemKeys)
        case .loadHook(let id):
            return .loadHook(id: id, hooked)
        case .endFile(.redirect):
            // A playlist opened and became its entries; one that keeps opening playlists
            // (itself, or two that list each other) is stopped at the limit.
            return .redirected
        case .endFile(.stopped), .endFile(.quit), .shutdown:
            // The place is saved from the status as it stands, the last pass's, taken before
            // mpv dropped the file's position.
            if event != .endFile(.stopped) { result.mpvQuit = true }
            return .session(.stopped)
        case .endFile(.endOfFile):
            return .session(.endFile)
        case .fileLoaded:
            applySubtitleDrawing(subtitleTrack: selectedSubtitleID)
            return .fileLoaded
        case .playbackRestart:
            return .playbackRestart(position: player.state.position)
        case .screenshot(let id, let frame, let error):
            if let notice = screenshots.received(id: id, frame: frame, error: error, now: now) { notices.append(notice) }
            return nil
        case .commandReply(let id, let error):
            return .commandReply(id: id, failed: error != nil)
        case .endFile(.error(let error)):
            let reason = error.explanation
            return .session(.failed(reason: reason, isRefusal: reason.hasPrefix(MpvPlayer.refusalText)))
        case .clientMessage(let words):
            if let notice = clients.receive(words) { notices.append(notice) }
            return nil
        case .propertyChanged(.playlist):
            // A playlist file expanded, or a client's loadfile (the core tells them apart).
            return .playlistChanged(entries: mpvEntries, keys: itemKeys)
        case .propertyChanged(.subtitleText):
            return .subtitleTextChanged
        case .propertyChanged(.tracks), .propertyChanged(.subtitleTrack):
            applySubtitleDrawing(subtitleTrack: selectedSubtitleID)
            return nil
        default:
            return nil
        }
    }

    /// mpv's playlist, for the core.
    private var mpvEntries: [SessionCore.Entry] {
        player.state.playlist
    }

    /// What the list's items open, in order.
    var itemKeys: [String] { items.map(\.source.mpvName) }
}
