import Controls
import Terminal

extension PlayerScreen {
    /// Handles one input event at `now` and returns what the app must do.
    public mutating func handle(_ event: InputEvent, now: Seconds) -> [PlayerAction] {
        var actions = tick(now: now)
        switch event {
        case .key(let key): actions += handleKey(key, now: now)
        case .mouse(let mouse): actions += handleMouse(mouse, now: now)
        case .paste, .focus: break
        }
        needsRedraw = true
        return actions
    }

    /// Brings the engines up to `now`; returns the actions their timers produce (a click that
    /// turned out single toggles the chrome; a held scrubber sends its latest live seek).
    public mutating func tick(now: Seconds) -> [PlayerAction] {
        var actions: [PlayerAction] = []
        chrome.tick(now: now)
        if case .singleTap = doubleTap.tick(now: now) { toggleChrome(now: now) }
        if let seek = scrubber.tick(now: now) { actions.append(.seek(seek)) }
        if let toast, now >= toast.expiry { self.toast = nil; needsRedraw = true }
        return actions
    }

    /// Takes mpv's latest state; returns actions it calls for (none today, kept for symmetry).
    public mutating func update(_ newStatus: MediaStatus, now: Seconds) {
        let old = status
        status = newStatus
        scrubber.updateDuration(newStatus.duration)
        if old.isPlaying != newStatus.isPlaying {
            chrome.playbackChanged(isPlaying: newStatus.isPlaying, now: now)
        }
        if newStatus.isAtEnd, !old.isAtEnd { chrome.ended(now: now) }
        announceChanges(from: old, to: newStatus)
        if old != newStatus { needsRedraw = true }
    }

    /// mpv finished a seek and shows the new position: the screen reader says where it landed.
    public mutating func seekCompleted(now: Seconds) {
        guard configuration.screenReader, let position = status.position else { return }
        let place = TimeText.format(MediaTime.position(position, duration: MediaTime.safeDuration(status.duration)))
        if let skip = pendingAnnouncement {
            let direction = skip.seconds < 0 ? "back" : "forward"
            statusLine = "Skipped \(direction) \(SkipTally.number(abs(skip.seconds))) seconds to \(place)"
            pendingAnnouncement = nil
        } else {
            statusLine = "Moved to \(place)"
        }
        needsRedraw = true
    }

    // MARK: Keys

    private mutating func handleKey(_ event: KeyEvent, now: Seconds) -> [PlayerAction] {
        if let control = ControlKey(event) {
            return control.actions(quit: .quit, suspend: .suspend) { needsRedraw = true }
        }
        if isHelpShown {
            // Any key closes the help; q still quits.
            isHelpShown = false
            if case .character("q") = event.key { return [.quit] }
            return []
        }
        switch event.key {
        case .character(" "), .character("k"):
            chrome.activity(now: now)
            return playPause()
        case .character("j"): return skip(.backward, now: now)
        case .character("l"): return skip(.forward, now: now)
        case .left: return tap(.backward, at: nil, now: now)
        case .right: return tap(.forward, at: nil, now: now)
        case .up:
            chrome.activity(now: now)
            return changeVolume(by: 5, now: now)
        case .down:
            chrome.activity(now: now)
            return changeVolume(by: -5, now: now)
        case .character("m"):
            chrome.activity(now: now)
            let muted = !status.isMuted
            showToast(muted ? "Muted" : "Sound on", now: now)
            return [.setMuted(muted)]
        case .character(let digit) where digit.isASCII && digit.isNumber:
            chrome.activity(now: now)
            return jump(toFraction: Double(digit.wholeNumberValue ?? 0) / 10)
        case .home:
            chrome.activity(now: now)
            return [.seek(.to(0, exact: true))]
        case .end:
            chrome.activity(now: now)
            return jump(toFraction: 1)
        case .character(","):
            chrome.activity(now: now)
            return [.frameBackStep]
        case .character("."):
            chrome.activity(now: now)
            return [.frameStep]
        case .character("c"), .tab:
            toggleChrome(now: now)
            return []
        case .character("?"):
            isHelpShown = true
            return []
        case .character("x"), .escape:
            return [.close]
        case .character("q"), .character("Q"):
            return [.quit]
        default:
            chrome.activity(now: now)
            return []
        }
    }

    /// An exact jump to a fraction of the file; nothing while the length is unknown.
    private func jump(toFraction fraction: Double) -> [PlayerAction] {
        let duration = MediaTime.safeDuration(status.duration)
        guard duration > 0 else { return [] }
        return [.seek(.to(duration * fraction, exact: true))]
    }

    /// Play/pause: at the end it starts again; otherwise mpv toggles by its own state, so a
    /// press that comes before mpv has reported a change still does what the user meant.
    private mutating func playPause() -> [PlayerAction] {
        switch PlayPauseDecision.decide(isPlaying: status.isPlaying, position: status.position,
                                        duration: status.duration, eofReached: status.isEffectivelyAtEnd) {
        case .pause, .play: return [.togglePause]
        case .restartThenPlay: return [.restartAndPlay]
        }
    }

    private mutating func changeVolume(by step: Double, now: Seconds) -> [PlayerAction] {
        let volume = min(max((status.volume ?? 100) + step, 0), 130)
        showToast("Volume \(Int(volume.rounded())) %", now: now)
        var actions: [PlayerAction] = [.setVolume(volume)]
        if status.isMuted, step > 0 { actions.append(.setMuted(false)) }
        return actions
    }

    private mutating func toggleChrome(now: Seconds) {
        chrome.toggle(now: now)
        needsRedraw = true
    }

    // MARK: Skips

    /// A tap (key press or click) on one half of the video.
    private mutating func tap(_ side: SeekSide, at point: Point?, now: Seconds) -> [PlayerAction] {
        perform(doubleTap.tap(side, at: point, now: now), now: now, fromClick: point != nil)
    }

    /// A skip at once: j and l.
    private mutating func skip(_ side: SeekSide, now: Seconds) -> [PlayerAction] {
        chrome.activity(now: now)
        return perform(doubleTap.skip(side, now: now), now: now)
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
        switch event.action {
        case .press(.left):
            if isHelpShown { isHelpShown = false; return [] }
            let control = chrome.isInteractive(at: now) ? layout.control(atColumn: column, row: row) : nil
            pressedControl = control
            switch control {
            case .scrubber?:
                guard scrubber.isEnabled else { return [] }
                chrome.scrubbing(true, now: now)
                let fraction = layout.scrubberFraction(atColumn: column)
                return scrubber.begin(at: fraction, now: now).map { [.seek($0)] } ?? []
            case .close?:
                return [.close]
            case .back?:
                chrome.activity(now: now)
                return skipButton(.backward, now: now)
            case .forward?:
                chrome.activity(now: now)
                return skipButton(.forward, now: now)
            case .playPause?:
                chrome.activity(now: now)
                return playPause()
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

    /// The ±interval buttons: a skip at once, shown in the tally like j and l.
    private mutating func skipButton(_ side: SeekSide, now: Seconds) -> [PlayerAction] {
        perform(doubleTap.skip(side, now: now), now: now)
    }

    // MARK: Screen reader

    /// Writes one plain line for each change a listener needs to hear.
    private mutating func announceChanges(from old: MediaStatus, to new: MediaStatus) {
        guard configuration.screenReader, new.isLoaded else { return }
        if new.isAtEnd, !old.isAtEnd {
            statusLine = "End of video"
        } else if old.isPlaying != new.isPlaying, !new.isAtEnd {
            statusLine = new.isPlaying ? "Playing" : "Paused"
        }
    }
}
