import ScreenParts
import Commands
import Controls
import Terminal

extension PlayerScreen {
    /// Handles one input event at `now` and returns what the app must do.
    public mutating func handle(_ event: InputEvent, now: Seconds) -> [PlayerAction] {
        let chapterShown = menuChapterTime
        // A bare move (motion reports, while the controls show) redraws only when the card
        // changed (``previewPointer(_:now:)`` says so): the pointer crossing the picture costs nothing.
        defer { if case .mouse(let mouse) = event, mouse.action == .move {} else { needsRedraw = true } }
        var actions = tick(now: now)
        switch event {
        case .key(let key): actions += handleKey(key, now: now)
        case .mouse(let mouse): actions += handleMouse(mouse, now: now) + previewPointer(mouse, now: now)
        case .paste(let text): if keyMode == .filter { lineSearch?.paste(text) }
        case .focus, .reply: break
        }
        return droppingABLoop(after: actions + menuPreview(from: chapterShown), now: now)
    }

    /// Brings the engines up to `now`; returns the actions their timers produce (a click that
    /// turned out single toggles the chrome; a held scrubber sends its latest live seek).
    public mutating func tick(now: Seconds) -> [PlayerAction] {
        var actions: [PlayerAction] = []
        chrome.tick(now: now)
        if case .singleTap = doubleTap.tick(now: now) { toggleChrome(now: now) }
        if let seek = scrubber.tick(now: now) { actions.append(.seek(seek)) }
        actions += previewTick(now: now)
        if let toast, now >= toast.expiry { self.toast = nil; needsRedraw = true }
        if stats.expire(now: now) { needsRedraw = true }
        if showsSpinner || status.phase.upNext != nil { needsRedraw = true }
        return actions
    }

    // MARK: Keys

    private mutating func handleKey(_ event: KeyEvent, now: Seconds) -> [PlayerAction] {
        withPendingSettings(now: now) { screen in screen.handleKeyCommand(event, now: now) }
    }

    /// Runs `body` with the settings asked for a moment ago counted as done, so that quick
    /// presses add up, and records what its actions ask of mpv.
    mutating func withPendingSettings(now: Seconds, _ body: (inout PlayerScreen) -> [PlayerAction]) -> [PlayerAction] {
        let confirmed = status
        status = pending.applied(to: confirmed, now: now)
        let actions = body(&self)
        status = confirmed
        pending.record(actions, now: now)
        return actions
    }

    /// What the keys mean now: the help, the tracks menu, the Up next card, or the commands.
    public var keyMode: KeyMode {
        if help.isShown { return .help }
        if lineSearch != nil { return .filter }
        if menu != nil { return .tracksMenu }
        return status.phase.upNext != nil ? .upNext : .commands
    }

    /// Shows or closes the list of keys (``KeysHelp``); whether a key does that is decided above
    /// the screens (``GlobalCommand``), once for all of them.
    public mutating func setHelpShown(_ shown: Bool) { help.show(shown); needsRedraw = true }
    /// Turns the list of keys `pages` pages on (back when negative).
    public mutating func turnHelpPage(by pages: Int) { help.turn(by: pages); needsRedraw = true }

    /// A key, looked up in the table for the mode the screen is in.
    private mutating func handleKeyCommand(_ event: KeyEvent, now: Seconds) -> [PlayerAction] {
        let mode = keyMode
        let command = configuration.commands.command(for: event, on: .player, in: mode)
        if mode == .tracksMenu { return command.map { menuCommand($0, now: now) } ?? [] }
        if mode == .filter { return lineSearchKey(event, command: command, now: now) }
        guard let command else {
            // A key that does nothing says so, and what mpv would have done with it.
            chrome.activity(now: now)
            notify(MpvKeys.unboundHint(for: event, table: configuration.commands, screen: .player), now: now)
            return []
        }
        return perform(command, now: now)
    }
}
