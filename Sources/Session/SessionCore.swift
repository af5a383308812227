import Controls

/// The playback session's engine: how far mpv has got with the current item, and what to do next.
///
/// A pure value in the style of swift-nio's state machines. The app feeds it what mpv reports
/// (decoded into ``Event``s) and the user's requests, each with `now`; it answers with
/// ``Command``s (load, set an option for the item, stop, play, finish, notices), which the app
/// carries out against mpv. It owns the ``SessionMachine`` (the phase every screen reads), the
/// item's ``Stage`` (loaded, restarted, at its end), the mapping of reel's list to mpv's
/// playlist, and the one decision of where the run ends (``runEnd``). It reads no clock and
/// touches nothing.
public struct SessionCore: Sendable, Equatable {
    /// Choices made on the command line.
    public struct Configuration: Sendable, Equatable {
        /// The playlist's rules: Up next, loops, keep-open.
        public var machine = SessionMachine.Configuration()
        /// `--start` was given: it applies to the first item opened, in place of its resume point.
        public var hasStartOption = false
        /// What a resume record may set: what the command line chose itself wins.
        public var resumesAudioTrack = true
        public var resumesSubtitleTrack = true
        public var resumesSubtitleDelay = true
        public var resumesAudioDelay = true

        public init() {}
    }

    /// How far mpv has got with the current item.
    public enum Stage: Sendable, Equatable {
        /// A load or a stop was sent (or the item ended), and mpv has started no file since: what
        /// it reports until its next start-file is the last item's, and is not followed.
        case requested
        /// mpv started the item; its file is not loaded yet, so a frame now is the last item's.
        case started
        /// mpv loaded the file; playback has not restarted yet (its first frames are coming).
        case loaded
        /// Open: playing, paused, or at its end (``PlaybackEnd``, and not while the file loops).
        case ready(atEnd: Bool)
    }

    /// What happened: a request, or something mpv reported.
    public enum Event: Sendable, Equatable {
        /// Play `item`, starting paused with `paused`; the current item is left first.
        case play(item: Int, paused: Bool)
        /// Esc or x while an item opens.
        case cancel
        /// N, P, and Enter on the Up next card.
        case next
        case previous
        case acceptUpNext
        /// Esc on the Up next card: stay on the last frame.
        case dismissUpNext
        /// Time passed (the Up next countdown).
        case tick
        /// Items were put in at these places of the new list (ascending).
        case itemsInserted(positions: [Int])
        /// The list's probe found `item` unplayable.
        case knownUnplayable(item: Int)
        /// The items after the open ones were put in a new order: item `i` is now `newIndex[i]`.
        case itemsReordered(newIndex: [Int])
        /// The list loops after its last item, or no longer does.
        case setLoopPlaylist(Bool)
        /// mpv began loading its playlist entry `entryID`.
        case startFile(entryID: Int)
        /// mpv stopped the file it had (at its end without keep-open, or a playlist that became
        /// its entries), not for an error.
        case endFile
        /// mpv stopped the file it had for a command: reel's own load or stop, or a client's
        /// `stop`, `loadfile`, `playlist-remove` or `quit` (``stopped()``).
        case stopped
        /// A client of the IPC socket made mpv open its playlist entry `entryID` while nothing
        /// was open: it is `item` of reel's list from now on.
        case adopt(item: Int, entryID: Int)
        /// mpv's load hook `id`, before the current item opens, with what the app found about it.
        case loadHook(id: UInt64, Opening)
        /// mpv loaded the file.
        case fileLoaded
        /// mpv (re)started playback: after loading, or after a seek.
        case playbackRestart
        /// mpv could not play the item, for `reason`; `isRefusal`: mpv left out a playlist's
        /// entry, which the notice that counts them says instead.
        case failed(reason: String, isRefusal: Bool)
        /// The command that loads the item failed.
        case loadFailed(reason: String)
        /// reel stops the item, for `reason` (it stalled, the server went silent, playlists
        /// nest too deep, nothing of it could be played); `abandonsChain`: what mpv had begun of
        /// the item's playlists is not followed; `playedNothing`: the item opened, but nothing of
        /// it played, so it does not count as played (``hasPlayed``).
        case abort(reason: String, abandonsChain: Bool, playedNothing: Bool = false)
        /// mpv's playlist changed; `replacesOpened`: it is no longer the one item given to mpv
        /// (a playlist file expanded into its entries).
        case playlist(entries: [Entry], replacesOpened: Bool)
        /// A look at mpv's state after a batch of events: whether playback is at the end
        /// (``PlaybackEnd``) and whether mpv has nothing loaded.
        case observed(atEnd: Bool, idle: Bool)
    }

