import Controls
import Drawing
import History
import Media
import Options
import Playback
import Screens
import Session

/// What the screens get of the session: its status, its notices, and the items' names.
extension PlaybackSession {
    /// Notices for the screen since the last call.
    ///
    /// The playlist entries mpv left out are one notice that counts them: the screen shows one
    /// notice at a time, so fifteen of them were one "Left out a playlist entry".
    func takeNotices() -> [String] {
        take(.logged(skippedParts: player.takeSkippedParts(), refusedEntries: player.takeRefusals().count,
                       noSoundDevice: player.hasNoSoundDevice), now: 0)
        defer { notices.removeAll() }
        for notice in notices { TraceLog.shared?.record("notice \(notice)") }
        return notices
    }

    /// The name of item `index` for notices and cards: its title once known, else its name.
    func name(of index: Int) -> String { items.name(of: index, titles: core.titles) }

    /// Rebuilds ``status`` from mpv's state and the core, and learns the item's title.
    func refreshStatus() {
        if let item = core.currentItem, items.indices.contains(item) {
            take(.titleReported(player.state.title, key: items[item].source.mpvName, defaultName: PlaylistItem.defaultName(of: items[item].source)), now: 0)
        }
        status = MediaStatus(session: self)
        sourceFrameCount = status.player.estimatedFrameCount ?? sourceFrameCount
    }
}
