import Controls

/// The playback session's decisions, above mpv and without it: the item's phase (``SessionCore``),
/// the watches on what plays (a stall, a silent server, a track switch's refresh, the subtitle held
/// across a frame step back, playlists that open one another), and the counts and times that
/// notices and resume saves follow.
///
/// swift-nio's style, as ``SessionCore``: the executor gives it what mpv said and what the user
/// asked for, with the time, and carries out the commands it returns. It reads no clock and holds
/// no mpv, so every decision is tested with numbers.
public struct PlaybackCore: Sendable, Equatable {
    /// A sub-seek sent, whose failure (no line there) becomes a notice.
    public struct SubtitleSeek: Sendable, Equatable {
        public var id: UInt64
        public var lines: Int
    }

    /// A move to an item whose title is not known yet: its notice waits until the item opens.
    public struct Move: Sendable, Equatable {
        public var item: Int
        public var backwards: Bool
    }

    /// The item's phase, the playlist and the end of the run.
    public private(set) var session: SessionCore
    /// Notices an item that plays without a picture, or stops moving with nothing to wait for.
    public internal(set) var stall = StallDetector()
    /// Holds `--network-timeout` for the whole stream, a second after FFmpeg should have.
    public internal(set) var silence: SilenceDetector
    /// Puts a paused picture back where it was when mpv's refresh after a track switch lands elsewhere.
    public internal(set) var trackSwitch = TrackSwitchGuard()
    /// The subtitle shown across a frame step back, whose seek empties mpv's text for a moment.
    public internal(set) var subtitleHold = SubtitleHold()
    /// The seek in flight, and those merged to go after it.
    public internal(set) var seeks = SeekFlight()
    /// Playlists opened in a row from the item given to mpv since a file last loaded.
    public internal(set) var nestingDepth = 0
    /// An item was given to mpv alone since playlists last nested too deep: the next such
    /// failure names it (``Command/failGivenItem(reason:)``).
    public internal(set) var givenItemBlamable = false
    /// The playlist entries mpv left out since the last item was given to it.
    public internal(set) var entriesLeftOut = 0
    /// The parts of the stream FFmpeg skipped since the last item was given to mpv.
    public internal(set) var partsSkipped = 0
    /// "No sound device" has been said (it is said once a run).
    public internal(set) var saidNoSoundDevice = false
    /// When the position was last saved.
    public private(set) var lastResumeSave = -Double.infinity
    /// The sub-seek in flight.
    public private(set) var subtitleSeek: SubtitleSeek?
    /// A move whose notice waits for the item's title.
    public private(set) var pendingMove: Move?
    /// Where the item that just opened resumed, until the player has said so (``Event/resumeShown``).
    public private(set) var resumedAt: Double?
    /// The items' titles learnt so far, and mpv's when the current item was asked for.
    public internal(set) var titles = ItemTitles()
    /// Whether the list is shuffled, and its order before.
    public internal(set) var order: ListOrder
    /// Counts changes of the list that are not insertions (a playlist file expanded, a client's
    /// file added, a shuffle), for the list screen.
    public internal(set) var itemsVersion = 0
    /// The last change of mpv's playlist came while nothing was opening: a client's loadfile,
    /// not a playlist file's entries.
    public internal(set) var entriesFromClient = false
    /// Subtitles shown (reel's `v`); mpv draws only picture subtitles, and only while this is on.
    public internal(set) var subtitlesVisible: Bool

    /// How often the position is saved while playing: even a SIGKILL loses at most this.
    public static let resumeSaveInterval = 15.0
    /// How many playlists may open in a row before a file loads: deeper than any real library's
    /// folders of playlists, and far short of a spin's cost.
    public static let nestingLimit = 10

    /// `--network-timeout` was given (the silence's words name it, else mpv's own).
    public let networkTimeoutGiven: Bool

    /// A core over `session`, whose silence watch holds `silenceLimit` seconds (a second past the
    /// network timeout, given or not), in `order`, with subtitles shown or not.
    public init(session: SessionCore, silenceLimit: Double, networkTimeoutGiven: Bool = false,
                order: ListOrder = ListOrder([], shuffled: false), subtitlesVisible: Bool = true) {
        self.session = session
        self.networkTimeoutGiven = networkTimeoutGiven
        self.order = order
        self.subtitlesVisible = subtitlesVisible
        silence = SilenceDetector(limit: silenceLimit)
    }