    /// What the app must do, in order.
    public enum Command: Sendable, Equatable {
        /// Leave what plays and load `item`: entry `entry` of mpv's playlist, or (nil) the item
        /// alone as mpv's new playlist.
        case load(item: Int, entry: Int?)
        /// Stop, keeping the playlist.
        case stop
        /// Unpause: the item opened, and was not asked to start paused.
        case play
        /// Set `option` for the item about to open.
        case setOption(ItemOption)
        /// Tell mpv not to open the item.
        case refuseOpening
        /// Let mpv go on opening the item (its load hook).
        case continueLoad(hook: UInt64)
        /// The item resumes at this position (for its notice).
        case resumed(at: Seconds)
        /// Save where `item` is, from the status as it stands (it is being left, or reached its
        /// end), `isAtEnd` or not: the core has moved on by the time the command runs, so it
        /// names the item and says where it was.
        case saveResume(item: Int, isAtEnd: Bool)
        /// The item opened: start watching it for stalls.
        case watch
        /// A restart after the item opened: a seek landed, reel's or someone else's.
        case restarted
        /// Item `item`, a playlist file, became mpv's playlist `entries`, one item each.
        case expand(item: Int, into: [Entry])
        /// Remember the failure of `item` for the run's exit line.
        case recordFailure(item: Int, reason: String)
        case notice(Notice)
        /// The run ends here (``runEnd``).
        case finish
    }

    public let configuration: Configuration
    /// The phase every screen reads.
    public internal(set) var machine: SessionMachine
    /// How far the current item has got.
    public internal(set) var stage = Stage.requested
    /// The item the session was last on, even after an opening was cancelled.
    public internal(set) var lastItem: Int?
    /// Some item has played: a failure later is not the run's failure.
    public private(set) var hasPlayed = false
    /// ``hasPlayed`` before the current item opened.
    private var playedBefore = false
    /// The items mpv's playlist holds, in reel's list: the one opened last, or the entries a
    /// playlist file expanded into.
    public internal(set) var window = Window(first: 0, count: 0)
    /// Which item each of mpv's playlist entries is.
    var itemByEntryID: [Int: Int] = [:]
    /// The next item to open starts paused (the poster card loads it behind the card).
    private var startPaused = false
    /// `--start` has not been used yet.
    private var startPending: Bool
    /// Why the item opening was refused in the load hook, for its failure.
    var refusal: String?
    /// That refusal left out an entry of a playlist from the network: the notice that counts
    /// them says it.
    var refusalIsLeftOut = false
    /// A playlist chain was stopped: what mpv had begun of it is not followed until the next load.
    var abandoned = false
    /// mpv has nothing loaded.
    private var isIdle = false
    /// A client stopped the item reel had open, and no file has started since.
    var stoppedByClient = false
    /// reel sent a stop whose end-file has not come yet (a start-file already on its way may
    /// still move the stage on before it).
    var stopSent = false

    public init(configuration: Configuration, itemCount: Int) {
        self.configuration = configuration
        machine = SessionMachine(configuration: configuration.machine, itemCount: itemCount)
        startPending = configuration.hasStartOption
    }

    /// The session's phase.
    public var phase: SessionMachine.Phase { machine.phase }
    /// The item the session is on.
    public var currentItem: Int? { machine.currentItem }
    /// mpv loaded the current item's file (its restart may not have come yet).
    public var isFileLoaded: Bool {
        switch stage {
        case .requested, .started: false
        case .loaded, .ready: true
        }
    }
    /// The current item is open: playing, paused or at its end.
    public var isReady: Bool { if case .ready = stage { true } else { false } }
    /// Playback is at the end of the item: the one decision of "at end" (``PlaybackEnd``), which
    /// the screens read as ``MediaStatus``'s `isAtEnd`.
    public var isAtEnd: Bool { stage == .ready(atEnd: true) }
    /// Whether playlists are being followed from an item that was stopped.
    public var isAbandoned: Bool { abandoned }
    /// When ``Event/tick`` must come next, or nil.
    public var nextDeadline: Seconds? { machine.nextDeadline }

