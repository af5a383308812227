import Commands
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
        // The shots written off the loop since the last pass say where they went.
        notices += screenshots.collect(now: now)
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
            // reel's own loads put the machine in its opening phase first: another start is a
            // client's, whose file may become reel's item.
            run(playback.event(.startFile(entryID: entryID, entries: mpvEntries, keys: itemKeys), now: now), now: now, into: &result)
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
        case .screenshot(let id, let frame, let error):
            if let notice = screenshots.received(id: id, frame: frame, error: error, now: now) { notices.append(notice) }
        case .commandReply(let id, let error):
            decide(.commandReply(id: id, failed: error != nil), now: now)
        case .endFile(.error(let error)):
            let reason = error.explanation
            handle(.failed(reason: reason, isRefusal: reason.hasPrefix(MpvPlayer.refusalText)), now: now)
        case .clientMessage(let words):
            takeClientMessage(words)
        case .propertyChanged(.playlist):
            // A playlist file expanded, or a client's loadfile (the core tells them apart).
            run(playback.event(.playlistChanged(entries: mpvEntries, keys: itemKeys), now: now), now: now, into: &result)
        case .propertyChanged(.subtitleText):
            decide(.subtitleTextChanged, now: now)
        case .propertyChanged(.tracks), .propertyChanged(.subtitleTrack):
            applySubtitleDrawing(subtitleTrack: selectedSubtitleID)
        default:
            break
        }
    }

    /// Runs the core's commands, noting a start that was a client's.
    private func run(_ commands: [PlaybackCore.Command], now: Double, into result: inout PumpResult) {
        if commands.contains(.startedFromOutside) { result.startedFromOutside = true }
        run(commands, now: now)
    }

    /// mpv's playlist, for the core.
    private var mpvEntries: [SessionCore.Entry] {
        player.state.playlist.map { SessionCore.Entry(filename: $0.filename, title: $0.title, id: $0.id, isPlaying: $0.isPlaying) }
    }

    /// What the list's items open, in order.
    var itemKeys: [String] { items.map(\.source.mpvName) }

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