    /// What the executor tells the core: one event for each of mpv's, each request of the user's,
    /// and each look at mpv's state the loop takes (after a pass of events, and at its tick).
    public enum Event: Sendable, Equatable {
        /// One of the session core's own events (the user's requests, and mpv's load hook,
        /// end-file and errors).
        case session(SessionCore.Event)
        /// mpv's load hook `id` for the file about to open (``Hooked``; nil: no current item).
        case loadHook(id: UInt64, Hooked?)
        /// mpv started entry `entryID` of its playlist `entries`; `keys`: what the list's items
        /// open. The watches start over.
        case startFile(entryID: Int, entries: [SessionCore.Entry], keys: [String])
        /// mpv loaded the file: a chain of playlists is over.
        case fileLoaded
        /// A playlist became its entries (mpv's end-file with the reason "redirect").
        case redirected
        /// mpv restarted playback, at `position`: the item opened (its watch begins there), or
        /// a seek landed.
        case playbackRestart(position: Double?)
        /// reel gave mpv an item alone (not an entry of its playlist): the counts start over.
        case itemGiven
        /// An item is asked of mpv, whose title is `mpvTitle` (still the last item's): the seeks
        /// waiting are forgotten.
        case loading(mpvTitle: String?)
        /// mpv says `title` for the current item, which opens `key` (its file's name: `defaultName`).
        case titleReported(String?, key: String, defaultName: String)
        /// A probe found `title` for the item that opens `key`.
        case titleFound(String?, key: String)
        /// mpv's log since the last pass: parts skipped, playlist entries refused, and whether
        /// there is no sound device.
        case logged(skippedParts: Int, refusedEntries: Int, noSoundDevice: Bool)
        /// A sub-seek was sent as command `id`.
        case subtitleSeekSent(id: UInt64, lines: Int)
        /// mpv replied to command `id`.
        case commandReply(id: UInt64, failed: Bool)
        /// The session core gave the notice of a move to `item`, which opens `key` (its notice
        /// waits for the item's title unless it is known).
        case moved(item: Int, backwards: Bool, key: String)
        /// The user switched the audio or subtitle track at `position`.
        case trackSwitched(position: Double?, isPaused: Bool)
        /// The user asked for something that is no track switch (the repair is off).
        case otherRequest
        /// A pass of `mpvEvents` of mpv's events ended, with mpv's `position`: the track switch's
        /// repair may seek back, and the end is looked at (``Command/lookAtEnd``) when mpv said
        /// anything or the status changed.
        case passEnded(mpvEvents: Int, position: Double?, isPaused: Bool)
        /// The user (or the track switch's repair) asks for a seek.
        case seek(SeekRequest)
        /// The seek ``Command/sendSeek(_:)`` asked for went out as command `id`.
        case seekSent(id: UInt64)
        /// The seek ``Command/sendSeek(_:)`` asked for could not be sent: mpv refused the command.
        case seekNotSent
        /// The user restarts the item from its beginning: the seeks waiting are forgotten, and it
        /// seeks to 0 exactly and plays.
        case restartFromBeginning
        /// A frame step back was sent, with the subtitle shown.
        case frameBackStep(SubtitleHold.Lines)
        /// mpv's subtitle text changed.
        case subtitleTextChanged
        /// Time passed: the Up next countdown, the watches on what plays (``Look``), and
        /// the position saved when it is due.
        case tick(Look)
        /// The position was saved.
        case resumeSaved
        /// The player said where the item resumed (``resumedAt``).
        case resumeShown
        /// What mpv reports of the item's end after a pass of its events: the end, or a failure;
        /// a move waiting for its item's title may then be said, and the status is rebuilt when
        /// the session moved.
        case endObserved(Look)
        /// mpv's playlist became `entries`; `keys`: what the list's items open.
        case playlistChanged(entries: [SessionCore.Entry], keys: [String])
        /// The user shows or hides subtitles.
        case subtitlesShown(Bool)
        /// The user loops the list, or stops looping it.
        case setLoopsPlaylist(Bool)
        /// The user shuffles what is still to come of the list whose items open `keys`, or puts
        /// it back in order.
        case setShuffled(Bool, keys: [String])
    }

