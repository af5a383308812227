import Controls

/// What the playback session is doing, for every screen to read: one pure state machine.
///
/// A run has one mpv and one playlist. The machine follows its items through
/// idle → opening → playing → ended (with an Up next countdown when another item follows) →
/// failed, from events the app feeds it (the user's requests, and what mpv reports), and answers
/// with ``Action``s that the app carries out as mpv commands. Time is passed in; the machine
/// reads no clock.
public struct SessionMachine: Sendable, Equatable {
    /// Choices made on the command line.
    public struct Configuration: Sendable, Equatable {
        /// How long the Up next card counts down before the next item plays; 0 goes on at once.
        public var autoplayDelay: Seconds = 5
        /// After the last item, start again at the first.
        public var loopPlaylist = false
        /// At the end of the last item, stay on its last frame (true) or finish (false).
        public var keepOpen = true
        /// An item that cannot be played is passed over for the one after it (never round to
        /// the first, so a list of broken items ends), as mpv does.
        public var skipsFailures = true
        /// The items are a playlist: the end of one offers the next (Up next), N and P move
        /// between them, and a failure moves on. Continue watching (`reel` alone) lists what
        /// was watched, which is no playlist: each item plays alone, and its end stays there.
        public var isPlaylist = true

        public init() {}
    }

    /// Where the session is.
    public enum Phase: Sendable, Equatable {
        /// Nothing is loaded.
        case idle
        /// `item` is being opened, since `since`.
        case opening(item: Int, since: Seconds)
        /// `item` is open, playing or paused.
        case playing(item: Int)
        /// `item` played to its end and shows its last frame; `upNext` counts down to the next item.
        case ended(item: Int, upNext: UpNext?)
        /// `item` could not be played, for mpv's `reason`.
        case failed(item: Int, reason: String)

        /// The item of any phase but idle.
        public var item: Int? {
            switch self {
            case .idle: nil
            case .opening(let item, _), .playing(let item), .ended(let item, _), .failed(let item, _): item
            }
        }
    }

    /// The countdown to the next item.
    public struct UpNext: Sendable, Equatable {
        /// The item that plays next.
        public var item: Int
        /// When the countdown began.
        public var start: Seconds
        /// When the item plays.
        public var deadline: Seconds

        /// The countdown's progress at `now`, 0…1.
        public func progress(at now: Seconds) -> Double {
            let span = deadline - start
            guard span > 0 else { return 1 }
            return min(max((now - start) / span, 0), 1)
        }

        /// Whole seconds left at `now`, rounded up.
        public func secondsLeft(at now: Seconds) -> Int {
            Int(max(deadline - now, 0).rounded(.up))
        }
    }

    /// What happened.
    public enum Event: Sendable, Equatable {
        /// The user, or the start of the run, asks for `item`.
        case play(item: Int)
        /// mpv began opening `item`, possibly on its own (after a failed item it moves on).
        case started(item: Int)
        /// mpv has the item open and is showing it (its first playback restart).
        case ready
        /// Playback reached the end (``PlaybackEnd``).
        case reachedEnd
        /// Playback left the end again (a seek back, play again from the start).
        case leftEnd
        /// The item could not be played.
        case failed(reason: String)
        /// Esc or x while an item opens: stop opening it.
        case cancel
        /// The next or previous item (N, P, or the Up next card's Enter for the next).
        case next
        case previous
        /// Play the Up next item now.
        case acceptUpNext
        /// Close the Up next card and stay on the last frame.
        case dismissUpNext
        /// Items were put in at these places of the new list (ascending): a folder's scan filling
        /// in. The items the session is on keep their identity, at their new places.
        case itemsInserted(positions: [Int])
        /// Item `item`, a playlist file, turned out to hold `count` entries, which take its place.
        case itemExpanded(item: Int, into: Int)
        /// Time passed.
        case tick
        /// The list's probe found `item` unplayable: Up next, N and P pass over it.
        case knownUnplayable(item: Int)
        /// The items were put in a new order: the item at index `i` is now at `newIndex[i]` (a
        /// permutation of the indices; the session shuffled what is still to come).
        case itemsReordered(newIndex: [Int])
        /// `--loop-playlist` turned on or off while playing (MPRIS's LoopStatus, a key).
        case setLoopPlaylist(Bool)
        /// mpv stopped the item, and has nothing loaded, at a client's command (its `stop`, or
        /// the removal of the item from mpv's playlist).
        case stopped
    }

