/// How the list goes on: looping it, and shuffling what is still to come, at any time (a key
/// bound to `cycle loop-playlist` or `cycle shuffle`, MPRIS's `LoopStatus` and `Shuffle`), and
/// the session core's loads and expansions of the list as the executor carries them out.
extension PlaybackCore {
    /// The session core's `command` as the executor carries it out: a load as the entry of mpv's
    /// playlist or the item alone, as the session core chose; a playlist file's expansion with
    /// the entries it became, whose items count as a change of the list (``itemsVersion``).
    mutating func carried(_ command: SessionCore.Command) -> Command {
        switch command {
        case .load(let item, let entry):
            return entry.map(Command.playEntry) ?? .giveItem(item)
        case .expand(let item, let entries):
            itemsVersion += 1
            return .expand(item: item, entries: entries, fromClient: entriesFromClient)
        default:
            return .session(command)
        }
    }

    /// The notice for a loop or shuffle asked of continue watching, which is no playlist.
    static func notAPlaylist(_ what: String) -> Command {
        .notice("Continue watching is not a playlist: nothing to \(what)")
    }

    /// Loops the list, or stops looping it, with the notice a key gives.
    mutating func setLoopsPlaylist(_ loops: Bool, now: Double) -> [Command] {
        let machine = session.machine.configuration
        guard machine.isPlaylist else { return [Self.notAPlaylist("loop")] }
        let commands = loops != machine.loopPlaylist ? session(.setLoopPlaylist(loops), now: now) : []
        return commands + [.notice(loops ? "Loop the list: on" : "Loop the list: off")]
    }

    /// Shuffles what is still to come of the list whose items open `keys` (the items after the one
    /// playing, and after the entries mpv holds of an expanded playlist file), or puts it back in
    /// order: ``Command/reorderItems(newIndex:)`` first, so that Up next and N follow the new
    /// order, then the notice. `generator` shuffles.
    mutating func setShuffled(_ shuffled: Bool, keys: [String], now: Double,
                                     using generator: inout some RandomNumberGenerator) -> [Command] {
        guard session.machine.configuration.isPlaylist else { return [Self.notAPlaylist("shuffle")] }
        let window = session.window
        let after = max(session.machine.currentItem ?? session.lastItem ?? -1, window.first + window.count - 1)
        var commands: [Command] = []
        if let newIndex = order.shuffle(shuffled, keys: keys, after: after, using: &generator) {
            itemsVersion += 1
            commands = [.reorderItems(newIndex: newIndex)] + session(.itemsReordered(newIndex: newIndex), now: now)
        }
        return commands + [.notice(shuffled ? "Shuffle: on" : "Shuffle: off")]
    }
}
