import Controls
import Session
import Playback

/// mpv's events, decoded for the core, and what the session watches around them.
extension PlaybackSession {
    /// What one pump saw.
    struct PumpResult {
        /// mpv finished a seek (for the screen reader).
        var seekCompleted = false
        /// Something changed: the status was rebuilt.
        var changed = false
        /// mpv restarted playback at a new position after the item was ready: a seek, reel's or
        /// a client's (for MPRIS's `Seeked`).
        var restarted = false
        /// That restart was none of reel's seeks: a client of the IPC socket, a chapter move.
        var seekedFromOutside = false
        /// A file started that reel did not ask for: a client's `loadfile` (the player must show it).
        var startedFromOutside = false
        /// mpv is shutting down: a client's `quit` (the run ends as q ends it).
        var mpvQuit = false
    }

    /// Reads mpv's events and moves the core on.
    func pump(now: Double) -> PumpResult {
        let events = player.drainEvents()
        var result = PumpResult()
        for event in events { take(event, now: now, into: &result) }
        // A seek mpv never confirmed is let go; the track switch's repair may seek back; a frame
        // step back's subtitle, held past the restart, goes when mpv has said nothing new.
        let commands = playback.event(.position(player.state.position, isPaused: player.state.isPaused == true), now: now)
        run(commands, now: now)
        if !events.isEmpty || commands.contains(.holdExpired) {
            refreshStatus()
            followEnd(now: now)
            decide(.statusChanged, now: now)
            result.changed = true
        }
        return result
    }

    private func take(_ event: PlayerEvent, now: Double, into result: inout PumpResult) {
        switch event {
        case .startFile(let entryID):
            decide(.fileStarted, now: now)
            frames.clear()
            // reel's own loads put the machine in its opening phase first.
            if !core.machine.isOpening { result.startedFromOutside = true }
            adoptClientEntry(entryID, now: now)
            handle(.startFile(entryID: entryID), now: now)
        case .loadHook(let id):
            handle(.loadHook(id: id, opening()), now: now)
        case .endFile(.redirect):
            handle(.endFile, now: now)
            // A playlist opened and became its entries; one that keeps opening playlists
            // (itself, or two that list each other) is stopped at the limit.
            decide(.redirected, now: now)
        case .endFile(.stopped), .endFile(.quit):
            // The place is saved from the status as it stands, the last pass's, taken before
            // mpv dropped the file's position.
            handle(.stopped, now: now)
            if event == .endFile(.quit) { result.mpvQuit = true }
        case .shutdown:
            handle(.stopped, now: now)
            result.mpvQuit = true
        case .endFile(.endOfFile):
            handle(.endFile, now: now)
        case .fileLoaded:
            decide(.fileLoaded, now: now)
            handle(.fileLoaded, now: now)
            applySubtitleDrawing(subtitleTrack: selectedSubtitleID)
        case .playbackRestart:
            let commands = playback.event(.session(.playbackRestart), now: now)
            if commands.contains(.session(.restarted)) {
                result.restarted = true
                if !playback.seeks.hasSeekInFlight { result.seekedFromOutside = true }
            }
            run(commands, now: now)
            let after = playback.event(.restarted, now: now)
            if after.contains(.seekFinished) { result.seekCompleted = true }
            run(after, now: now)
        case .commandReply(let id, let error):
            decide(.commandReply(id: id, failed: error != nil), now: now)
        case .endFile(.error(let error)):
            let reason = error.explanation
            handle(.failed(reason: reason, isRefusal: reason.hasPrefix(MpvPlayer.refusalText)), now: now)
        case .clientMessage(let words):
            takeClientMessage(words)
        case .propertyChanged(.playlist):
            // A playlist file expands only while reel opens it: a new entry that plays while
            // nothing opens is a client's loadfile.
            entriesFromClient = !core.machine.isOpening
            if entriesFromClient, let playing = player.state.playlist.first(where: \.isPlaying)?.id,
               core.item(forEntry: playing) == nil {
                result.startedFromOutside = true
            }
            adoptClientEntry(now: now)
            let entries = player.state.playlist
            let opened = items.indices.contains(core.window.first) ? items[core.window.first].source.mpvName : nil
            let replacesOpened = entries.count > 1 || entries.first.map { $0.filename != opened } ?? false
            handle(.playlist(entries: entries.map { SessionCore.Entry(id: $0.id, isPlaying: $0.isPlaying) },
                             replacesOpened: replacesOpened), now: now)
        case .propertyChanged(.subtitleText):
            decide(.subtitleTextChanged, now: now)
        case .propertyChanged(.tracks), .propertyChanged(.subtitleTrack):
            applySubtitleDrawing(subtitleTrack: selectedSubtitleID)
        default:
            break
        }
    }

    /// Tells the core where the position is (``PlaybackEnd``) and whether mpv is idle; it
    /// decides when playback reaches the end, or leaves it, or that the end is a failure.
    private func followEnd(now: Double) {
        let state = player.state
        var end = PlaybackCore.EndObservation()
        end.isAtEnd = status.isEffectivelyAtEnd
        end.loopsFile = status.loopsFile
        end.isIdle = state.isIdle == true
        end.isNetworkStream = status.isNetworkStream
        end.position = state.position
        end.duration = state.duration
        end.hasPicture = state.videoSize != nil
        end.drained = mayHavePlayedNothing && isDrained
        end.cutShort = player.streamCutShort
        let before = core
        decide(.endObserved(end), now: now)
        // The status was taken before the core moved: the screens see the end and the phase it
        // leads to together.
        if core != before { refreshStatus() }
    }
}
