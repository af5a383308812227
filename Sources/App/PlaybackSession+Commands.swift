import Commands
import Controls
import History
import Options
import Playback
import Screens
import Session
import System

/// Carrying out what the core decides: each ``PlaybackCore/Command`` against ``Player``, the
/// list, the resume records and the notices.
extension PlaybackSession {
    /// Gives `event` to the core and runs every command it returns, in order: the one way into
    /// the core. What a command's execution reports back (a seek sent or refused, a load that
    /// failed) comes back through here as an event of its own.
    /// Returns what the commands report to the loop (``PumpResult``).
    @discardableResult
    func take(_ event: PlaybackCore.Event, now: Double) -> PumpResult {
        var effects = PumpResult()
        for command in core.event(event, now: now) { run(command, now: now, into: &effects) }
        return effects
    }

    private func run(_ command: PlaybackCore.Command, now: Double, into effects: inout PumpResult) {
        switch command {
        case .session(let command): run(command, now: now)
        case .notice(let text): notices.append(text)
        case .noSoundDevice: notices.append(PlayerScreen.noSoundDeviceNotice)
        case .failGivenItem(let reason): if let nestingRoot { lastFailure = (nestingRoot, reason) }
        case .playEntry(let entry): load(now: now) { try player.playEntry(at: entry) }
        case .giveItem(let item):
            load(now: now) {
                try player.open(items[item].source)
                nestingRoot = items[item]
                take(.itemGiven, now: now)
                player.forgetRefusedEntries()
            }
        case .expand(let item, let entries, let fromClient): items.expand(item, into: entries, fromClient: fromClient)
        case .lookAtEnd: take(.endObserved(PlayerReadings(session: self).look()), now: now)
        case .announceMove(let item, let backwards): notices.append(items.text(of: .moved(to: item, backwards: backwards), titles: core.titles))
        case .sendSeek(let request): send(request, now: now)
        case .seekLanded(let fromOutside):
            effects.restarted = true
            if fromOutside { effects.seekedFromOutside = true }
        case .seekFinished:
            effects.seekCompleted = true
            TraceLog.shared?.record("seeked", now: now)
        case .refreshStatus:
            effects.changed = true
            refreshStatus()
        case .saveResume: saveResumePosition(now: now)
        case .reorderItems(let newIndex): items.reorder(newIndex)
        case .startedFromOutside: effects.startedFromOutside = true
        case .addClientItem(let filename, let title):
            // The core counted the client's file as it took it over: it joins the list's end.
            items.append(PlaylistItem(mpvFilename: filename, title: title, fromClient: true))
            refreshStatus()
        case .leaveOut(let entry): player.leaveOut(entry)
        case .prepareOpening(let hook): prepareOpening(hook: hook, now: now)
        }
    }

    private func run(_ command: SessionCore.Command, now: Double) {
        switch command {
        case .stop:
            frames.clear()
            try? player.stopKeepingPlaylist()
        case .play: try? player.play()
        case .setOption(let option):
            let (name, value) = SessionSettings.mpvOption(option, start: options.start?.optionValue)
            try? player.setFileLocalOption(name, value)
        case .refuseOpening: try? player.refuseOpening()
        case .continueLoad(let hook): player.continueLoad(hook: hook)
        case .saveResume(let item, let isAtEnd): saveResumePosition(of: item, isAtEnd: isAtEnd, now: now)
        // Taken by the core itself: at the restart (``PlaybackCore/Event/playbackRestart(position:)``),
        // where the item resumed (``PlaybackCore/resumedAt``), and as commands of its own (a load,
        // an expansion: ``PlaybackCore/Command``).
        case .watch, .restarted, .resumed, .load, .expand: break
        case .recordFailure(let item, let reason):
            if items.indices.contains(item) { lastFailure = (items[item], reason) }
        case .notice(.moved(let item, let backwards)):
            take(.moved(item: item, backwards: backwards, key: items.indices.contains(item) ? items[item].source.mpvName : ""), now: now)
        case .notice(let notice):
            notices.append(items.text(of: notice, titles: core.titles))
        case .finish:
            // The run ends at this end (``SessionCore/runEnd``): the scene on top quits.
            TraceLog.shared?.record("finish", now: now)
        }
    }

    /// Leaves what plays, pauses, and loads with `load`; the core is told when that failed.
    private func load(now: Double, _ load: () throws -> Void) {
        take(.loading(mpvTitle: player.state.title), now: now)
        frames.clear()
        do {
            try player.pause()
            try load()
        } catch {
            take(.session(.loadFailed(reason: "\(error)")), now: now)
        }
    }

    /// Sends `request` to mpv and tells the core its command, or that mpv refused it (the core
    /// then lets the seek go and sends what waited behind it).
    private func send(_ request: SeekRequest, now: Double) {
        do {
            take(.seekSent(id: try player.send(request)), now: now)
            TraceLog.shared?.record("seek \(request)", now: now)
        } catch {
            TraceLog.shared?.record("seek \(request) not sent: \(error)", now: now)
            take(.seekNotSent, now: now)
        }
    }

    /// Prepares the item about to open, as the core decided it may (``PlaybackCore/Command/prepareOpening(hook:)``):
    /// autoloading beside it is guarded, and its resume record goes to the core with load hook `hook`.
    func prepareOpening(hook: UInt64, now: Double) {
        let item = items.item(at: core.currentItem)
        if let item, let notice = SidecarGuard.guardSidecars(of: item, player: player) { notices.append(notice) }
        var record: SessionCore.Resume?
        if let item, let resume { record = ResumeRecordWriter(store: resume).resume(of: item) }
        take(.session(.loadHook(id: hook, SessionCore.Opening(resume: record))), now: now)
    }

    /// Saves where the current item is, with its tracks and delays, or marks it watched.
    func saveResumePosition(now: Double) {
        saveResumePosition(of: core.itemToSave, isAtEnd: core.isAtEnd, now: now)
    }

    /// Saves where the current item is as the run ends; the line for stderr, once the terminal
    /// is restored, when that failed (a full disk): no notice can say so any more.
    func saveResumePositionAtExit(now: Double) -> String? {
        let index = core.itemToSave
        guard let reason = saveResumePosition(of: index, isAtEnd: core.isAtEnd, now: now), let index else { return nil }
        return "reel: could not save the position of \(ReelApp.failureName(items[index])): \(reason)"
    }

    /// Saves where item `index` is, from the status as it stands (the core may already be on
    /// the next item, which has not started loading yet), at its end (`isAtEnd`, the core's
    /// decision) or not; the system's reason when the save failed.
    @discardableResult
    func saveResumePosition(of index: Int?, isAtEnd: Bool, now: Double) -> String? {
        take(.resumeSaved, now: now)
        guard let resume, let index, items.indices.contains(index), items[index].resumeKey != nil, status.position != nil else { return nil }
        let failure = ResumeRecordWriter(store: resume).save(items[index], status: status, isAtEnd: isAtEnd)
        if let notice = resume.takeFailureNotice() { notices.append(notice) }
        return failure
    }
}