    /// What the core asks of the executor.
    public enum Command: Sendable, Equatable {
        /// One of the session core's commands.
        case session(SessionCore.Command)
        /// Shows this notice.
        case notice(String)
        /// Says that there is no sound device (the screen's words).
        case noSoundDevice
        /// Remembers, for the run's exit line, that the item last given to mpv alone failed for
        /// `reason` (its playlists nest too deep).
        case failGivenItem(reason: String)
        /// Leaves what plays and opens entry `entry` of mpv's playlist.
        case playEntry(Int)
        /// Leaves what plays and gives mpv item `item` alone, as its new playlist; once mpv took
        /// it, the core is told (``Event/itemGiven``).
        case giveItem(Int)
        /// Puts mpv's `entries` in the place of `item`, the playlist file they came from
        /// (`fromClient`: a client's loadfile instead).
        case expand(item: Int, entries: [SessionCore.Entry], fromClient: Bool)
        /// Looks at mpv's state for the item's end and gives it to the core (``Event/endObserved(_:)``).
        case lookAtEnd
        /// Says the move to `item` now that its title is known.
        case announceMove(item: Int, backwards: Bool)
        /// Sends this seek to mpv, and tells the core its command (``Event/seekSent(id:)``), or
        /// that it could not be sent (``Event/seekNotSent``).
        case sendSeek(SeekRequest)
        /// A restart after the item opened: a seek landed, reel's, or (`fromOutside`) none of
        /// reel's (a client of the IPC socket, a chapter move).
        case seekLanded(fromOutside: Bool)
        /// mpv's restart finished a seek of ours.
        case seekFinished
        /// What the screens show changed (a held subtitle went, a title was learnt): the status
        /// is to be rebuilt.
        case refreshStatus
        /// Saves the position.
        case saveResume
        /// Moves item `i` of the list to `newIndex[i]` (a shuffle, on or off).
        case reorderItems(newIndex: [Int])
        /// A file started that reel did not ask for: a client's `loadfile` (the player must show it).
        case startedFromOutside
        /// Adds a client's file at the list's end, as an item of its own.
        case addClientItem(filename: String, title: String?)
        /// Leaves out `entry`, which mpv is about to open: it is counted with the entries left out.
        case leaveOut(entry: String)
        /// Guards what mpv would load beside the item, reads its resume record, and gives both to
        /// the session core's load hook `hook` (``SessionCore/Event/loadHook(id:_:)``).
        case prepareOpening(hook: UInt64)
    }