    /// What the app must do.
    public enum Action: Sendable, Equatable {
        /// Play playlist entry `item` now.
        case load(item: Int)
        /// Stop, keeping the playlist (cancels an open in progress).
        case stop
        /// Nothing more will play and keep-open is off: the run ends here (exit 0); see ``finishesRun``.
        case finish
    }

    public private(set) var configuration: Configuration
    public private(set) var phase: Phase = .idle
    /// The number of items in the playlist.
    public private(set) var itemCount: Int

    public init(configuration: Configuration = Configuration(), itemCount: Int) {
        self.configuration = configuration
        self.itemCount = max(itemCount, 0)
    }

    /// The item the session is on, in any phase but idle.
    public var currentItem: Int? { phase.item }

    /// Whether an item is being opened.
    public var isOpening: Bool { if case .opening = phase { true } else { false } }

    /// The Up next countdown, when one runs.
    public var upNext: UpNext? { if case .ended(_, let upNext) = phase { upNext } else { nil } }

    /// Whether the run ends here: an item ended with nothing up next, and `keepOpen` is off.
    ///
    /// The one rule for the end of a run. The machine returns ``Action/finish`` when it comes to
    /// this (the last item's end, or an Up next dismissed or passed over), and the screens read it.
    public var finishesRun: Bool {
        guard !configuration.keepOpen, case .ended(_, nil) = phase else { return false }
        return true
    }

    /// The earliest time ``event(_:now:)`` must be called with ``Event/tick``, or nil.
    public var nextDeadline: Seconds? { upNext?.deadline }

    /// The items known not to play (the list's probe said so): Up next, N and P pass over them.
    public private(set) var unplayable: Set<Int> = []

    /// The item after `item` that is not known to be unplayable, or nil at the end of the list
    /// (with `loopPlaylist`, going round from the first).
    public func item(after item: Int) -> Int? {
        guard configuration.isPlaylist else { return nil }
        let ahead = item + 1 < itemCount ? Array((item + 1)..<itemCount) : []
        let round = configuration.loopPlaylist && itemCount > 0 ? Array(0...min(item, itemCount - 1)) : []
        return (ahead + round).first { !unplayable.contains($0) }
    }

    /// The item before `item` that is not known to be unplayable, or nil at the start (with
    /// `loopPlaylist`, going round from the last).
    public func item(before item: Int) -> Int? {
        guard configuration.isPlaylist else { return nil }
        let behind = item - 1 >= 0 && item - 1 < itemCount ? Array((0..<item).reversed()) : []
        let round = configuration.loopPlaylist && itemCount > 0 ? Array((max(item, 0)..<itemCount).reversed()) : []
        return (behind + round).first { !unplayable.contains($0) }
    }

