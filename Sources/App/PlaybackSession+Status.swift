import Controls
import Drawing
import History
import Media
import Session
import Screens

/// The screens' ``MediaStatus``: mpv's state as the player holds it, and the session's part.
extension PlaybackSession {
    /// Rebuilds ``status`` from mpv's state and the core, and learns the item's title.
    func refreshStatus() {
        if let item = currentItem, items.indices.contains(item) {
            take(.titleReported(player.state.title, key: items[item].source.mpvName, defaultName: PlaylistItem.defaultName(of: items[item].source)), now: 0)
        }
        status = MediaStatus(session: self)
        if let duration = status.duration, let frame = status.frameDuration, frame > 0, duration.isFinite, duration > 0 {
            sourceFrameCount = Int(min(duration / frame, 1e12).rounded())
        }
    }
}

extension MediaStatus {
    /// The screens' status: mpv's state as it is, and what the session knows beside it.
    init(session: PlaybackSession) {
        self.init()
        player = session.player.state
        isAtEnd = session.core.isAtEnd
        runEnd = session.core.runEnd
        phase = session.core.phase
        // While an item opens (or fails to), mpv's media-title is still the last item's until the
        // new file is loaded and mpv sends the new title (which may come after its path and its
        // file-loaded): until then the item's own name is shown ("Opening Talk…" stood while
        // demo.mp4 opened).
        title = session.playback.shownTitle(player.title)
        if case .url? = session.currentPlaylistItem?.source { isURL = true }
        hasNoSoundDevice = session.player.hasNoSoundDevice
        isLoaded = session.isReady && player.isIdle != true
        if let item = session.currentItem {
            itemName = session.name(of: item)
            playlistIndex = item
        }
        playlistCount = session.items.count
        if let upNext = session.core.machine.upNext { upNextName = session.name(of: upNext.item) }
        if phase.isOpening { opening = Self.opening(player, fileLoaded: session.fileLoaded, reading: session.player.isReadingStream) }
        subtitleHold = session.playback.subtitleHold
        subtitlesVisible = session.subtitlesVisible
    }

    /// How far opening has got: filling the cache, the file loaded, data arriving (the server
    /// answered: no longer "Connecting…"), or connecting.
    private static func opening(_ player: PlayerState, fileLoaded: Bool, reading: Bool) -> OpeningProgress {
        if player.isPausedForCache == true || (player.bufferingPercent ?? 0) > 0 {
            return .buffering(percent: player.bufferingPercent, bytes: player.cache?.forwardBytes)
        }
        return fileLoaded ? .starting : reading ? .reading : .connecting
    }
}
