import Controls
import Session

/// What the session's list is and how it goes on: a playlist or continue watching, looping it,
/// and shuffling what is still to come, at any time (a key bound to `cycle loop-playlist` or
/// `cycle shuffle`, MPRIS's `LoopStatus` and `Shuffle`).
extension PlaybackSession {
    /// Loops the list, or stops looping it, with the notice a key gives.
    func setLoopsPlaylist(_ loops: Bool, now: Double) {
        take(.setLoopsPlaylist(loops), now: now)
    }

    /// Shuffles what is still to come of the list, or puts it back in order (the core decides
    /// what moves, ``PlaybackCore/Event/setShuffled(_:keys:)``); Up next and N then follow
    /// the new order, and the list shows it.
    func setShuffled(_ shuffled: Bool, now: Double) {
        take(.setShuffled(shuffled, keys: items.keys), now: now)
    }
}
