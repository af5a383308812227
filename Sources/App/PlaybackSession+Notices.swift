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

    /// The words of one of the core's notices.
    func text(of notice: SessionCore.Notice) -> String {
        switch notice {
        case .firstItem: "This is the first item"
        case .lastItem: "This is the last item"
        case .moved(let item, let backwards): "\(backwards ? "Previous" : "Next"): \(name(of: item)) (\(item + 1)/\(items.count))"
        case .couldNotPlay(let item, let reason): "Could not play \(name(of: item)): \(reason)"
        }
    }

    /// The name of item `index` for notices and cards: its title once known (from mpv, or a
    /// probe), else its name.
    func name(of index: Int) -> String {
        guard items.indices.contains(index) else { return "" }
        return playback.titles[items[index].source.mpvName] ?? items[index].name
    }

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
