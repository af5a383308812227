import ScreenParts
import Commands
import Controls
import Drawing
import Terminal
import TextSearch

extension LibraryScreen {
    /// Handles one input event at `now` and returns what the app must do.
    ///
    /// Keys: j/k and ↓/↑ move by a row; PgDn/Space and PgUp by a page; Home/g and End/G to the ends;
    /// Enter opens; `/` starts the filter (typed text narrows the list at once, Backspace edits,
    /// Enter keeps it, Esc clears it); Esc with a filter clears it; without one it stops a scan
    /// still reading folders, else goes back to what plays (when something does), and otherwise
    /// does nothing, so that a second Esc after leaving the player never quits by accident; q quits.
    ///
    /// Mouse: a click selects an item, and a click on the selected item opens it (so a double
    /// click opens, as in a file manager); the wheel scrolls; the bar's hints can be clicked.
    public mutating func handle(_ event: InputEvent, now: Seconds) -> [LibraryAction] {
        tick(now: now)
        needsRedraw = true
        switch event {
        case .key(let key): return handleKey(key, now: now)
        case .mouse(let mouse): return handleMouse(mouse, now: now)
        case .paste(let text):
            guard isEditingFilter else { return [] }
            setFilter(filter + FilterText.pasted(text), now: now)
            return []
        case .focus, .reply: return []
        }
    }

    // MARK: Keys

    /// What the keys mean now: the filter being typed, the question, the help, or the list's
    /// commands.
    public var keyMode: KeyMode {
        if isEditingFilter { return .filter }
        if isConfirmingForgetAll { return .question }
        return help.isShown ? .help : .commands
    }

    /// Shows or closes the list of keys (``KeysHelp``); whether a key does that is decided above
    /// the screens (``GlobalCommand``), once for all of them.
    public mutating func setHelpShown(_ shown: Bool) { help.show(shown); needsRedraw = true }
    /// Turns the list of keys `pages` pages on (back when negative).
    public mutating func turnHelpPage(by pages: Int) { help.turn(by: pages); needsRedraw = true }

    private mutating func handleKey(_ event: KeyEvent, now: Seconds) -> [LibraryAction] {
        switch keyMode {
        case .filter: return handleFilterKey(event, now: now)
        case .question: return confirmForgetAll(event, now: now)
        case .help, .tracksMenu, .upNext, .commands: break
        }
        let selectedBefore = selectedItem
        defer { if selectedItem != selectedBefore { speakSelection() } }
        let command = configuration.commands.command(for: event, on: .list)
        switch command {
        case .listMove(let count)?: move(by: count, now: now)
        case .listPage(let pages)?: page(by: pages, now: now)
        case .listFirst?: moveToStart(now: now)
        case .listLast?: moveToEnd(now: now)
        case .play?: return openSelection()
        case .poster?: return selectedItem.map { [.poster($0)] } ?? []
        case .filter?:
            isEditingFilter = true
            message = nil
        case .close?:
            // Esc clears the filter first; then it stops a scan still reading folders; then it goes
            // back to what plays, when something does.
            if !filter.isEmpty {
                setFilter("", now: now)
            } else if isScanning {
                return [.stopScan]
            } else if configuration.canClose {
                return [.close]
            }
        case .forget?, .forgetUndo?, .forgetAll?: return historyCommand(command, now: now)
        case nil: showMessage(MpvKeys.unboundHint(for: event, table: configuration.commands, screen: .list), now: now, duration: 3)
        default: break
        }
        return []
    }

    /// A key while the filter is typed: its rows, else the key's character is text (other Ctrl
    /// and Alt keys do nothing).
    private mutating func handleFilterKey(_ event: KeyEvent, now: Seconds) -> [LibraryAction] {
        switch configuration.commands.command(for: event, on: .list, in: .filter) {
        case .filterAccept?: isEditingFilter = false
        case .close?:
            isEditingFilter = false
            setFilter("", now: now)
        case .filterErase?: if !filter.isEmpty { setFilter(String(filter.dropLast()), now: now) }
        case .filterClear?: setFilter("", now: now)
        case .listMove(let count)?: move(by: count, now: now)
        case .listPage(let pages)?: page(by: pages, now: now)
        case nil:
            guard case .character(let character) = event.key, event.modifiers.isDisjoint(with: [.ctrl, .alt]) else { break }
            setFilter(filter + String(character), now: now)
        default: break
        }
        return []
    }

    private func openSelection() -> [LibraryAction] {
        selectedItem.map { [.open($0)] } ?? []
    }

