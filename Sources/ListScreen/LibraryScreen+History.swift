import Commands
import Controls
import Drawing
import ScreenParts
import Terminal

/// The continue-watching list (`reel` alone): forgetting, its undo and clearing everything, the
/// rows' second line, the how-to-start screen, and the screen reader's lines.
extension LibraryScreen {
    /// Hides item `index` (forgotten) or shows it again (the forget was undone), selecting it.
    public mutating func setForgotten(item index: Int, _ forgotten: Bool, now: Seconds) {
        guard items.indices.contains(index) else { return }
        let keep = forgotten ? selectedItem : index
        items[index].isForgotten = forgotten
        refilter(keeping: keep, now: now)
        if !forgotten { select(item: index, now: now) }
        needsRedraw = true
    }

    /// Sets the second line of item `index` and why it is greyed (its record was read again).
    public mutating func setHistory(item index: Int, _ line: HistoryLine?, greyedReason: String?) {
        guard items.indices.contains(index) else { return }
        items[index].history = line
        items[index].greyedReason = greyedReason
        needsRedraw = true
    }

    /// The items the list still shows (not forgotten).
    public var remainingCount: Int { items.count(where: { !$0.isForgotten }) }

    /// d, u and D: only in the continue-watching list (a folder's list has no history to edit).
    mutating func historyCommand(_ command: Command?, now: Seconds) -> [LibraryAction] {
        guard configuration.history else { return [] }
        switch command {
        case .forget?:
            return selectedItem.map { [.forget($0)] } ?? []
        case .forgetUndo?:
            return [.undoForget]
        case .forgetAll?:
            guard remainingCount > 0 else { return [] }
            isConfirmingForgetAll = true
            let count = remainingCount == 1 ? "the 1 item" : "all \(remainingCount) items"
            showMessage("Forget \(count) you were watching? y forgets · any other key keeps them", now: now, duration: 30)
            return []
        default:
            return []
        }
    }

    /// The key after D: y forgets everything, anything else keeps it.
    mutating func confirmForgetAll(_ event: KeyEvent, now: Seconds) -> [LibraryAction] {
        isConfirmingForgetAll = false
        message = nil
        if case .character(let character) = event.key, character == "y" || character == "Y", event.modifiers.isEmpty {
            return [.forgetAll]
        }
        showMessage("Nothing forgotten", now: now, duration: 2)
        return []
    }

    // MARK: Screen reader

    /// A plain line for the screen reader (drawn in the bar).
    mutating func speak(_ line: String) {
        guard configuration.screenReader else { return }
        statusLine = line
        SpokenLog.append(line, to: &spokenLines)
        needsRedraw = true
    }

    /// Says the selected row: "The Film, 45 percent, 12 minutes left, yesterday, 1 of 3".
    mutating func speakSelection() {
        guard configuration.screenReader, let index = selectedItem, let position = viewport.selection else { return }
        let item = items[index]
        var parts = [item.displayTitle]
        if let reason = item.greyedReason {
            parts.append(reason)
        } else if case .unplayable(let reason) = item.state {
            parts.append(reason)
        }
        if let history = item.history { parts.append(history.spoken) }
        parts.append("\(position + 1) of \(shown.count)")
        speak(parts.joined(separator: ", "))
    }

    // MARK: Drawing

    /// A row's history line: a bar of how far in, then "12:34 left · yesterday".
    func drawHistoryLine(_ line: HistoryLine, x: Int, y: Int, clip: Rect, greyed: Bool, background: RGB, into canvas: inout Canvas) {
        var x = x
        if let progress = line.progress {
            let width = Self.historyBarWidth
            let filled = Int((Double(width) * min(max(progress, 0), 1)).rounded())
            canvas.drawText(String(repeating: "━", count: filled), x: x, y: y, clip: clip,
                            fg: greyed ? Theme.unplayable : Theme.accent, bg: background)
            canvas.drawText(String(repeating: "─", count: width - filled), x: x + filled, y: y, clip: clip,
                            fg: Theme.dimText, bg: background)
            x += width + 1
        }
        canvas.drawText(Sanitizer.truncated(line.text, toWidth: max(clip.maxX - x, 0)), x: x, y: y, clip: clip,
                        fg: greyed ? Theme.unplayable : Theme.dimText, bg: background)
    }

    /// The cells of a history row's progress bar.
    static let historyBarWidth = 12

    /// The empty continue-watching list: nothing watched yet, so how to start.
    func drawHowToStart(into canvas: inout Canvas) {
        let list = layout.list
        let lines = ["Nothing to continue yet"] + configuration.emptyHelp
        let top = list.y + max((list.height - lines.count) / 2, 0)
        for (offset, line) in lines.enumerated() where top + offset < list.maxY {
            canvas.drawCentered(Sanitizer.truncated(line, toWidth: max(list.width - 2, 0)), row: top + offset, in: list,
                                fg: offset == 0 ? Theme.text : Theme.dimText, style: offset == 0 ? .bold : [])
        }
    }
}
