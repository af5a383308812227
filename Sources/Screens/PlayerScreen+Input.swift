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
        case .paste, .focus, .reply: break
        }
        return actions + menuPreview(from: chapterShown)
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

    private mutating func handleKeyCommand(_ event: KeyEvent, now: Seconds) -> [PlayerAction] {
        let command = configuration.commands.command(for: event, on: .player)
        // Ctrl-C, Ctrl-Z and Ctrl-L work whatever is open.
        switch command {
        case .interrupt?: return [.interrupt]
        case .suspend?: return [.suspend]
        case .redraw?: return [.redraw]
        default: break
        }
        if isHelpShown {
            // Any key closes the help; q still quits.
            isHelpShown = false
            return command == .quit ? [.quit] : []
        }
        if menu != nil, let actions = handleMenuKey(event, command: command, now: now) { return actions }
        if status.phase.upNext != nil, event.key == .enter, event.modifiers.isEmpty { return [.acceptUpNext] }
        guard let command else {
            chrome.activity(now: now)
            return []
        }
        return perform(command, now: now)
    }

    /// Carries out a command from the table.
    mutating func perform(_ command: Command, now: Seconds) -> [PlayerAction] {
        switch command {
        case .cyclePause:
            chrome.activity(now: now)
            return playPause(now: now)
        case .doubleTap(let side): return tap(side, at: nil, now: now)
        case .skip(let side): return skip(by: side.sign * configuration.seekInterval, now: now)
        case .seek(let seconds, .relative): return skip(by: seconds, now: now)
        case .seek(let seconds, .absolute):
            chrome.activity(now: now)
            return [.seek(.to(max(seconds, 0), exact: true))]
        case .seek(let percent, .absolutePercent):
            chrome.activity(now: now)
            return jump(toFraction: percent / 100)
        case .addVolume(let step):
            chrome.activity(now: now)
            return changeVolume(by: step, now: now)
        case .cycleMute:
            chrome.activity(now: now)
            let muted = !status.isMuted
            notify(Self.muteNotice(muted), now: now)
            return [.setMuted(muted)]
        case .frameStep, .frameBackStep:
            chrome.activity(now: now)
            guard status.isLoaded, !status.isImage else { return [] }
            return [command == .frameStep ? .frameStep : .frameBackStep]
        case .cycleControls:
            toggleChrome(now: now)
            return []
        case .help:
            isHelpShown = true
            return []
        case .close: return close(now: now)
        case .quit: return [.quit]
        case .interrupt: return [.interrupt]
        case .suspend: return [.suspend]
        case .redraw, .ignore:
            return []
        case .cycleSubtitles(let forward): return cycleSubtitles(forward: forward, now: now)
        case .cycleSubtitleVisibility: return toggleSubtitles(now: now)
        case .cycleAudio(let forward): return cycleAudio(forward: forward, now: now)
        case .addSubtitleDelay(let step):
            let delay = Self.roundedDelay(status.subtitleDelay + step)
            notify("Subtitle delay \(Self.signed(delay)) s", now: now)
            return [.setSubtitleDelay(delay)]
        case .addAudioDelay(let step):
            let delay = Self.roundedDelay(status.audioDelay + step)
            notify("Audio delay \(Self.signed(delay)) s", now: now)
            return [.setAudioDelay(delay)]
        case .subtitleSeek(let lines):
            chrome.activity(now: now)
            guard status.subtitleTrack != nil else {
                notify("No subtitles to move between", now: now)
                return []
            }
            return [.subtitleSeek(lines)]
        case .addChapter(let chapters): return moveChapter(by: chapters, now: now)
        case .playlistNext: return [.playlistNext]
        case .playlistPrevious: return [.playlistPrevious]
        case .cycleLoopFile:
            let loops = !status.loopsFile
            notify(loops ? "Loop this file: on" : "Loop this file: off", now: now)
            return [.setLoopsFile(loops)]
        case .cycleLoopPlaylist: return [.cycleLoopPlaylist]
        case .cycleShuffle: return [.cycleShuffle]
        case .speedStep(let steps): return setSpeed(SpeedSteps.step(from: status.speed, by: steps), now: now)
        case .setSpeed(let speed): return setSpeed(speed, now: now)
        case .tracksMenu:
            menu = TracksMenu(status: status)
            chrome.activity(now: now)
            return []
        case .cycleRemaining:
            showsRemaining.toggle()
            return []
        case .play:
            return status.phase.upNext != nil ? [.acceptUpNext] : []
        case .poster, .listMove, .listPage, .listFirst, .listLast, .filter, .forget, .forgetUndo, .forgetAll:
            return []
        }
    }

    /// x and Esc: the innermost thing first — the help, the menu, the Up next card — then the
    /// player (which cancels an opening).
    private mutating func close(now: Seconds) -> [PlayerAction] {
        if isHelpShown { isHelpShown = false; return [] }
        if menu != nil { menu = nil; return [] }
        if status.phase.upNext != nil { return [.dismissUpNext] }
        return [.close]
    }

    /// An exact jump to a fraction of the file; nothing while the length is unknown.
    private mutating func jump(toFraction fraction: Double) -> [PlayerAction] {
        let duration = MediaTime.safeDuration(status.duration)
        guard duration > 0 else { return [] }
        return [.seek(.to(duration * min(max(fraction, 0), 1), exact: true))]
    }

    /// Play/pause: at the end it starts again; otherwise mpv toggles by its own state, so a
    /// press that comes before mpv has reported a change still does what the user meant.
    private mutating func playPause(now: Seconds) -> [PlayerAction] {
        guard status.isLoaded, !status.isImage else { return [] }
        switch PlayPauseDecision.decide(isPlaying: status.isPlaying, atEnd: status.isEffectivelyAtEnd) {
        case .pause, .play: return [.togglePause]
        case .restartThenPlay: return [.restartAndPlay]
        }
    }

    private mutating func changeVolume(by step: Double, now: Seconds) -> [PlayerAction] {
        let volume = min(max((status.volume ?? 100) + step, 0), 130)
        notify(Self.volumeNotice(volume), now: now)
        var actions: [PlayerAction] = [.setVolume(volume)]
        if status.isMuted, step > 0 { actions.append(.setMuted(false)) }
        return actions
    }

    private mutating func setSpeed(_ speed: Double, now: Seconds) -> [PlayerAction] {
        let clamped = min(max(speed, 0.01), 100)
        notify(Self.speedNotice(clamped), now: now)
        return [.setSpeed(clamped)]
    }

    mutating func toggleChrome(now: Seconds) {
        chrome.toggle(now: now)
        needsRedraw = true
    }

    // MARK: Skips

    /// A tap (key press or click) on one half of the video.
    private mutating func tap(_ side: SeekSide, at point: Point?, now: Seconds) -> [PlayerAction] {
        perform(doubleTap.tap(side, at: point, now: now), now: now, fromClick: point != nil)
    }

    /// A skip at once (j and l, the ± buttons, a bound `seek N`): shown in the tally.
    private mutating func skip(by seconds: Seconds, now: Seconds) -> [PlayerAction] {
        chrome.activity(now: now)
        guard seconds != 0 else { return [] }
        let side: SeekSide = seconds < 0 ? .backward : .forward
        if let notice = edgeNotice(side) {
            notify(notice, now: now)
            return []
        }
        return perform(doubleTap.skip(side, seconds: abs(seconds), now: now), now: now)
    }

    /// "At the end" or "At the start" when a skip that way would move nothing.
    private func edgeNotice(_ side: SeekSide) -> String? {
        guard status.isLoaded else { return nil }
        if side == .forward, status.isEffectivelyAtEnd { return "At the end" }
        if side == .backward, MediaTime.safeDuration(status.duration) > 0, (status.position ?? 0) <= 0.01 { return "At the start" }
        return nil
    }

    private mutating func perform(_ action: DoubleTapSeek.Action, now: Seconds, fromClick: Bool = false) -> [PlayerAction] {
        switch action {
        case .none: return []
        case .showChrome:
            chrome.activity(now: now)
            return []
        case .singleTap:
            toggleChrome(now: now)
            return []
        case .skip(let seconds):
            let side: SeekSide = seconds < 0 ? .backward : .forward
            if let notice = edgeNotice(side) {
                notify(notice, now: now)
                return []
            }
            // A double click on the video skips without bringing up the controls (the skip's own
            // feedback shows); keys and buttons count as activity, which shows them.
            if fromClick { chrome.keepAlive(now: now) } else { chrome.seeked(now: now) }
            if let tally = doubleTap.tally(at: now) { pendingAnnouncement = SkipAnnouncement(seconds: tally.signedSeconds) }
            return [.seek(.by(seconds))]
        }
    }

    // MARK: Mouse

    private mutating func handleMouse(_ event: MouseEvent, now: Seconds) -> [PlayerAction] {
        let column = event.column, row = event.row
        if isHelpShown, case .press = event.action {
            isHelpShown = false
            return []
        }
        if let menu, let actions = handleMenuMouse(event, menu: menu, now: now) { return actions }
        if status.phase.upNext != nil, case .press(.left) = event.action, let card = upNextCard(),
           card.contains(x: column, y: row) {
            return row == card.maxY - 2 && column >= card.x + card.width / 2 ? [.dismissUpNext] : [.acceptUpNext]
        }
        switch event.action {
        case .press(.left):
            let control = chrome.isInteractive(at: now) ? layout.control(atColumn: column, row: row) : nil
            pressedControl = control
            switch control {
            case .scrubber?:
                guard scrubber.isEnabled, !status.isImage else { return [] }
                chrome.scrubbing(true, now: now)
                let fraction = layout.scrubberFraction(atColumn: column)
                return scrubber.begin(at: fraction, now: now).map { [.seek($0)] } ?? []
            case .total?:
                showsRemaining.toggle()
                chrome.activity(now: now)
                return []
            case .close?:
                return close(now: now)
            case .back?:
                return skip(by: -configuration.seekInterval, now: now)
            case .forward?:
                return skip(by: configuration.seekInterval, now: now)
            case .playPause?:
                chrome.activity(now: now)
                return playPause(now: now)
            case nil:
                // On the video: a tap for the double-tap engine, by physical half.
                let side = SeekSide.side(forX: Double(column), width: Double(layout.columns))
                let half = side == .backward ? 0 : layout.columns / 2
                let point = Point(x: Double(column - half) + 0.5, y: Double(row) + 0.5)
                return tap(side, at: point, now: now)
            }
        case .drag(.left):
            guard pressedControl == .scrubber, scrubber.isDragging else { return [] }
            return scrubber.move(to: layout.scrubberFraction(atColumn: column), now: now).map { [.seek($0)] } ?? []
        case .release:
            defer { pressedControl = nil }
            guard pressedControl == .scrubber, scrubber.isDragging else { return [] }
            let seek = scrubber.end(at: layout.scrubberFraction(atColumn: column), now: now)
            chrome.scrubbing(false, now: now)
            return seek.map { [.seek($0)] } ?? []
        case .wheelUp, .wheelDown:
            guard chrome.isInteractive(at: now), layout.control(atColumn: column, row: row) == .scrubber,
                  scrubber.isEnabled else { return [] }
            chrome.activity(now: now)
            return [.seek(.by(event.action == .wheelUp ? 5 : -5))]
        default:
            return []
        }
    }

    private mutating func handleMenuMouse(_ event: MouseEvent, menu: TracksMenu, now: Seconds) -> [PlayerAction]? {
        var menu = menu
        switch event.action {
        case .wheelUp: menu.move(by: -1)
        case .wheelDown: menu.move(by: 1)
        case .press(.left):
            let panel = menuPanel(menu)
            guard panel.contains(x: event.column, y: event.row) else {
                self.menu = nil
                return []
            }
            let index = menuRow(atRow: event.row, menu: menu)
            guard let index, menu.rows[index].isSelectable else { return [] }
            return pick(menu.rows[index], now: now)
        default: return []
        }
        self.menu = menu
        return []
    }

    // MARK: Screen reader

    /// Writes one plain line for each change a listener needs to hear.
    mutating func announceChanges(from old: MediaStatus, to new: MediaStatus) {
        guard configuration.screenReader else { return }
        if new.phase != old.phase {
            switch new.phase {
            case .opening: speak("Opening \(displayTitle)")
            case .failed(_, let reason): speak("Could not play \(displayTitle): \(reason)")
            case .ended(_, let upNext?) where old.phase.upNext == nil:
                speak("Up next in \(upNext.secondsLeft(at: upNext.start)) seconds: \(new.upNextName ?? "the next item")")
            case .playing(let item) where old.phase.isOpening:
                let place = new.playlistCount > 1 ? ", \(item + 1) of \(new.playlistCount)" : ""
                speak("Playing \(displayTitle)\(place)")
            default: break
            }
        }
        guard new.isLoaded else { return }
        if new.isAtEnd, !old.isAtEnd {
            speak("End of video")
        } else if old.isPlaying != new.isPlaying, !new.isAtEnd {
            speak(new.isPlaying ? "Playing" : "Paused")
        }
        if new.isBuffering != old.isBuffering, new.isBuffering { speak("Buffering") }
        let line = SubtitleLines.plainText(text: new.subtitleText, ass: new.subtitleASS)
        if new.subtitlesVisible, !line.isEmpty, line != SubtitleLines.plainText(text: old.subtitleText, ass: old.subtitleASS) {
            speak(line)
        }
    }

    /// Rounds a delay to the 0.1 s steps (and clears -0).
    static func roundedDelay(_ seconds: Seconds) -> Seconds {
        let tenths = (seconds * 10).rounded()
        return tenths == 0 ? 0 : tenths / 10
    }

    /// "+0.1", "-0.3", "0".
    static func signed(_ seconds: Seconds) -> String {
        let text = Command.number(seconds)
        return seconds > 0 ? "+" + text : text
    }
}

extension SessionMachine.Phase {
    /// Whether the item played to its end.
    var isEnded: Bool { if case .ended = self { true } else { false } }
}
