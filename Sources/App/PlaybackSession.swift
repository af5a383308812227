import Controls
import Playback
import Screens
import Terminal

/// The run's one playback session: one mpv, its playlist, and the state machine that says what
/// is playing (``SessionMachine``). Every scene reads it; none has a player of its own.
///
/// The loop pumps it once an iteration (``pump(now:)``): mpv's events update the machine, the
/// machine's actions become mpv commands, and the result is one ``MediaStatus`` for the screens.
/// Nothing here waits on mpv: opening an item is a phase, and keys, signals and drawing go on
/// meanwhile.
final class PlaybackSession {
    let player: Player
    private(set) var machine: SessionMachine
    private(set) var items: [PlaylistItem]
    let frames = VideoFrames()
    /// What the screens show: mpv's state and the session's phase.
    private(set) var status = MediaStatus()
    /// Resume records, when resuming is on.
    let resume: ResumeStore?
    let options: ReelOptions
    private var seeks = SeekTracker()
    /// Puts a paused picture back where it was when mpv's refresh after a track switch lands elsewhere.
    private var trackSwitch = TrackSwitchGuard()
    /// Notices an item that plays without a picture, or stops moving with nothing to wait for.
    private var stall = StallDetector()
    /// Holds `--network-timeout` (mpv's default, 60 s, without it) for the whole stream, a
    /// second after FFmpeg should have: HLS fetches its parts with requests that may not.
    private var silence: SilenceDetector
    /// The items mpv's own playlist holds: the one opened last, or the entries a playlist file
    /// expanded into. The whole list is reel's (a folder of a hundred thousand files would make
    /// mpv's playlist, and every change of it, that large); mpv is given one item at a time, so
    /// its rules for what a playlist may open still apply to every playlist file.
    private var window = (first: 0, count: 0)
    /// mpv's playlist entry ids, to know which item a start-file event is for.
    private var itemByEntryID: [Int: Int] = [:]
    /// Counts changes of ``items`` that are not insertions (a playlist file expanded), for the list.
    private(set) var itemsVersion = 0
    /// `--start` applies to the first item opened; later ones resume.
    private var startOptionPending: Bool
    /// mpv has loaded the current item's file (its restart may not have come yet).
    private(set) var fileLoaded = false
    private var hasRestarted = false
    private var wasAtEnd = false
    private var lastResumeSave = -Double.infinity
    /// Subtitles shown (reel's `v`); mpv draws only picture subtitles, and only while this is on.
    private var subtitlesVisible = true
    var notices: [String] = []
    /// Commands from clients of mpv's IPC socket, for the scene on top to run.
    var clientCommands: [Command] = []
    /// A sub-seek sent, whose failure (no line there) becomes a notice.
    private var subtitleSeek: (id: UInt64, lines: Int)?
    /// Where the item that just opened resumed, for its notice.
    private(set) var resumedAt: Double?
    /// The last failure, for the exit line when nothing else can play.
    private(set) var lastFailure: (item: PlaylistItem, reason: String)?
    /// How deep the playlists opened from the last item given to mpv nest.
    private var nesting = NestingWatch(root: nil)
    /// Why the item opening was refused in the load hook, for its failure.
    private var refusedOpening: String?
    /// mpv's media-title when the current item was asked for: the last item's, until it changes.
    private(set) var titleAtLoad: String?
    /// The playlist entries mpv left out since the last item was given to it.
    private var entriesLeftOut = 0
    /// The parts of the stream FFmpeg skipped since the last item was given to mpv.
    private var partsSkipped = 0
    /// Whether playlists are opening one another from the item given to mpv, no file loaded yet.
    var isFollowingPlaylists: Bool { nesting.depth > 0 }
    /// A playlist chain was stopped: what mpv had already begun (the next entry's start, its
    /// playlist) is not followed, until the session loads something again.
    private var abandoned = false
    /// Some item has played: a failure later is not the run's failure.
    private(set) var hasPlayed = false
    /// The number of frames of the item, estimated as mpv does, for `--stats`.
    private(set) var sourceFrameCount: Int?