    /// Moves the core on by `event` at `now`; returns what to carry out, in order. The one entry.
    public mutating func event(_ event: Event, now: Double) -> [Command] {
        switch event {
        case .session(let event):
            return session(event, now: now)
        case .loadHook(let id, let hooked):
            return loadHook(id: id, hooked, now: now)
        case .startFile(let entryID, let entries, let keys):
            subtitleHold.end()
            stall.reset()
            silence.reset()
            trackSwitch.cancel()
            return startFile(entryID, entries: entries, keys: keys, now: now)
        case .fileLoaded:
            nestingDepth = 0
            return session(.fileLoaded, now: now)
        case .redirected:
            let ended = session(.endFile, now: now)
            nestingDepth += 1
            guard nestingDepth > Self.nestingLimit else { return ended }
            return ended + failNesting(now: now)
        case .playbackRestart(let position):
            return restarted(position: position, now: now)
        case .itemGiven:
            givenItemBlamable = true
            nestingDepth = 0
            entriesLeftOut = 0
            partsSkipped = 0
            return []
        case .loading(let mpvTitle):
            titles.loading(mpvTitle: mpvTitle)
            seeks.reset()
            return []
        case .titleReported(let title, let key, let defaultName):
            if session.isReady { titles.reported(title, of: key, defaultName: defaultName) }
            return []
        case .titleFound(let title, let key):
            return titles.found(title, of: key) ? [.refreshStatus] : []
        case .logged(let skipped, let refused, let noSoundDevice):
            return logged(skippedParts: skipped, refusedEntries: refused, noSoundDevice: noSoundDevice)
        case .subtitleSeekSent(let id, let lines):
            subtitleSeek = SubtitleSeek(id: id, lines: lines)
            return []
        case .commandReply(let id, let failed):
            seeks.replied(id)
            guard let pending = subtitleSeek, pending.id == id else { return [] }
            subtitleSeek = nil
            return failed ? [.notice(pending.lines > 0 ? "No next subtitle line" : "No earlier subtitle line")] : []
        case .moved(let item, let backwards, let key):
            if titles[key] != nil {
                pendingMove = nil
                return [.announceMove(item: item, backwards: backwards)]
            }
            pendingMove = Move(item: item, backwards: backwards)
            return []
        case .trackSwitched(let position, let isPaused):
            trackSwitch.switched(position: position, isPaused: isPaused, now: now)
            return []
        case .otherRequest:
            trackSwitch.cancel()
            return []
        case .passEnded(let mpvEvents, let position, let isPaused):
            return passEnded(mpvEvents: mpvEvents, position: position, isPaused: isPaused, now: now)
        case .seek(let request):
            return seeks.request(request, now: now).map { [.sendSeek($0)] } ?? []
        case .seekSent(let id):
            seeks.sent(id: id, now: now)
            return []
        case .seekNotSent:
            return seeks.notSent(now: now).map { [.sendSeek($0)] } ?? []
        case .restartFromBeginning:
            seeks.reset()
            return (seeks.request(.to(0, exact: true), now: now).map { [.sendSeek($0)] } ?? []) + [.session(.play)]
        case .frameBackStep(let lines):
            subtitleHold.begin(lines)
            return []
        case .subtitleTextChanged:
            subtitleHold.textChanged()
            return []
        case .tick(let observation):
            return tick(observation, now: now)
        case .resumeSaved:
            lastResumeSave = now
            return []
        case .resumeShown:
            resumedAt = nil
            return []
        case .endObserved(let end):
            // The status was taken before the look: when the session moved, the screens are to
            // see the end and the phase it leads to together.
            let before = session
            let commands = endObserved(end, now: now) + announcePendingMove()
            return session != before ? commands + [.refreshStatus] : commands
        case .playlistChanged(let entries, let keys):
            return playlistChanged(entries, keys: keys, now: now)
        case .subtitlesShown(let visible):
            subtitlesVisible = visible
            return []
        case .setLoopsPlaylist(let loops):
            return setLoopsPlaylist(loops, now: now)
        case .setShuffled(let shuffled, let keys):
            var generator = SystemRandomNumberGenerator()
            return setShuffled(shuffled, keys: keys, now: now, using: &generator)
        }
    }

    /// mpv restarted playback at `position`: the first restart after the file loaded opens the
    /// item (its watch begins there: time-pos may not be reported yet, so 0); later ones are
    /// seeks landing, reel's or someone else's. A seek of ours that landed lets what waited go.
    private mutating func restarted(position: Double?, now: Double) -> [Command] {
        var commands: [Command] = []
        for command in session.event(.playbackRestart, now: now) {
            switch command {
            case .watch: stall.begin(position: position ?? 0, now: now)
            case .restarted: commands.append(.seekLanded(fromOutside: !seeks.hasSeekInFlight))
            case .play:
                trackSwitch.cancel()
                commands.append(.session(.play))
            default: commands.append(carried(command))
            }
        }
        let seek = seeks.restarted(now: now)
        trackSwitch.playbackRestarted()
        subtitleHold.restarted(now: now)
        return commands + (seek.finished ? [.seekFinished] : []) + (seek.next.map { [.sendSeek($0)] } ?? [])
    }

    mutating func session(_ event: SessionCore.Event, now: Double) -> [Command] {
        let commands = session.event(event, now: now)
        for command in commands {
            switch command {
            case .play: trackSwitch.cancel()
            case .resumed(let position): resumedAt = position
            default: break
            }
        }
        return commands.map { carried($0) }
    }

    /// The notice of a move to an item whose title was not known ("Next: …", "Previous: …"),
    /// once the item has opened and mpv has said its title: so that every move names the item
    /// alike. An item that fails says so in its own notice instead.
    private mutating func announcePendingMove() -> [Command] {
        guard let move = pendingMove else { return [] }
        let failed = if case .failed = session.machine.phase { true } else { false }
        guard session.currentItem == move.item, !failed else {
            pendingMove = nil
            return []
        }
        guard session.isReady else { return [] }
        pendingMove = nil
        return [.announceMove(item: move.item, backwards: move.backwards)]
    }
}
