import Controls

/// What clients of mpv's IPC socket do to what plays, seen in what mpv reports: reel does not see
/// their commands (mpv owns the socket), only their effects.
extension SessionCore {
    /// The item of reel's list that mpv's playlist entry `entryID` is, when the core knows it.
    public func item(forEntry entryID: Int) -> Int? { itemByEntryID[entryID] }

    /// mpv stopped the file for a command. reel's own loads and stops leave the stage at
    /// `requested` before mpv stops anything (and a stop is remembered until its end-file), so
    /// a stop of an item still starting, loaded or open is a client's (`stop`, `loadfile`, `playlist-remove current`, `quit`): the item's
    /// place is saved while the core is still on it, and if mpv then has nothing loaded (no file
    /// started since), the item is over (``Event/observed(atEnd:idle:)``, ``runEnd``).
    mutating func stopped() -> [Command] {
        defer { stopSent = false }
        // A start-file mpv sent before it took reel's stop moved the stage on: that stop's
        // end-file is still reel's, as is anything of a playlist chain reel abandoned.
        guard stage != .requested, !stopSent, !abandoned else {
            stage = .requested
            return []
        }
        let save = saveIfOpen()
        stage = .requested
        stoppedByClient = true
        return save
    }

    /// A client made mpv open entry `entryID` while nothing was open (the list showed): mpv's
    /// playlist is that entry, `item` of the list, and the item is opening.
    mutating func adopt(_ item: Int, entryID: Int, now: Seconds) -> [Command] {
        guard item >= 0, item < machine.itemCount else { return [] }
        abandoned = false
        window = Window(first: item, count: 1)
        itemByEntryID = [entryID: item]
        return run(machine.event(.started(item: item), now: now))
    }
}