    // MARK: Moves

    mutating func move(by count: Int, now: Seconds) {
        viewport.move(by: count)
        scrolled(now: now)
    }

    mutating func page(by pages: Int, now: Seconds) {
        viewport.page(by: pages)
        scrolled(now: now)
    }

    mutating func moveToStart(now: Seconds) {
        viewport.moveToStart()
        scrolled(now: now)
    }

    mutating func moveToEnd(now: Seconds) {
        viewport.moveToEnd()
        scrolled(now: now)
    }

    mutating func scroll(byRows rows: Int, now: Seconds) {
        viewport.scroll(byRows: rows)
        scrolled(now: now)
    }

    /// Changes the filter's text and narrows the list at once, keeping the selection if it matches.
    mutating func setFilter(_ text: String, now: Seconds) {
        filter = text
        refilter(keeping: selectedItem, now: now)
    }

    // MARK: Mouse

    private mutating func handleMouse(_ event: MouseEvent, now: Seconds) -> [LibraryAction] {
        switch event.action {
        case .wheelDown:
            scroll(byRows: configuration.wheelRows, now: now)
        case .wheelUp:
            scroll(byRows: -configuration.wheelRows, now: now)
        case .press(.left):
            if layout.bar.contains(x: event.column, y: event.row), !isBarHidden(at: now) {
                return clickBar(column: event.column, now: now)
            }
            guard layout.list.contains(x: event.column, y: event.row),
                  let position = viewport.item(atRow: event.row - layout.list.y) else { return [] }
            let item = shown[position]
            let isDouble = lastClick.map { $0.item == item && now - $0.time <= configuration.doubleClickInterval } ?? false
            lastClick = (item, now)
            if isDouble || selectedItem == item { return [.open(item)] }
            viewport.select(position)
            scrolled(now: now)
        default:
            break
        }
        return []
    }

    private mutating func clickBar(column: Int, now: Seconds) -> [LibraryAction] {
        guard !isEditingFilter, message == nil else { return [] }
        guard let hint = barHints().first(where: { $0.span.contains(column) })?.hint else { return [] }
        switch hint {
        case .open, .resume: return openSelection()
        case .forget: return historyCommand(.forget, now: now)
        case .poster: return selectedItem.map { [.poster($0)] } ?? []
        case .help: help.show(true)
        case .filter: isEditingFilter = true
        case .clear: setFilter("", now: now)
        case .stopScan: return [.stopScan]
        case .quit: return [.quit]
        }
        return []
    }
}

/// A key hint in the library's bar, which a click also runs.
enum BarHint: Sendable, Equatable {
    case open, resume, poster, filter, clear, stopScan, help, quit, forget

    /// The hint's text.
    var text: String {
        switch self {
        case .open: "Enter play"
        case .resume: "Enter resume"
        case .forget: "d forget"
        case .poster: "p poster"
        case .help: "? keys"
        case .filter: "/ filter"
        case .clear: "Esc clear filter"
        case .stopScan: "Esc stop scan"
        case .quit: "q quit"
        }
    }
}

extension LibraryScreen {
    /// The separator between hints.
    static let hintSeparator = "  ·  "

    /// The hints the bar shows now, with the columns each takes, centred on the bar. On a narrow
    /// screen the poster and help hints go first, then the rest as far as need be.
    func barHints() -> [(hint: BarHint, span: Range<Int>)] {
        var hints: [BarHint] = configuration.history ? [.resume, .forget, .filter] : [.open, .poster, .filter]
        if !filter.isEmpty {
            hints.append(.clear)
        } else if isScanning {
            hints.append(.stopScan)
        }
        hints += [.help, .quit]
        let separatorWidth = Sanitizer.displayWidth(of: Self.hintSeparator)
        func total(_ hints: [BarHint]) -> Int {
            hints.map { Sanitizer.displayWidth(of: $0.text) }.reduce(0, +) + separatorWidth * max(hints.count - 1, 0)
        }
        for optional in [BarHint.poster, .forget, .help] where total(hints) > layout.columns - 2 {
            hints.removeAll { $0 == optional }
        }
        let widths = hints.map { Sanitizer.displayWidth(of: $0.text) }
        let total = total(hints)
        var x = max((layout.columns - total) / 2, 0)
        var result: [(hint: BarHint, span: Range<Int>)] = []
        for (hint, width) in zip(hints, widths) {
            result.append((hint, x..<(x + width)))
            x += width + separatorWidth
        }
        return result
    }
}