    /// Makes the player and puts `items` in its playlist, in order; nothing plays yet.
    init(items: [PlaylistItem], options: ReelOptions, pixelAspect: Double, videoHeight: Int,
         resume: ResumeStore?) throws {
        var configuration = PlayerConfiguration.from(options)
        let subtitleFiles = PlaybackSession.usableSubtitleFiles(options.tracks.subtitleFiles)
        configuration.tracks.subtitleFiles = subtitleFiles.kept
        configuration.pixelAspect = pixelAspect
        configuration.loadHook = true
        configuration.startPaused = true
        if options.ytdl { configuration.ytdlFormat = PlaybackSession.ytdlFormat(forHeight: videoHeight) }
        player = try Player(configuration: configuration)
        self.items = options.shuffle ? items.shuffled() : items
        self.options = options
        self.resume = resume
        startOptionPending = options.start != nil
        var machineConfiguration = SessionMachine.Configuration()
        machineConfiguration.autoplayDelay = options.autoplayDelay
        machineConfiguration.loopPlaylist = options.loopPlaylist
        machineConfiguration.keepOpen = options.keepOpen
        machine = SessionMachine(configuration: machineConfiguration, itemCount: items.count)
        silence = SilenceDetector(limit: (options.networkTimeout ?? PlaybackSession.mpvNetworkTimeout) + 1)
        subtitlesVisible = options.tracks.subtitles != .none
        // A state folder that cannot be used turns resuming off: said once, at the start.
        if let notice = resume?.takeFailureNotice() { notices.append(notice) }
        notices += subtitleFiles.notices
    }

    /// mpv's own `network-timeout`, when none is given.
    static let mpvNetworkTimeout = 60.0

    /// mpv's youtube-dl format for a picture `height` pixels tall: no more than the next common
    /// height up, since a terminal shows a few hundred pixels at most.
    static func ytdlFormat(forHeight height: Int) -> String {
        let cap = [144, 240, 360, 480, 720, 1080].first { $0 >= height } ?? 1080
        return "bestvideo[height<=?\(cap)]+bestaudio/best[height<=?\(cap)]"
    }

    /// The descriptor the loop polls for mpv.
    var wakeDescriptor: Int32 { player.wakeupDescriptor }

    /// The item the session is on.
    var currentItem: Int? { machine.currentItem }

    /// The item the session was last on, even after an opening was cancelled.
    private(set) var lastItem: Int?

    /// Whether the current item is open (playing, paused or at its end).
    var isReady: Bool { fileLoaded && hasRestarted }

    /// Shows `text` as a notice on the player, once it is up.
    func announce(_ text: String) {
        notices.append(text)
    }

    /// Notices for the screen since the last call.
    ///
    /// The playlist entries mpv left out are one notice that counts them: the screen shows one
    /// notice at a time, so fifteen of them were one "Left out a playlist entry".
    func takeNotices() -> [String] {
        defer { notices.removeAll() }
        var taken = notices
        let skipped = player.takeSkippedParts()
        if skipped > 0 {
            partsSkipped += skipped
            taken.append(PlaybackSession.skippedNotice(count: partsSkipped))
        }
        let refused = player.takeRefusals().count
        guard refused > 0 else { return taken }
        entriesLeftOut += refused
        return taken + [PlaybackSession.leftOutNotice(count: entriesLeftOut)]
    }

    /// The notice for `count` parts of the stream that could not be fetched and were skipped
    /// (the picture jumps past them).
    static func skippedNotice(count: Int) -> String {
        let what = count == 1 ? "a part" : "\(count) parts"
        return "Skipped \(what) of the stream the server did not send"
    }

    /// The notice for `count` playlist entries that mpv left out since the item was given to it.
    static func leftOutNotice(count: Int) -> String {
        let what = count == 1 ? "a playlist entry" : "\(count) playlist entries"
        return "Left out \(what): a playlist from the network may not open local files"
    }

    /// Takes the resume notice's position, once.
    func takeResumedAt() -> Double? {
        defer { resumedAt = nil }
        return resumedAt
    }

    // MARK: Requests

    /// Plays item `index` (paused with `paused`), leaving the current one first.
    func play(_ index: Int, now: Double, paused: Bool = false) {
        if machine.currentItem == index, machine.phase.failureReason == nil, machine.phase != .idle {
            // Already opening or open: only whether it plays changes.
            if isReady {
                if !paused { perform(.play, now: now) }
            } else {
                startPaused = paused
            }
            return
        }
        leaveCurrentItem(now: now)
        startPaused = paused
        apply(machine.event(.play(item: index), now: now), now: now)
    }

    /// Whether the next item to open starts paused (the poster card loads it behind the card).
    private var startPaused = false