    /// Takes one event at `now` and returns what to do. Internal: the session's one entry is
    /// ``PlaybackCore/event(_:now:)``, whose ``SessionCore`` holds this value and feeds it.
    mutating func event(_ event: Event, now: Seconds) -> [Action] {
        switch event {
        case .play(let item):
            return open(item, now: now)
        case .started(let item):
            if case .opening(item, _) = phase { return [] }
            phase = .opening(item: item, since: now)
            return []
        case .ready:
            if case .opening(let item, _) = phase { phase = .playing(item: item) }
            return []
        case .reachedEnd:
            guard case .playing(let item) = phase else { return [] }
            return end(item, now: now)
        case .leftEnd:
            if case .ended(let item, _) = phase { phase = .playing(item: item) }
            return []
        case .failed(let reason):
            guard let item = currentItem else { return [] }
            if configuration.skipsFailures, configuration.isPlaylist, item + 1 < itemCount { return open(item + 1, now: now) }
            phase = .failed(item: item, reason: reason)
            return []
        case .cancel:
            guard isOpening else { return [] }
            phase = .idle
            return [.stop]
        case .next:
            guard let item = currentItem, let next = self.item(after: item) else { return [] }
            return open(next, now: now)
        case .previous:
            guard let item = currentItem, let previous = self.item(before: item) else { return [] }
            return open(previous, now: now)
        case .acceptUpNext:
            guard let upNext else { return [] }
            return open(upNext.item, now: now)
        case .dismissUpNext:
            guard case .ended(let item, _?) = phase else { return [] }
            phase = .ended(item: item, upNext: nil)
            return finishesRun ? [.finish] : []
        case .itemsInserted(let positions):
            itemCount += positions.count
            renumber { SortedInsertion.newIndex(of: $0, insertingAt: positions) }
            return []
        case .itemExpanded(let expanded, let count):
            itemCount = max(itemCount + count - 1, 0)
            unplayable.remove(expanded)
            renumber { $0 > expanded ? $0 + count - 1 : $0 }
            return []
        case .tick:
            guard let upNext, now >= upNext.deadline else { return [] }
            return open(upNext.item, now: now)
        case .knownUnplayable(let item):
            unplayable.insert(item)
            // An Up next that named it names the next item that may play instead, or none.
            if case .ended(let ended, let upNext?) = phase, upNext.item == item {
                renameUpNext(after: ended, upNext)
                return finishesRun ? [.finish] : []
            }
            return []
        case .itemsReordered(let newIndex):
            guard newIndex.count == itemCount, Set(newIndex) == Set(0..<itemCount) else { return [] }
            renumber { newIndex.indices.contains($0) ? newIndex[$0] : $0 }
            // Up next names what now follows the item that ended.
            if case .ended(let ended, let upNext?) = phase {
                renameUpNext(after: ended, upNext)
                return finishesRun ? [.finish] : []
            }
            return []
        case .stopped:
            phase = .idle
            return []
        case .setLoopPlaylist(let loops):
            configuration.loopPlaylist = loops
            if case .ended(let ended, let upNext?) = phase {
                renameUpNext(after: ended, upNext)
                return finishesRun ? [.finish] : []
            }
            return []
        }
    }

    /// The countdown of `upNext` goes on for the item that now follows `ended`, or stops.
    private mutating func renameUpNext(after ended: Int, _ upNext: UpNext) {
        let next = item(after: ended)
        phase = .ended(item: ended, upNext: next.map { UpNext(item: $0, start: upNext.start, deadline: upNext.deadline) })
    }

    /// Moves every item the phase names to its new index.
    private mutating func renumber(_ newIndex: (Int) -> Int) {
        unplayable = Set(unplayable.map(newIndex))
        switch phase {
        case .idle: break
        case .opening(let item, let since): phase = .opening(item: newIndex(item), since: since)
        case .playing(let item): phase = .playing(item: newIndex(item))
        case .ended(let item, let upNext):
            phase = .ended(item: newIndex(item), upNext: upNext.map { UpNext(item: newIndex($0.item), start: $0.start, deadline: $0.deadline) })
        case .failed(let item, let reason): phase = .failed(item: newIndex(item), reason: reason)
        }
    }

    private mutating func open(_ item: Int, now: Seconds) -> [Action] {
        guard item >= 0, item < itemCount else { return [] }
        phase = .opening(item: item, since: now)
        return [.load(item: item)]
    }

    private mutating func end(_ item: Int, now: Seconds) -> [Action] {
        guard let next = self.item(after: item) else {
            phase = .ended(item: item, upNext: nil)
            return finishesRun ? [.finish] : []
        }
        guard configuration.autoplayDelay > 0 else { return open(next, now: now) }
        phase = .ended(item: item, upNext: UpNext(item: next, start: now, deadline: now + configuration.autoplayDelay))
        return []
    }
}
