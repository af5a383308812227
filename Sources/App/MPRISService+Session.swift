import Commands
import Controls
import Desktop
import Playback
import Screens

extension MPRISService {
    /// Publishes the session's state, answers the calls that came in, and returns the commands
    /// they ask for, oldest first. `seeked`: mpv restarted playback at a new place.
    func pass(session: PlaybackSession, playerShown: Bool, seeked: Bool) -> [Command] {
        let path = session.core.machine.currentItem.flatMap { session.items.indices.contains($0) ? session.items[$0].source.absolutePath : nil }
        return pass(MPRISService.state(of: session, playerShown: playerShown, artURL: art?.url(for: path)), seeked: seeked)
    }

    /// What MPRIS says of the session now. Outside the player (the list, a poster card) nothing
    /// plays, so nothing can be played, paused, skipped or sought from the bus.
    static func state(of session: PlaybackSession, playerShown: Bool, artURL: String?) -> MPRISState {
        let status = session.status
        var state = MPRISState()
        let item = session.core.machine.currentItem
        state.item = item
        if status.isLoaded {
            state.status = status.isPlaying ? .playing : .paused
        } else if case .opening = session.core.machine.phase {
            state.status = .playing
        }
        state.position = status.displayPosition ?? 0
        let length = MediaTime.safeDuration(status.duration)
        state.length = length > 0 ? length : nil
        if let item, session.items.indices.contains(item) {
            let source = session.items[item].source
            state.title = status.title.flatMap { $0.isEmpty ? nil : $0 } ?? session.name(of: item)
            switch source {
            case .file: state.url = source.absolutePath.map { MPRISPlayer.fileURL($0.bytes) }
            case .url(let url): state.url = url
            case .standardInput: state.url = nil
            }
        }
        state.artURL = artURL
        state.rate = status.speed
        state.volume = (status.volume ?? 100) / 100
        state.loop = status.loopsFile ? .track : .none
        state.loopsPlaylist = session.core.loopsPlaylist
        state.shuffle = session.core.shuffles
        state.canLoopPlaylist = session.core.isPlaylist
        let controllable = playerShown && status.isLoaded && !status.isImage
        state.canPlay = controllable
        state.canPause = controllable
        state.canSeek = controllable && length > 0
        state.canGoNext = playerShown && item.flatMap { session.core.machine.item(after: $0) } != nil
        state.canGoPrevious = playerShown && item.flatMap { session.core.machine.item(before: $0) } != nil
        return state
    }
}
