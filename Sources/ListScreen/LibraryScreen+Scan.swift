import Controls

extension LibraryScreen {
    /// Puts `newItems` into the list, `newItems[i]` at index `positions[i]` of ``items`` once
    /// they are in (``SortedInsertion``), while the folders are still being read.
    ///
    /// The selection stays on the item it was on, so Enter opens what was looked at; a list still
    /// at the top, with its first item selected, stays at the top.
    public mutating func insert(_ newItems: [LibraryItem], at positions: [Int], now: Seconds) {
        guard !newItems.isEmpty else { return }
        let atTop = viewport.offset == 0 && (viewport.selection ?? 0) == 0
        let selected = atTop ? nil : selectedItem.map { SortedInsertion.newIndex(of: $0, insertingAt: positions) }
        SortedInsertion.insert(newItems, at: positions, into: &items)
        shown = SortedInsertion.newIndices(of: shown, insertingAt: positions)
        lastClick = nil
        refilter(keeping: selected, now: now)
        if (notesLine != nil) != (layout.notes != nil) { resize(columns: layout.columns, rows: layout.rows, now: now) }
        needsRedraw = true
    }

    /// Says whether the folders are still being read, what the scan has skipped so far, and
    /// whether every item is being probed.
    public mutating func setScan(isScanning: Bool, skippedNote: String?, probesAll: Bool = true, now: Seconds) {
        guard isScanning != self.isScanning || skippedNote != self.skippedNote || probesAll != self.probesAll else { return }
        self.isScanning = isScanning
        self.skippedNote = skippedNote
        self.probesAll = probesAll
        if (notesLine != nil) != (layout.notes != nil) { resize(columns: layout.columns, rows: layout.rows, now: now) }
        needsRedraw = true
    }

    /// Names the list anew in its header (what it holds changed).
    public mutating func setTitle(_ title: String) {
        guard title != configuration.title else { return }
        configuration.title = title
        needsRedraw = true
    }
}
