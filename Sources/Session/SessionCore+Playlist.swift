import Controls

/// The mapping of reel's list to mpv's playlist: mpv is given one item at a time, so its rules
/// for what a playlist may open still apply to every playlist file, and a list of a hundred
/// thousand files never becomes mpv's.
extension SessionCore {
    /// Items were put in at `positions` (ascending places in the new list): what plays keeps
    /// playing, and mpv's entries keep their items, at their new places.
    mutating func insert(_ positions: [Int], now: Seconds) -> [Command] {
        let first = SortedInsertion.newIndex(of: window.first, insertingAt: positions)
        itemByEntryID = itemByEntryID.mapValues { $0 - window.first + first }
        window.first = first
        lastItem = lastItem.map { SortedInsertion.newIndex(of: $0, insertingAt: positions) }
        return run(machine.event(.itemsInserted(positions: positions), now: now))
    }

    /// mpv's playlist changed: its entries' ids are learnt, and a playlist file that was opened
    /// is replaced, in the list, by the entries it expanded into (mpv has left out any it may
    /// not open), with the one mpv plays as the current item.
    mutating func follow(_ entries: [Entry], replacesOpened: Bool, now: Seconds) -> [Command] {
        guard !abandoned, !entries.isEmpty, window.count > 0, window.first < machine.itemCount else { return [] }
        itemByEntryID = [:]
        for (index, entry) in entries.enumerated() { if let id = entry.id { itemByEntryID[id] = window.first + index } }
        guard window.count == 1, replacesOpened else { return [] }
        window.count = entries.count
        var commands: [Command] = [.expand(item: window.first, into: entries)]
        commands += run(machine.event(.itemExpanded(item: window.first, into: entries.count), now: now))
        if let playing = entries.firstIndex(where: \.isPlaying) {
            commands += run(machine.event(.started(item: window.first + playing), now: now))
        }
        return commands
    }
}