    /// Stops opening the item (Esc while it opens).
    func cancelOpening(now: Double) {
        apply(machine.event(.cancel, now: now), now: now)
    }

    /// Carries out one screen action as mpv commands; the playlist's actions go through the machine.
    func perform(_ action: PlayerAction, now: Double) {
        switch action {
        case .selectAudio, .selectSubtitles:
            trackSwitch.switched(position: player.state.position, isPaused: player.state.isPaused == true, now: now)
        case .setSubtitlesVisible, .setSubtitleDelay, .setAudioDelay, .setVolume, .setMuted, .close, .dismissUpNext, .preview:
            break
        default:
            trackSwitch.cancel()
        }
        do {
            switch action {
            case .play: try player.play()
            case .pause: try player.pause()
            case .togglePause: try player.togglePause()
            case .restartAndPlay:
                seeks.reset()
                try seeks.request(.to(0, exact: true), player: player, now: now)
                try player.play()
            case .seek(let request): try seeks.request(request, player: player, now: now)
            case .setVolume(let volume): try player.setVolume(volume)
            case .setMuted(let muted): try player.setMuted(muted)
            case .frameStep: try player.frameStep()
            case .frameBackStep: try player.frameBackStep()
            case .selectAudio(let id): try player.setAudioTrack(id.map(TrackChoice.id) ?? .none)
            case .selectSubtitles(let id):
                try player.setSubtitleTrack(id.map(TrackChoice.id) ?? .none)
                applySubtitleDrawing(subtitleTrack: id)
            case .setSubtitlesVisible(let visible):
                subtitlesVisible = visible
                applySubtitleDrawing(subtitleTrack: status.subtitleTrack)
                status.subtitlesVisible = visible
            case .setSubtitleDelay(let delay): try player.setSubtitleDelay(delay)
            case .setAudioDelay(let delay): try player.setAudioDelay(delay)
            case .subtitleSeek(let lines): subtitleSeek = (try player.seekSubtitle(by: lines), lines)
            case .addChapter(let chapters): _ = try player.moveChapter(by: chapters)
            case .setSpeed(let speed): try player.setSpeed(speed)
            case .setLoopsFile(let loops): try player.setLoopsFile(loops)
            case .playlistNext: moveInPlaylist(.next, now: now)
            case .playlistPrevious: moveInPlaylist(.previous, now: now)
            case .acceptUpNext: moveInPlaylist(.acceptUpNext, now: now)
            case .dismissUpNext: apply(machine.event(.dismissUpNext, now: now), now: now)
            case .close, .preview: break
            }
        } catch {
            // A command mpv refuses (say, a seek with nothing loaded) changes nothing; the screen
            // keeps showing mpv's real state.
        }
        refreshStatus()
    }

    private func moveInPlaylist(_ event: SessionMachine.Event, now: Double) {
        guard let item = machine.currentItem else { return }
        let target: Int?
        switch event {
        case .next: target = machine.item(after: item)
        case .previous: target = machine.item(before: item)
        default: target = machine.upNext?.item
        }
        guard let target else {
            notices.append(event == .previous ? "This is the first item" : "This is the last item")
            return
        }
        leaveCurrentItem(now: now)
        notices.append("\(event == .previous ? "Previous" : "Next"): \(name(of: target)) (\(target + 1)/\(items.count))")
        apply(machine.event(event, now: now), now: now)
    }

    /// Saves where the current item is, before another one replaces it.
    private func leaveCurrentItem(now: Double) {
        if isReady { saveResumePosition(now: now) }
    }

    private func apply(_ actions: [SessionMachine.Action], now: Double) {
        if let item = machine.currentItem { lastItem = item }
        for action in actions {
            switch action {
            case .load(let item):
                abandoned = false
                titleAtLoad = player.state.title
                frames.clear()
                seeks.reset()
                fileLoaded = false
                hasRestarted = false
                wasAtEnd = false
                do {
                    try player.pause()
                    if item >= window.first, item < window.first + window.count {
                        try player.playEntry(at: item - window.first)
                    } else {
                        try player.open(items[item].source)
                        window = (item, 1)
                        itemByEntryID = [:]
                        nesting = NestingWatch(root: items[item])
                        entriesLeftOut = 0
                        player.forgetRefusedEntries()
                        partsSkipped = 0
                    }
                } catch {
                    apply(machine.event(.failed(reason: "\(error)"), now: now), now: now)
                }
            case .stop:
                frames.clear()
                fileLoaded = false
                hasRestarted = false
                try? player.stopKeepingPlaylist()
            case .finish:
                break
            }
        }
        refreshStatus()
    }

