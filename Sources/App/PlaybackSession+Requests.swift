import Controls
import History
import Media
import Playback
import Screens
import Session
import System

/// What the scenes ask of the session: an item to play, a screen's action, the list changing.
extension PlaybackSession {
    /// Plays item `index` (paused with `paused`), leaving the current one first.
    func play(_ index: Int, now: Double, paused: Bool = false) { ask(.play(item: index, paused: paused), now: now) }

    /// Stops opening the item (Esc while it opens).
    func cancelOpening(now: Double) { ask(.cancel, now: now) }

    /// Item `index` is known not to play (the list's probe): Up next and N, P pass over it.
    func markUnplayable(_ index: Int, now: Double) { ask(.knownUnplayable(item: index), now: now) }

    /// Gives the core the user's `request`, and shows what follows.
    private func ask(_ request: SessionCore.Event, now: Double) {
        take(.session(request), now: now)
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

    /// Carries out one screen action: one of mpv's commands, the core's, or the session's.
    func perform(_ action: PlayerAction, now: Double) {
        if let request = action.request(state: player.state) { take(request, now: now) }
        do {
            if try !action.send(to: player) { try carryOut(action, now: now) }
        } catch {
            // A command mpv refuses (say, a seek with nothing loaded) changes nothing; the screen
            // keeps showing mpv's real state.
        }
        refreshStatus()
    }

    /// Carries out an action that is more than one of mpv's commands.
    private func carryOut(_ action: PlayerAction, now: Double) throws {
        if let event = action.coreEvent(loops: core.loopsPlaylist, shuffles: core.shuffles, keys: { items.keys }) {
            take(event, now: now)
            return
        }
        switch action {
        case .restartAndPlay: take(.restartFromBeginning, now: now)
        case .frameBackStep:
            try player.frameBackStep()
            take(.frameBackStep(SubtitleHold.Lines(text: status.subtitleText, ass: status.subtitleASS)), now: now)
        case .selectSubtitles(let id):
            try player.setSubtitleTrack(id.map(TrackChoice.id) ?? .none)
            player.drawSubtitles(track: id, core: core)
        case .setSubtitlesVisible(let visible):
            take(.subtitlesShown(visible), now: now)
            player.drawSubtitles(track: status.subtitleTrack, core: core)
            status.subtitlesVisible = visible
        case .subtitleSeek(let lines): take(.subtitleSeekSent(id: try player.seekSubtitle(by: lines), lines: lines), now: now)
        case .screenshot(let subtitles):
            if let notice = screenshots.take(subtitles: subtitles, from: player, source: items.item(at: core.currentItem)?.source, now: now) { notices.append(notice) }
        default: break
        }
    }

    /// Saves the position and pauses: the video is leaving the screen.
    func saveAndPause(now: Double) {
        saveResumePosition(now: now)
        if core.isReady { perform(.pause, now: now) }
    }
}
