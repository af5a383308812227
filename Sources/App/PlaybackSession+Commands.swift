import Commands
import Controls
import Session
import Playback
import Screens

/// Carrying out what the core decides: each ``PlaybackCore/Command`` against ``Player``.
extension PlaybackSession {
    /// Gives `event` to the session core and runs its commands.
    func handle(_ event: SessionCore.Event, now: Double) {
        decide(.session(event), now: now)
    }

    /// Gives `event` to the core and runs its commands.
    func decide(_ event: PlaybackCore.Event, now: Double) {
        run(playback.event(event, now: now), now: now)
    }

    /// Runs the core's commands in order.
    func run(_ commands: [PlaybackCore.Command], now: Double) {
        for command in commands { run(command, now: now) }
    }

    private func run(_ command: PlaybackCore.Command, now: Double) {
        switch command {
        case .session(let command): run(command, now: now)
        case .notice(let text): notices.append(text)
        case .noSoundDevice: notices.append(PlayerScreen.noSoundDeviceNotice)
        case .failNesting(let reason): failNesting(reason, now: now)
        case .announceMove(let item, let backwards): notices.append(text(of: .moved(to: item, backwards: backwards)))
        case .sendSeek(let request): send(request, now: now)
        case .seekFinished: TraceLog.shared?.record("seeked", now: now)
        case .holdExpired: break
        case .saveResume: saveResumePosition(now: now)
        case .silent: failSilent(now: now)
        case .stalled(let verdict): failStalled(verdict, now: now)
        case .cutShort(let received, let announced): failCutShort(received: received, announced: announced, now: now)
        case .reorderItems(let newIndex): reorderItems(newIndex)
        case .startedFromOutside: break  // for the pump's result (``pump(now:)``)
        case .addClientItem(let filename, let title): addClientItem(filename: filename, title: title)
        }
    }

    private func run(_ command: SessionCore.Command, now: Double) {
        switch command {
        case .load(let item, let entry):
            load(item, entry: entry, now: now)
        case .stop:
            frames.clear()
            try? player.stopKeepingPlaylist()
        case .play:
            try? player.play()
        case .setOption(let option):
            let (name, value) = PlaybackSession.mpvOption(option, start: options.start?.optionValue)
            try? player.setFileLocalOption(name, value)
        case .refuseOpening:
            try? player.refuseOpening()
        case .continueLoad(let hook):
            player.continueLoad(hook: hook)
        case .resumed:
            // Kept by the core for the player's notice (``takeResumedAt()``).
            break
        case .saveResume(let item):
            saveResumePosition(of: item, now: now)
        case .watch:
            // time-pos may not be reported yet at the first restart: the item begins at 0.
            decide(.watchBegins(position: player.state.position ?? 0), now: now)
        case .restarted:
            // Handled where the restart is read (``pump(now:)``), with the seeks in flight.
            break
        case .expand(let item, let count):
            expand(item, into: count, now: now)
        case .recordFailure(let item, let reason):
            if items.indices.contains(item) { lastFailure = (items[item], reason) }
        case .notice(.moved(let item, let backwards)):
            decide(.moved(item: item, backwards: backwards, key: items.indices.contains(item) ? items[item].source.mpvName : ""), now: now)
        case .notice(let notice):
            notices.append(text(of: notice))
        case .finish:
            // The run ends at this end (``SessionCore/runEnd``): the scene on top quits.
            TraceLog.shared?.record("finish", now: now)
        }
    }

    /// Leaves what plays and gives mpv `item`: an entry of its playlist, or the item alone.
    private func load(_ item: Int, entry: Int?, now: Double) {
        playback.loading(mpvTitle: player.state.title)
        frames.clear()
        decide(.seeksReset, now: now)
        do {
            try player.pause()
            if let entry {
                try player.playEntry(at: entry)
            } else {
                try player.open(items[item].source)
                nestingRoot = items[item]
                decide(.itemGiven, now: now)
                player.forgetRefusedEntries()
            }
        } catch {
            handle(.loadFailed(reason: "\(error)"), now: now)
        }
    }

    /// Asks for a seek: sent now, or merged into the one after the seek in flight (``SeekFlight``).
    func seek(_ request: SeekRequest, now: Double) {
        decide(.seek(request), now: now)
    }

    /// Sends `request` to mpv and tells the core its command, or that mpv refused it (the core
    /// then lets the seek go and sends what waited behind it).
    private func send(_ request: SeekRequest, now: Double) {
        let id: UInt64
        do {
            switch request {
            case .by(let seconds):
                id = try player.seek(by: seconds, precision: .exact)
            case .to(let target, let exact):
                id = try player.seek(to: target, precision: exact ? .exact : .keyframe)
            }
        } catch {
            TraceLog.shared?.record("seek \(request) not sent: \(error)", now: now)
            decide(.seekNotSent, now: now)
            return
        }
        decide(.seekSent(id: id), now: now)
        TraceLog.shared?.record("seek \(request)", now: now)
    }

    /// A playlist file became mpv's entries: they take its place in the list.
    private func expand(_ item: Int, into count: Int, now: Double) {
        let entries = player.state.playlist
        guard items.indices.contains(item), entries.count == count else { return }
        let fromNetwork = items[item].isFromNetworkPlaylist || items[item].source.isNetworkURL
        let expanded = entries.map { entry in
            var expanded = PlaylistItem(mpvFilename: entry.filename, title: entry.title, fromClient: playback.entriesFromClient)
            expanded.isFromNetworkPlaylist = fromNetwork && !playback.entriesFromClient
            return expanded
        }
        items.replaceSubrange(item..<(item + 1), with: expanded)
        decide(.itemsChanged, now: now)
    }

    /// mpv's name and value for an option of the item.
    static func mpvOption(_ option: SessionCore.ItemOption, start: String?) -> (String, String) {
        switch option {
        case .commandLineStart: ("start", start ?? "0")
        case .start(let position): ("start", ResumeRecord.decimal(position))
        case .audioTrack(let id): ("aid", String(id))
        case .subtitleTrack(let id): ("sid", id.map(String.init) ?? "no")
        case .subtitleDelay(let delay): ("sub-delay", ResumeRecord.decimal(delay))
        case .audioDelay(let delay): ("audio-delay", ResumeRecord.decimal(delay))
        }
    }
}
