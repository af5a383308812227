import Controls
import History
import Media
import Session
import Playback
import Screens
import System

/// What the scenes ask of the session: an item to play, a screen's action, the list changing.
extension PlaybackSession {
    /// Plays item `index` (paused with `paused`), leaving the current one first.
    func play(_ index: Int, now: Double, paused: Bool = false) {
        take(.session(.play(item: index, paused: paused)), now: now)
        refreshStatus()
    }

    /// Stops opening the item (Esc while it opens).
    func cancelOpening(now: Double) {
        take(.session(.cancel), now: now)
        refreshStatus()
    }

    /// Item `index` is known not to play (the list's probe): Up next and N, P pass over it.
    func markUnplayable(_ index: Int, now: Double) {
        take(.session(.knownUnplayable(item: index)), now: now)
        refreshStatus()
    }

    /// Puts `new` items into the list at `positions` (ascending places in the new list): a
    /// folder's files as its scan finds them. What plays keeps playing, at its new place.
    func insert(_ new: [PlaylistItem], at positions: [Int], now: Double) {
        guard !new.isEmpty, new.count == positions.count else { return }
        SortedInsertion.insert(new, at: positions, into: &items)
        take(.session(.itemsInserted(positions: positions)), now: now)
        refreshStatus()
    }

    /// Carries out one screen action as mpv commands; the playlist's actions go through the core.
    func perform(_ action: PlayerAction, now: Double) {
        switch action {
        case .selectAudio, .selectSubtitles:
            take(.trackSwitched(position: player.state.position, isPaused: player.state.isPaused == true), now: now)
        case .setSubtitlesVisible, .setSubtitleDelay, .setAudioDelay, .setVolume, .setMuted, .close, .dismissUpNext, .preview:
            break
        default:
            take(.otherRequest, now: now)
        }
        do {
            guard try !action.send(to: player) else { refreshStatus(); return }
            switch action {
            case .restartAndPlay:
                take(.seeksReset, now: now)
                take(.seek(.to(0, exact: true)), now: now)
                try player.play()
            case .seek(let request): take(.seek(request), now: now)
            case .frameBackStep:
                try player.frameBackStep()
                take(.frameBackStep(SubtitleHold.Lines(text: status.subtitleText, ass: status.subtitleASS)), now: now)
            case .selectSubtitles(let id):
                try player.setSubtitleTrack(id.map(TrackChoice.id) ?? .none)
                applySubtitleDrawing(subtitleTrack: id)
            case .setSubtitlesVisible(let visible):
                take(.subtitlesShown(visible), now: now)
                applySubtitleDrawing(subtitleTrack: status.subtitleTrack)
                status.subtitlesVisible = visible
            case .subtitleSeek(let lines): take(.subtitleSeekSent(id: try player.seekSubtitle(by: lines), lines: lines), now: now)
            case .playlistNext: take(.session(.next), now: now)
            case .playlistPrevious: take(.session(.previous), now: now)
            case .acceptUpNext: take(.session(.acceptUpNext), now: now)
            case .dismissUpNext: take(.session(.dismissUpNext), now: now)
            case .cycleLoopPlaylist: setLoopsPlaylist(!core.loopsPlaylist, now: now)
            case .cycleShuffle: setShuffled(!core.shuffles, now: now)
            case .screenshot(let subtitles):
                if let notice = screenshots.take(subtitles: subtitles, from: player, source: currentPlaylistItem?.source, now: now) { notices.append(notice) }
            default: break
            }
        } catch {
            // A command mpv refuses (say, a seek with nothing loaded) changes nothing; the screen
            // keeps showing mpv's real state.
        }
        refreshStatus()
    }

    /// Saves the position and pauses: the video is leaving the screen.
    func saveAndPause(now: Double) {
        saveResumePosition(now: now)
        if core.isReady { perform(.pause, now: now) }
    }

    /// mpv draws subtitles itself only when they are pictures (they have no text); text
    /// subtitles are reel's to draw, from `sub-text`, which keeps updating meanwhile.
    func applySubtitleDrawing(subtitleTrack id: Int?) {
        let track = player.state.tracks.first { $0.kind == .subtitles && $0.id == id }
        try? player.setSubtitlesDrawnByMpv(core.mpvDrawsSubtitles(isPictureTrack: track?.isBitmapSubtitle ?? false))
    }

    /// The selected subtitle track's id, when one is chosen by id.
    var selectedSubtitleID: Int? {
        if case .id(let id)? = player.state.subtitleTrack { return id }
        return nil
    }
}