    /// Where the run ends, or nil while something can still play. The one decision: the
    /// screens and scenes read it (a scene that can go back, to the list, does so instead).
    public var runEnd: RunEnd? {
        if machine.finishesRun { return .finished }
        if case .failed(_, let reason) = machine.phase, isIdle { return .failed(reason: reason) }
        if stoppedByClient, machine.phase == .idle { return .stopped }
        return nil
    }

    /// Takes one event at `now` and returns what to do. Internal: the session's one entry is
    /// ``PlaybackCore/event(_:now:)``, which holds this value and feeds it.
    mutating func event(_ event: Event, now: Seconds) -> [Command] {
        let commands = take(event, now: now)
        if let item = machine.currentItem { lastItem = item }
        return commands
    }

    private mutating func take(_ event: Event, now: Seconds) -> [Command] {
        switch event {
        case .play(let item, let paused):
            stoppedByClient = false
            if machine.currentItem == item, machine.phase != .idle, !isFailed {
                // Already opening or open: only whether it plays changes.
                if isReady { return paused ? [] : [.play] }
                startPaused = paused
                return []
            }
            let save = saveIfOpen()
            startPaused = paused
            return save + run(machine.event(.play(item: item), now: now))
        case .cancel:
            return run(machine.event(.cancel, now: now))
        case .next, .previous, .acceptUpNext:
            return move(event, now: now)
        case .dismissUpNext:
            return run(machine.event(.dismissUpNext, now: now))
        case .tick:
            guard let deadline = machine.nextDeadline, now >= deadline else { return [] }
            return saveIfOpen() + run(machine.event(.tick, now: now))
        case .itemsInserted(let positions):
            return insert(positions, now: now)
        case .knownUnplayable(let item):
            guard item >= 0, item < machine.itemCount, !machine.unplayable.contains(item) else { return [] }
            return run(machine.event(.knownUnplayable(item: item), now: now))
        case .itemsReordered(let newIndex):
            let moved = { (item: Int) in newIndex.indices.contains(item) ? newIndex[item] : item }
            lastItem = lastItem.map(moved)
            itemByEntryID = itemByEntryID.mapValues(moved)
            return run(machine.event(.itemsReordered(newIndex: newIndex), now: now))
        case .setLoopPlaylist(let loops):
            return run(machine.event(.setLoopPlaylist(loops), now: now))
        case .startFile(let entryID):
            stage = .started
            stoppedByClient = false
            guard !abandoned, let item = itemByEntryID[entryID] else { return [] }
            return run(machine.event(.started(item: item), now: now))
        case .endFile:
            stage = .requested
            return []
        case .stopped:
            return stopped()
        case .adopt(let item, let entryID):
            return adopt(item, entryID: entryID, now: now)
        case .loadHook(let id, let opening):
            // A hook before any start-file since the load is the last item's: it opens as it is.
            return (stage == .started ? prepare(opening) : []) + [.continueLoad(hook: id)]
        case .fileLoaded:
            if stage == .started { stage = .loaded }
            return []
        case .playbackRestart:
            return restarted(now: now)
        case .failed(let reason, let isRefusal):
            // An error from before the last load's start-file is the item that was left.
            guard stage != .requested else { return [] }
            stage = .requested
            return failed(mpvReason: reason, isRefusal: isRefusal, now: now)
        case .loadFailed(let reason):
            return run(machine.event(.failed(reason: reason), now: now))
        case .abort(let reason, let abandonsChain, let playedNothing):
            if abandonsChain { abandoned = true }
            if playedNothing { hasPlayed = playedBefore }
            stage = .requested
            stopSent = true
            return [.stop] + failure(reason, noticed: true, now: now)
        case .playlist(let entries, let replacesOpened):
            return follow(entries, replacesOpened: replacesOpened, now: now)
        case .observed(let atEnd, let idle):
            isIdle = idle
            // What a client stopped is over once mpv has nothing loaded: nothing plays, and
            // mpv's playlist may be gone (its stop clears it), so the next item goes to it alone.
            if stoppedByClient, idle, machine.phase != .idle {
                window = Window(first: 0, count: 0)
                itemByEntryID = [:]
                return run(machine.event(.stopped, now: now))
            }
            return observe(atEnd: atEnd, now: now)
        }
    }

