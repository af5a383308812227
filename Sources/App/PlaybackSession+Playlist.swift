import Controls
import Session

/// What the session's list is and how it goes on: a playlist or continue watching, looping it,
/// and shuffling what is still to come, at any time (a key bound to `cycle loop-playlist` or
/// `cycle shuffle`, MPRIS's `LoopStatus` and `Shuffle`).
extension PlaybackSession {
    /// After the last item, the first (`--loop-playlist`, or turned on since).
    var loopsPlaylist: Bool { machine.configuration.loopPlaylist }
    /// What is still to come plays in a random order (`--shuffle`, or turned on since).
    var shuffles: Bool { playback.order.isShuffled }
    /// Whether the items are a playlist (not continue watching): looping and shuffling mean something.
    var isPlaylist: Bool { machine.configuration.isPlaylist }

    /// Loops the list, or stops looping it, with the notice a key gives.
    func setLoopsPlaylist(_ loops: Bool, now: Double) {
        take(.setLoopsPlaylist(loops), now: now)
    }

    /// Shuffles what is still to come of the list, or puts it back in order (the core decides
    /// what moves, ``PlaybackCore/Event/setShuffled(_:keys:)``); Up next and N then follow
    /// the new order, and the list shows it.
    func setShuffled(_ shuffled: Bool, now: Double) {
        take(.setShuffled(shuffled, keys: itemKeys), now: now)
    }

    /// Moves item `i` to `newIndex[i]`.
    func reorderItems(_ newIndex: [Int]) {
        guard newIndex.count == items.count else { return }
        let old = items
        for (index, item) in old.enumerated() { items[newIndex[index]] = item }
    }
}
