import Controls

/// What the session's list is and how it goes on: a playlist or continue watching, looping it,
/// and shuffling what is still to come, at any time (a key bound to `cycle loop-playlist` or
/// `cycle shuffle`, MPRIS's `LoopStatus` and `Shuffle`).
extension PlaybackSession {
    /// After the last item, the first (`--loop-playlist`, or turned on since).
    var loopsPlaylist: Bool { machine.configuration.loopPlaylist }
    /// What is still to come plays in a random order (`--shuffle`, or turned on since).
    var shuffles: Bool { order.isShuffled }
    /// Whether the items are a playlist (not continue watching): looping and shuffling mean something.
    var isPlaylist: Bool { machine.configuration.isPlaylist }

    /// Loops the list, or stops looping it, with the notice a key gives.
    func setLoopsPlaylist(_ loops: Bool, now: Double) {
        guard isPlaylist else {
            notices.append("Continue watching is not a playlist: nothing to loop")
            return
        }
        if loops != loopsPlaylist { handle(.setLoopPlaylist(loops), now: now) }
        notices.append(loops ? "Loop the list: on" : "Loop the list: off")
    }

    /// Shuffles what is still to come of the list (the items after the one playing, and after
    /// the entries mpv holds of an expanded playlist file), or puts it back in order; Up next and
    /// N then follow the new order, and the list shows it.
    func setShuffled(_ shuffled: Bool, now: Double) {
        guard isPlaylist else {
            notices.append("Continue watching is not a playlist: nothing to shuffle")
            return
        }
        let window = core.window
        let after = max(machine.currentItem ?? lastItem ?? -1, window.first + window.count - 1) + 1
        let range = min(after, items.count)..<items.count
        let before = order.isShuffled
        let newOrder = order.reorder(items, range: range, shuffled: shuffled)
        if before != shuffled, range.count > 1 {
            var newIndex = Array(items.indices)
            for (offset, old) in newOrder.enumerated() { newIndex[old] = range.lowerBound + offset }
            let old = items
            for (index, item) in old.enumerated() { items[newIndex[index]] = item }
            itemsVersion += 1
            handle(.itemsReordered(newIndex: newIndex), now: now)
        }
        notices.append(shuffled ? "Shuffle: on" : "Shuffle: off")
    }
}