    private var isFailed: Bool { if case .failed = machine.phase { true } else { false } }

    /// Saves the open item's place, while the core is still on it: before another replaces it,
    /// or at its end.
    func saveIfOpen() -> [Command] {
        guard isReady, let item = machine.currentItem else { return [] }
        return [.saveResume(item: item, isAtEnd: isAtEnd)]
    }

    /// The machine's actions as commands, with what loading and stopping change here.
    mutating func run(_ actions: [SessionMachine.Action]) -> [Command] {
        actions.map { action in
            switch action {
            case .load(let item):
                abandoned = false
                stopSent = false
                stage = .requested
                if window.contains(item) { return .load(item: item, entry: item - window.first) }
                window = Window(first: item, count: 1)
                itemByEntryID = [:]
                return .load(item: item, entry: nil)
            case .stop:
                stage = .requested
                stopSent = true
                return .stop
            case .finish:
                return .finish
            }
        }
    }

    /// N, P or Up next's Enter: a notice for where it goes, or that there is nowhere to go.
    private mutating func move(_ event: Event, now: Seconds) -> [Command] {
        guard let item = machine.currentItem else { return [] }
        let backwards = event == .previous
        let target: Int?
        let machineEvent: SessionMachine.Event
        switch event {
        case .next: (target, machineEvent) = (machine.item(after: item), .next)
        case .previous: (target, machineEvent) = (machine.item(before: item), .previous)
        default: (target, machineEvent) = (machine.upNext?.item, .acceptUpNext)
        }
        guard let target else { return [.notice(backwards ? .firstItem : .lastItem)] }
        return saveIfOpen() + [.notice(.moved(to: target, backwards: backwards))] + run(machine.event(machineEvent, now: now))
    }

    /// The load hook: `--start` for the first item, else the resume record's place, tracks and
    /// delays (those the command line left alone).
    private mutating func prepare(_ opening: Opening) -> [Command] {
        guard machine.currentItem != nil else { return [] }
        if let reason = opening.refusal {
            refusal = reason
            refusalIsLeftOut = opening.leavesOut
            return [.refuseOpening]
        }
        if startPending {
            startPending = false
            return [.setOption(.commandLineStart)]
        }
        guard let record = opening.resume else { return [] }
        var commands: [Command] = []
        if !record.watched, record.position >= 1 {
            commands += [.setOption(.start(record.position)), .resumed(at: record.position)]
        }
        if configuration.resumesAudioTrack, let track = record.audioTrack { commands.append(.setOption(.audioTrack(track))) }
        if configuration.resumesSubtitleTrack, let track = record.subtitleTrack { commands.append(.setOption(.subtitleTrack(track))) }
        if configuration.resumesSubtitleDelay, record.subtitleDelay != 0 { commands.append(.setOption(.subtitleDelay(record.subtitleDelay))) }
        if configuration.resumesAudioDelay, record.audioDelay != 0 { commands.append(.setOption(.audioDelay(record.audioDelay))) }
        return commands
    }

    /// The first restart after the file loaded opens the item; later ones are seeks landing. A
    /// restart before the file is loaded is the last item's, and changes nothing.
    private mutating func restarted(now: Seconds) -> [Command] {
        switch stage {
        case .requested, .started:
            return []
        case .loaded:
            stage = .ready(atEnd: false)
            playedBefore = hasPlayed
            hasPlayed = true
            let play: [Command] = startPaused ? [] : [.play]
            startPaused = false
            return [.watch] + play + run(machine.event(.ready, now: now))
        case .ready:
            return [.restarted]
        }
    }

    /// Follows the end: reaching it saves the place and moves the machine on (Up next, the
    /// next item, or the run's end); leaving it again goes back to playing.
    private mutating func observe(atEnd: Bool, now: Seconds) -> [Command] {
        guard case .ready(let wasAtEnd) = stage, atEnd != wasAtEnd else { return [] }
        stage = .ready(atEnd: atEnd)
        guard atEnd else { return run(machine.event(.leftEnd, now: now)) }
        return saveIfOpen() + run(machine.event(.reachedEnd, now: now))
    }
}