    /// The name of item `index` for notices and cards: its title once known (from mpv, or a
    /// probe), else its name.
    func name(of index: Int) -> String {
        guard items.indices.contains(index) else { return "" }
        return titles[items[index].source.mpvName] ?? items[index].name
    }

    /// Titles learnt so far, by what mpv opens.
    private var titles: [String: String] = [:]

    /// Remembers the title of the item that opens `mpvName` (a probe found it).
    func learnTitle(_ title: String?, of mpvName: String) {
        guard let title, !title.isEmpty, titles[mpvName] == nil else { return }
        titles[mpvName] = title
        refreshStatus()
    }

    // MARK: Events

    /// What one pump saw.
    struct PumpResult {
        /// mpv finished a seek (for the screen reader).
        var seekCompleted = false
        /// Something changed: the status was rebuilt.
        var changed = false
        /// mpv restarted playback at a new position after the item was ready: a seek, reel's or
        /// a client's (for MPRIS's `Seeked`).
        var restarted = false
        /// That restart was none of reel's seeks: a client of the IPC socket, a chapter move.
        var seekedFromOutside = false
    }

    /// Reads mpv's events and moves the machine on.
    func pump(now: Double) -> PumpResult {
        let events = player.drainEvents()
        var result = PumpResult()
        for event in events {
            switch event {
            case .startFile(let entryID):
                stall.reset()
                silence.reset()
                trackSwitch.cancel()
                fileLoaded = false
                hasRestarted = false
                wasAtEnd = false
                frames.clear()
                if !abandoned, let item = itemByEntryID[entryID] {
                    apply(machine.event(.started(item: item), now: now), now: now)
                }
            case .loadHook(let id):
                prepareItem()
                player.continueLoad(hook: id)
            case .endFile(.redirect):
                // A playlist opened and became its entries; one that keeps opening playlists
                // (itself, or two that list each other) is stopped at the limit.
                if let reason = nesting.redirected() { failNesting(reason, now: now) }
            case .fileLoaded:
                nesting.loaded()
                fileLoaded = true
                applySubtitleDrawing(subtitleTrack: selectedSubtitleID)
            case .playbackRestart:
                if !hasRestarted, fileLoaded {
                    hasRestarted = true
                    hasPlayed = true
                    // time-pos may not be reported yet at the first restart: the item begins at 0.
                    stall.begin(position: player.state.position ?? 0, now: now)
                    if !startPaused { try? player.play() }
                    startPaused = false
                    apply(machine.event(.ready, now: now), now: now)
                }
                else if hasRestarted {
                    result.restarted = true
                    if !seeks.hasSeekInFlight { result.seekedFromOutside = true }
                }
                if seeks.playbackRestarted(player: player, now: now) { result.seekCompleted = true }
                trackSwitch.playbackRestarted()
            case .commandReply(let id, let error):
                seeks.replied(id)
                if let pending = subtitleSeek, pending.id == id {
                    subtitleSeek = nil
                    if error != nil { notices.append(pending.lines > 0 ? "No next subtitle line" : "No earlier subtitle line") }
                }
            case .endFile(.error(let error)):
                let item = machine.currentItem
                let reason = refusedOpening ?? error.explanation
                refusedOpening = nil
                if let item, items.indices.contains(item) {
                    lastFailure = (items[item], reason)
                    // A refused entry is said by the notice that counts them, not once more here.
                    if machine.item(after: item) != nil, items.count > 1, !reason.hasPrefix(Player.refusalText) {
                        notices.append("Could not play \(name(of: item)): \(reason)")
                    }
                }
                apply(machine.event(.failed(reason: reason), now: now), now: now)
            case .clientMessage(let words):
                takeClientMessage(words)
            case .propertyChanged(.playlist):
                if !abandoned { syncItems(now: now) }
            case .propertyChanged(.tracks), .propertyChanged(.subtitleTrack):
                applySubtitleDrawing(subtitleTrack: selectedSubtitleID)
            default:
                break
            }
        }
        seeks.expire(player: player, now: now)
        if let back = trackSwitch.check(position: player.state.position, isPaused: player.state.isPaused == true, now: now) {
            try? seeks.request(.to(back, exact: true), player: player, now: now)
        }
        if !events.isEmpty {
            refreshStatus()
            followEnd(now: now)
            result.changed = true
        }
        return result
    }

