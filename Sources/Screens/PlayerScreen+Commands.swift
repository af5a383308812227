import Commands
import Controls

extension PlayerScreen {
    /// Carries out a command from the table.
    mutating func perform(_ command: Command, now: Seconds) -> [PlayerAction] {
        switch command {
        case .cyclePause:
            chrome.activity(now: now)
            return playPause(now: now)
        case .doubleTap(let side): return tap(side, at: nil, now: now)
        case .skip(let side): return skip(by: side.sign * configuration.skips.interval, now: now)
        case .seek(let seconds, .relative): return skip(by: seconds, now: now)
        case .seek(let seconds, .absolute):
            chrome.activity(now: now)
            doubleTap.clear()
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
        case .close: return close(now: now)
        case .closeMenus:
            let actions = close(now: now)
            if actions == [.close] { notify("Esc closes menus here · q quits", now: now) }
            return actions == [.close] ? [] : actions
        // Help, quit, interrupt, suspend and redraw are the loop's, for every screen alike (``GlobalCommand``).
        case .help, .quit, .interrupt, .suspend, .redraw, .ignore:
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
        case .multiplySpeed(let factor): return setSpeed((status.speed * factor * 1000).rounded() / 1000, now: now)
        case .showProgress:
            chrome.activity(now: now)
            return []
        case .abLoop: return stepABLoop(now: now)
        case .subtitleLines: return openLineSearch(now: now)
        case .screenshot(let subtitles):
            guard status.isLoaded, status.hasVideo else {
                notify("No picture to take", now: now)
                return []
            }
            return [.screenshot(subtitles: subtitles)]
        case .stats, .statsToggle: return showStats(pinning: command == .statsToggle, now: now)
        case .tracksMenu:
            menu = TracksMenu(status: status)
            chrome.activity(now: now)
            return []
        case .cycleRemaining:
            showsRemaining.toggle()
            return []
        case .play:
            return status.phase.upNext != nil ? [.acceptUpNext] : []
        case .poster, .listMove, .listPage, .listFirst, .listLast, .filter, .filterAccept, .filterErase, .filterClear,
             .forget, .forgetUndo, .forgetAll:
            return []
        }
    }

    /// x and Esc (and the ✕ button): the innermost thing first — the help, the menu, the Up
    /// next card — then the player (which cancels an opening).
    mutating func close(now: Seconds) -> [PlayerAction] {
        if help.isShown { help.show(false); return [] }
        if menu != nil { menu = nil; return [] }
        if stats.isShown(at: now) { stats.hide(); return [] }
        if status.phase.upNext != nil { return [.dismissUpNext] }
        return [.close]
    }

    /// An exact jump to a fraction of the file; nothing while the length is unknown. A skip's
    /// feedback ("◀◀ -10 s") goes: it no longer says where playback is.
    mutating func jump(toFraction fraction: Double) -> [PlayerAction] {
        let duration = MediaTime.safeDuration(status.duration)
        guard duration > 0 else { return [] }
        doubleTap.clear()
        return [.seek(.to(duration * min(max(fraction, 0), 1), exact: true))]
    }

    /// Play/pause: at the end it starts again; otherwise mpv toggles by its own state, so a
    /// press that comes before mpv has reported a change still does what the user meant.
    mutating func playPause(now: Seconds) -> [PlayerAction] {
        guard status.isLoaded, !status.isImage else { return [] }
        switch PlayPauseDecision.decide(isPlaying: status.isPlaying, atEnd: status.isAtEnd) {
        case .pause, .play: return [.togglePause]
        case .restartThenPlay: return [.restartAndPlay]
        }
    }

    mutating func changeVolume(by step: Double, now: Seconds) -> [PlayerAction] {
        let volume = min(max((status.volume ?? 100) + step, 0), 130)
        notify(Self.volumeNotice(volume, noDevice: status.hasNoSoundDevice), now: now)
        var actions: [PlayerAction] = [.setVolume(volume)]
        if status.isMuted, step > 0 { actions.append(.setMuted(false)) }
        return actions
    }

    mutating func setSpeed(_ speed: Double, now: Seconds) -> [PlayerAction] {
        let clamped = min(max(speed, 0.01), 100)
        notify(Self.speedNotice(clamped), now: now)
        return [.setSpeed(clamped)]
    }

    mutating func toggleChrome(now: Seconds) {
        chrome.toggle(now: now)
        needsRedraw = true
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
