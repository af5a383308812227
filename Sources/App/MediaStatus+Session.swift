import Controls
import Drawing
import History
import Media
import Playback
import Screens
import Session

/// The screens' status built from the session: mpv's state and the core's decisions.
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
        title = session.core.shownTitle(player.title)
        if case .url? = session.items.item(at: session.core.currentItem)?.source { isURL = true }
        hasNoSoundDevice = session.player.hasNoSoundDevice
        isLoaded = session.core.isReady && player.isIdle != true
        if let item = session.core.currentItem {
            itemName = session.name(of: item)
            playlistIndex = item
        }
        playlistCount = session.items.count
        if let upNext = session.core.machine.upNext { upNextName = session.name(of: upNext.item) }
        if phase.isOpening { opening = Self.opening(player, fileLoaded: session.core.isFileLoaded, reading: session.player.isReadingStream) }
        subtitleHold = session.core.subtitleHold
        subtitlesVisible = session.core.subtitlesVisible
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