    /// Brings the machine's timers up to `now` (the Up next countdown) and saves the position
    /// every 15 s while playing, so that even a SIGKILL loses at most 15 s.
    func tick(now: Double) {
        watchForStall(now: now)
        if let deadline = machine.nextDeadline, now >= deadline {
            leaveCurrentItem(now: now)
            apply(machine.event(.tick, now: now), now: now)
        }
        if status.isPlaying, now - lastResumeSave >= 15 { saveResumePosition(now: now) }
    }

    /// The earliest time ``tick(now:)`` has something to do, or a frame waiting for the terminal
    /// must be let go.
    var nextDeadline: Double? {
        [machine.nextDeadline, frames.deadline, isReady && status.isPlaying ? stall.nextDeadline(now: monotonicNow()) : nil,
         isReady ? silence.nextDeadline : nil]
            .compactMap { $0 }.min()
    }

    /// Ends an item that plays without a picture, or that stopped moving with nothing to wait
    /// for, with what mpv said about it: otherwise it would sit there silently.
    private func watchForStall(now: Double) {
        switch machine.phase {
        case .playing, .ended: break
        default: return
        }
        guard isReady else { return }
        let state = player.state
        let received = state.cache.map { Double($0.forwardBytes ?? 0) + ($0.end ?? 0) * 1e6 }
        if status.isNetworkStream, silence.observe(isBuffering: state.isPausedForCache == true, received: received, now: now) {
            let limit = options.networkTimeout ?? PlaybackSession.mpvNetworkTimeout
            let given = options.networkTimeout == nil ? "mpv's --network-timeout" : "--network-timeout"
            fail("the server sent nothing for \(formatSeconds(limit)) s (\(given))",
                 item: machine.currentItem.flatMap { items.indices.contains($0) ? items[$0] : nil }, now: now)
            return
        }
        let video = state.tracks.first { $0.kind == .video && $0.isSelected }
        let expectsPicture = video.map { !$0.isCoverArt && !$0.isImage } ?? false
        let waiting = state.isPaused == true || state.isPausedForCache == true || state.isSeeking == true
            || state.isIdle == true
        // mpv knows the picture's display size once a frame has been decoded.
        guard let verdict = stall.observe(position: state.position, frames: frames.itemFrames, expectsPicture: expectsPicture,
                                          hasPicture: state.videoSize != nil, isWaiting: waiting, atEnd: status.isEffectivelyAtEnd,
                                          now: now) else { return }
        let said = player.lastProblem
        let reason: String
        switch verdict {
        case .noPicture:
            reason = "the picture cannot be shown" + (said.map { " (\($0))" } ?? "")
        case .stalled:
            var text = "playback stopped moving at \(TimeText.format(MediaTime.position(state.position, duration: state.duration)))"
            if state.isSeekable == false, state.isNetworkStream == true { text += "; the server does not allow seeking (no byte ranges)" }
            if let said { text += " (\(said))" }
            reason = text
        }
        fail(reason, item: machine.currentItem.flatMap { items.indices.contains($0) ? items[$0] : nil }, now: now)
    }

    /// Stops what mpv is doing and fails the current item with `reason`, naming `item` in the
    /// run's exit line.
    private func fail(_ reason: String, item: PlaylistItem?, now: Double) {
        if let item { lastFailure = (item, reason) }
        try? player.stopKeepingPlaylist()
        frames.clear()
        fileLoaded = false
        hasRestarted = false
        apply(machine.event(.failed(reason: reason), now: now), now: now)
    }

    /// A playlist that keeps opening playlists: stopped, with the error naming the playlist.
    private func failNesting(_ reason: String, now: Double) {
        let root = nesting.root
        nesting = NestingWatch(root: nil)
        abandoned = true
        if let root, items.count > 1 { notices.append("Could not play \(PlaylistItem.defaultName(of: root.source)): \(reason)") }
        fail(reason, item: root, now: now)
    }

    /// Tells the machine when playback reaches the end, or leaves it (``PlaybackEnd``).
    private func followEnd(now: Double) {
        let atEnd = isReady && status.isEffectivelyAtEnd && !status.loopsFile
        guard atEnd != wasAtEnd else { return }
        wasAtEnd = atEnd
        if atEnd { saveResumePosition(now: now) }
        apply(machine.event(atEnd ? .reachedEnd : .leftEnd, now: now), now: now)
        // The status was taken before the machine moved: the screens see the end and the phase it
        // leads to together.
        refreshStatus()
    }

