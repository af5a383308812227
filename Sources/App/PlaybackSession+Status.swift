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
        if let item = core.currentItem, items.indices.contains(item) {
            take(.titleReported(player.state.title, key: items[item].source.mpvName, defaultName: PlaylistItem.defaultName(of: items[item].source)), now: 0)
        }
        status = MediaStatus(session: self)
        if let duration = status.duration, let frame = status.frameDuration, frame > 0, duration.isFinite, duration > 0 {
            sourceFrameCount = Int(min(duration / frame, 1e12).rounded())
        }
    }
}
