import Controls
import Options
import Session
import Playback
import Screens

/// The notices the session gives the player screen, and the names it gives items.
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

    /// Remembers the title of the item that opens `mpvName` (a probe found it).
    func learnTitle(_ title: String?, of mpvName: String) {
        take(.titleFound(title, key: mpvName), now: 0)
    }

    /// The run's exit line for a failure: the item that failed (or, with `orFirstItem`, the
    /// first when none is known), made inert, and the reason.
    func failureLine(_ reason: String, orFirstItem: Bool) -> String {
        let item = lastFailure?.item ?? (orFirstItem ? items.first : nil)
        return "reel: \(item.map(ReelApp.failureName) ?? "reel"): \(reason)"
    }
}