    /// Follows mpv's playlist: a playlist file that was opened is replaced, in the list, by the
    /// entries it expanded into (mpv has left out any it may not open).
    private func syncItems(now: Double) {
        let entries = player.state.playlist
        guard !entries.isEmpty, window.count > 0, window.first < items.count else { return }
        itemByEntryID = [:]
        for (index, entry) in entries.enumerated() { if let id = entry.id { itemByEntryID[id] = window.first + index } }
        let opened = items[window.first]
        guard window.count == 1, entries.count > 1 || entries[0].filename != opened.source.mpvName else { return }
        let expanded = entries.map { PlaylistItem(mpvFilename: $0.filename, title: $0.title) }
        items.replaceSubrange(window.first..<(window.first + 1), with: expanded)
        window.count = expanded.count
        itemsVersion += 1
        apply(machine.event(.itemExpanded(item: window.first, into: expanded.count), now: now), now: now)
        if let playing = entries.firstIndex(where: \.isPlaying) {
            apply(machine.event(.started(item: window.first + playing), now: now), now: now)
        }
    }

    /// Item `index` is known not to play (the list's probe): Up next and N, P pass over it.
    func markUnplayable(_ index: Int, now: Double) {
        guard items.indices.contains(index), !machine.unplayable.contains(index) else { return }
        apply(machine.event(.knownUnplayable(item: index), now: now), now: now)
    }

    /// Puts `new` items into the list at `positions` (ascending places in the new list): a
    /// folder's files as its scan finds them. What plays keeps playing, at its new place.
    func insert(_ new: [PlaylistItem], at positions: [Int], now: Double) {
        guard !new.isEmpty, new.count == positions.count else { return }
        SortedInsertion.insert(new, at: positions, into: &items)
        let first = SortedInsertion.newIndex(of: window.first, insertingAt: positions)
        itemByEntryID = itemByEntryID.mapValues { $0 - window.first + first }
        window.first = first
        lastItem = lastItem.map { SortedInsertion.newIndex(of: $0, insertingAt: positions) }
        apply(machine.event(.itemsInserted(positions: positions), now: now), now: now)
    }

    // MARK: Per item

    /// In mpv's load hook, before the item opens: where it starts, and its tracks and delays from
    /// its resume record (what the command line says wins).
    private func prepareItem() {
        guard let index = machine.currentItem, items.indices.contains(index) else { return }
        let item = items[index]
        // A FIFO that a playlist lists would hold mpv's open for ever (a path given on the
        // command line is the user's own pipe, and is read).
        if item.isPlaylistEntry, let path = item.source.absolutePath, InputCheck.kind(of: path) == .pipe {
            try? player.refuseOpening()
            refusedOpening = "a FIFO listed in a playlist is not opened"
            return
        }
        guardSidecars(of: item)
        if startOptionPending, let start = options.start {
            startOptionPending = false
            try? player.setFileLocalOption("start", start.optionValue)
            return
        }
        guard let resume, let key = item.resumeKey else { return }
        let stamp = item.source.absolutePath.flatMap(FileSystem.fileStamp)
        guard let record = resume.record(for: key, stamp: stamp) else { return }
        if !record.watched, record.position >= 1 {
            try? player.setFileLocalOption("start", formatSeconds(record.position))
            resumedAt = record.position
        }
        let tracks = options.tracks
        if tracks.audio == .auto, let aid = record.audioTrack { try? player.setFileLocalOption("aid", String(aid)) }
        if tracks.subtitles == .auto, let sid = record.subtitleTrack {
            try? player.setFileLocalOption("sid", sid.map(String.init) ?? "no")
        }
        if tracks.subtitleDelay == 0, record.subtitleDelay != 0 {
            try? player.setFileLocalOption("sub-delay", formatSeconds(record.subtitleDelay))
        }
        if tracks.audioDelay == 0, record.audioDelay != 0 {
            try? player.setFileLocalOption("audio-delay", formatSeconds(record.audioDelay))
        }
    }

    private var selectedSubtitleID: Int? {
        if case .id(let id)? = player.state.subtitleTrack { return id }
        return nil
    }

