import Controls
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
        defer { notices.removeAll() }
        var taken = notices
        if player.hasNoSoundDevice, !saidNoSoundDevice {
            saidNoSoundDevice = true
            taken.append(PlayerScreen.noSoundDeviceNotice)
        }
        let skipped = player.takeSkippedParts()
        if skipped > 0 {
            partsSkipped += skipped
            taken.append(PlaybackSession.skippedNotice(count: partsSkipped))
        }
        let refused = player.takeRefusals().count
        if refused > 0 {
            entriesLeftOut += refused
            taken.append(PlaybackSession.leftOutNotice(count: entriesLeftOut))
        }
        for notice in taken { TraceLog.shared?.record("notice \(notice)") }
        return taken
    }

    /// The notice for `count` parts of the stream that could not be fetched and were skipped
    /// (the picture jumps past them).
    static func skippedNotice(count: Int) -> String {
        let what = count == 1 ? "a part" : "\(count) parts"
        return "Skipped \(what) of the stream the server did not send"
    }

    /// The notice for `count` playlist entries that mpv left out since the item was given to it.
    static func leftOutNotice(count: Int) -> String {
        let what = count == 1 ? "a playlist entry" : "\(count) playlist entries"
        return "Left out \(what): a playlist from the network may not open local files or mpv's special protocols"
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
        return titles[items[index].source.mpvName] ?? items[index].name
    }

    /// Whether the title of item `index` is known (from mpv, or a probe): its name in a notice is
    /// then the one it will keep.
    func knowsTitle(of index: Int) -> Bool {
        items.indices.contains(index) && titles[items[index].source.mpvName] != nil
    }

    /// The notice of a move to an item whose title was not known ("Next: …", "Previous: …"),
    /// once the item has opened and mpv has said its title: so that every move names the item
    /// alike, by its title when it has one, else its file name, as the list does. An item that
    /// fails says so in its own notice instead.
    func announcePendingMove() {
        guard let move = pendingMove else { return }
        let failed = if case .failed = machine.phase { true } else { false }
        guard currentItem == move.item, !failed else {
            pendingMove = nil
            return
        }
        guard isReady else { return }
        pendingMove = nil
        notices.append(text(of: .moved(to: move.item, backwards: move.backwards)))
    }

    /// Remembers the title of the item that opens `mpvName` (a probe found it).
    func learnTitle(_ title: String?, of mpvName: String) {
        guard let title, !title.isEmpty, titles[mpvName] == nil else { return }
        titles[mpvName] = title
        refreshStatus()
    }

    /// The run's exit line for a failure: the item that failed (or, with `orFirstItem`, the
    /// first when none is known), made inert, and the reason.
    func failureLine(_ reason: String, orFirstItem: Bool) -> String {
        let item = lastFailure?.item ?? (orFirstItem ? items.first : nil)
        return "reel: \(item.map(ReelApp.failureName) ?? "reel"): \(reason)"
    }
}