    /// mpv draws subtitles itself only when they are pictures (they have no text); text
    /// subtitles are reel's to draw, from `sub-text`, which keeps updating meanwhile.
    private func applySubtitleDrawing(subtitleTrack id: Int?) {
        let track = player.state.tracks.first { $0.kind == .subtitles && $0.id == id }
        try? player.setSubtitlesDrawnByMpv(subtitlesVisible && (track?.isBitmapSubtitle ?? false))
    }

    // MARK: Resume

    /// Saves where the current item is, with its tracks and delays, or marks it watched.
    func saveResumePosition(now: Double) {
        lastResumeSave = now
        guard let resume, isReady, let index = machine.currentItem, items.indices.contains(index),
              let key = items[index].resumeKey, let position = status.position else { return }
        if !status.isNetworkStream || status.duration != nil {
            var record = ResumeRecord(key: key, position: position)
            if let stamp = items[index].source.absolutePath.flatMap(FileSystem.fileStamp) {
                record.size = stamp.size
                record.modified = stamp.modified
            }
            record.duration = status.duration
            record.watched = PlaybackEnd.isWatched(position: position, duration: status.duration, atEnd: status.isEffectivelyAtEnd)
            record.audioTrack = status.audioTrack
            record.subtitleTrack = .some(status.subtitleTrack)
            record.subtitleDelay = status.subtitleDelay
            record.audioDelay = status.audioDelay
            record.title = status.title.flatMap { $0.isEmpty ? nil : $0 } ?? items[index].name
            record.watchedAt = WallClock.now()
            if position < 1, !record.watched {
                resume.forget(key)
            } else {
                resume.save(record)
            }
        }
        if let notice = resume.takeFailureNotice() { notices.append(notice) }
    }

    /// Saves the position and pauses: the video is leaving the screen.
    func saveAndPause(now: Double) {
        saveResumePosition(now: now)
        if isReady { perform(.pause, now: now) }
    }

    // MARK: Frames

    /// How long an item's first frame may wait for a busy terminal while the item opens.
    static let openingPatience = 0.1

    /// Takes a due frame at `size`, or lets it go when `draw` is false. True when a new picture is ready.
    func takeFrame(size: (width: Int, height: Int), draw: Bool, now: Double = monotonicNow()) -> Bool {
        guard fileLoaded else {
            // Before the new item's file is loaded, a frame is the last item's: let go at once so
            // mpv's video output never waits.
            frames.patience = 0
            _ = frames.take(from: player, size: size, draw: false)
            return false
        }
        if machine.isOpening, !hasRestarted {
            // The item's first frames, which mpv shows while it waits paused for the restart: kept,
            // so that the first screen after the restart shows the first frame (the screen shows
            // no picture while opening). They were let go at once, so an item opened in the
            // session (the next in a playlist, a file from the list) lost its first frame. mpv
            // is paused, so a frame may wait up to a tenth of a second for a busy terminal. (The
            // first file of a run opens in ReelApp.preflight, before the terminal is set up,
            // and its first frames still go there.)
            frames.patience = PlaybackSession.openingPatience
        } else {
            // A frame may wait up to three quarters of a frame for a busy terminal (VideoFrames).
            frames.patience = min(0.75 * (status.frameDuration ?? 1.0 / 30), 0.05)
        }
        return frames.take(from: player, size: size, draw: draw, now: now)
    }

    /// Renders the current frame at `size` now (after a resize, or for a new frame size).
    @discardableResult
    func renderNow(size: (width: Int, height: Int)) -> Bool {
        guard isReady, status.hasVideo else { return false }
        return frames.render(player, size: size)
    }

    /// The latest picture.
    var video: PixelBuffer? { isReady ? frames.video : nil }

    // MARK: Status

    private func refreshStatus() {
        if isReady, let item = machine.currentItem, items.indices.contains(item), let title = player.state.title,
           !title.isEmpty, title != PlaylistItem.defaultName(of: items[item].source) {
            titles[items[item].source.mpvName] = title
        }
        status = MediaStatus(player.state, session: self)
        if let duration = status.duration, let frame = status.frameDuration, frame > 0, duration.isFinite, duration > 0 {
            sourceFrameCount = Int(min(duration / frame, 1e12).rounded())
        }
    }

    fileprivate var subtitlesShown: Bool { subtitlesVisible }
    fileprivate var loadedAndStarted: Bool { isReady }
}

private func formatSeconds(_ value: Double) -> String { ResumeRecord.decimal(value) }

extension MediaStatus {
    /// The screens' status from mpv's state and the session.
    fileprivate init(_ state: PlayerState, session: PlaybackSession) {
        self.init()
        position = state.position
        duration = state.duration
        isPaused = state.isPaused ?? true
        isAtEnd = state.isAtEnd ?? false
        isSeeking = state.isSeeking ?? false
        phase = session.machine.phase
        // While an item opens (or fails to), mpv's media-title is still the last item's until the
        // new file is loaded and mpv sends the new title (which may come after its path and its
        // file-loaded): until then the item's own name is shown ("Opening Talk…" stood while
        // demo.mp4 opened).
        let current = session.machine.currentItem.flatMap { session.items.indices.contains($0) ? session.items[$0] : nil }
        switch phase {
        case .playing, .ended:
            title = state.title
        default:
            if session.isReadyToStart, state.title != session.titleAtLoad { title = state.title }
        }
        // Until mpv lists the tracks, a picture is assumed, so that none is thrown away.
        let kinds = state.tracks.kinds
        hasVideo = state.tracks.isEmpty || kinds.video || kinds.coverArt
        let video = state.tracks.first { $0.kind == .video && $0.isSelected }
        isImage = video?.isImage == true && !(video?.isCoverArt ?? false) && !kinds.audio
        // The file's own size (mpv's display size follows the terminal's pixel shape).
        videoWidth = video?.width ?? state.videoSize?.width
        videoHeight = video?.height ?? state.videoSize?.height
        volume = state.volume
        isMuted = state.isMuted ?? false
        chapters = state.chapters.map { ChapterMark(time: $0.time, title: $0.title) }
        chapterIndex = state.chapter
        isLoaded = session.loadedAndStarted && state.isIdle != true
        frameDuration = video?.frameRate.map { 1 / $0 }
        artist = state.metadata["artist"]
        album = state.metadata["album"]
        if let item = session.machine.currentItem {
            itemName = session.name(of: item)
            playlistIndex = item
        }
        playlistCount = session.items.count
        if let upNext = session.machine.upNext { upNextName = session.name(of: upNext.item) }
        if phase.isOpening {
            if state.isPausedForCache == true || (state.bufferingPercent ?? 0) > 0 {
                opening = .buffering(percent: state.bufferingPercent, bytes: state.cache?.forwardBytes)
            } else if session.isReadyToStart {
                opening = .starting
            } else if session.player.isReadingStream {
                // The server answered and data is arriving: no longer "Connecting…".
                opening = .reading
            } else {
                opening = .connecting
            }
        }
        subtitleText = state.subtitleText
        subtitleASS = state.subtitleASS
        secondarySubtitleText = state.secondarySubtitleText
        subtitlesVisible = session.subtitlesShown
        audioTracks = state.tracks.filter { $0.kind == .audio }.map(TrackInfo.init)
        subtitleTracks = state.tracks.filter { $0.kind == .subtitles }.map(TrackInfo.init)
        if case .id(let id)? = state.audioTrack { audioTrack = id } else { audioTrack = state.tracks.first { $0.kind == .audio && $0.isSelected }?.id }
        if case .id(let id)? = state.subtitleTrack { subtitleTrack = id } else if state.subtitleTrack == .auto {
            subtitleTrack = state.tracks.first { $0.kind == .subtitles && $0.isSelected }?.id
        }
        if case .id(let id)? = state.secondarySubtitleTrack { secondarySubtitleTrack = id }
        subtitleDelay = state.subtitleDelay ?? 0
        audioDelay = state.audioDelay ?? 0
        speed = state.speed ?? 1
        loopsFile = state.loopsFile ?? false
        bufferedRanges = state.cache?.seekableRanges ?? []
        isBuffering = state.isPausedForCache ?? false
        bufferingPercent = state.bufferingPercent
        // Until mpv says, a URL is taken to come over the network.
        if case .url? = current?.source { isNetworkStream = state.isNetworkStream ?? true } else { isNetworkStream = state.isNetworkStream ?? false }
    }
}

extension TrackInfo {
    init(_ track: Track) {
        self.init(id: track.id, title: track.title, language: track.language, codec: track.codec)
        isDefault = track.isDefault
        isForced = track.isForced
        isExternal = track.isExternal
    }
}

extension PlaybackSession {
    /// The file is open and its first picture is on its way.
    fileprivate var isReadyToStart: Bool { fileLoaded }
}
