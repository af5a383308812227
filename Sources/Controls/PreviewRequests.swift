/// The scrub preview's requests: which frame to ask the preview decoder for, and which to show,
/// as the pointer hovers over or drags the scrubber.
///
/// - **Latest request wins.** At most one request is with the decoder at a time. A position that
///   comes while one is in flight waits as the pending one, and a newer position replaces it, so
///   a fast sweep asks for the first position and the last, not for every cell in between.
/// - **Cached by keyframe.** The decoder seeks to keyframes, so a frame stands for the keyframe it
///   came from: the entry keeps that keyframe's time and the span of positions it is known to
///   answer (from the keyframe to the furthest position asked that landed on it). A position in a
///   known span is shown from the cache at once; a frame for a keyframe already held widens the
///   span instead of adding a copy. The cache keeps the ``Configuration/capacity`` frames used
///   last.
/// - **Leaving** (the pointer goes off the scrubber, or the drag is released) hides the card and
///   drops the pending position; a frame still in flight is cached when it comes, not shown.
///
/// `Frame` is whatever the caller shows (a picture); the engine only stores it.
public struct PreviewRequests<Frame: Sendable & Equatable>: Sendable, Equatable {
    /// How much the engine keeps.
    public struct Configuration: Sendable, Equatable {
        /// How many frames the cache holds.
        public var capacity = 32

        public init(capacity: Int = 32) { self.capacity = max(capacity, 1) }
    }

    /// What happens.
    public enum Event: Sendable, Equatable {
        /// The pointer is over the scrubber (hovering or dragging) at this time of the media.
        case pointer(at: Seconds)
        /// The pointer left the scrubber, or the drag was released.
        case leave
        /// The decoder answered the request for `requested` with the frame of the keyframe at `keyframe`.
        case decoded(requested: Seconds, keyframe: Seconds, frame: Frame)
        /// The decoder could not answer the request for `requested`.
        case failed(requested: Seconds)
        /// Another item plays: nothing cached applies any more.
        case reset
    }

    /// What the caller must do.
    public enum Action: Sendable, Equatable {
        /// Ask the decoder for the frame at this time.
        case decode(Seconds)
        /// Show this frame on the card (it came from the keyframe at `keyframe`).
        case show(Frame, keyframe: Seconds)
        /// Take the card away.
        case hide
    }

    /// One cached frame: the keyframe it came from, and the positions known to land on it.
    struct Entry: Sendable, Equatable {
        var keyframe: Seconds
        var span: ClosedRange<Seconds>
        var frame: Frame
        var lastUse: Int
    }

    public let configuration: Configuration
    /// Where the pointer is, while the card shows.
    public private(set) var pointer: Seconds?
    /// The position the decoder is working on.
    public private(set) var inFlight: Seconds?
    /// The newest position waiting for the decoder.
    public private(set) var pending: Seconds?
    /// The keyframe of the frame on the card.
    public private(set) var shownKeyframe: Seconds?
    var entries: [Entry] = []
    private var uses = 0

    public init(configuration: Configuration = Configuration()) { self.configuration = configuration }

    /// How many frames are cached.
    public var cachedCount: Int { entries.count }

    /// Whether nothing is asked of the decoder, in flight or waiting.
    public var isIdle: Bool { inFlight == nil && pending == nil }

    /// Applies `event`; returns what the caller must do, in order.
    public mutating func event(_ event: Event) -> [Action] {
        switch event {
        case .pointer(let time):
            pointer = time
            if let index = cachedIndex(for: time) {
                pending = nil
                return show(index)
            }
            if inFlight == nil {
                inFlight = time
                return [.decode(time)]
            }
            if inFlight != time { pending = time }
            return []
        case .leave:
            let wasShown = pointer != nil
            pointer = nil
            pending = nil
            shownKeyframe = nil
            return wasShown ? [.hide] : []
        case let .decoded(requested, keyframe, frame):
            let index = store(frame, keyframe: keyframe, requested: requested)
            var actions: [Action] = []
            if inFlight == requested { inFlight = nil }
            // While the pointer is there, the card shows the frame for where it is when the cache
            // has it, else this answer: the nearest picture known, even when a newer position waits.
            if let pointer { actions += show(cachedIndex(for: pointer) ?? index) }
            return actions + sendPending()
        case .failed(let requested):
            if inFlight == requested { inFlight = nil }
            return sendPending()
        case .reset:
            let wasShown = pointer != nil
            self = PreviewRequests(configuration: configuration)
            return wasShown ? [.hide] : []
        }
    }

    /// The pending position goes to the decoder, unless the cache has it by now.
    private mutating func sendPending() -> [Action] {
        guard inFlight == nil, let next = pending else { return [] }
        pending = nil
        if let index = cachedIndex(for: next) {
            return next == pointer ? show(index) : []
        }
        inFlight = next
        return [.decode(next)]
    }

    private mutating func show(_ index: Int) -> [Action] {
        uses += 1
        entries[index].lastUse = uses
        let entry = entries[index]
        guard shownKeyframe != entry.keyframe else { return [] }
        shownKeyframe = entry.keyframe
        return [.show(entry.frame, keyframe: entry.keyframe)]
    }

    /// The cached entry whose span holds `time`.
    func cachedIndex(for time: Seconds) -> Int? {
        entries.firstIndex { $0.span.contains(time) }
    }

    /// Caches `frame` for `keyframe`, widening that keyframe's span to `requested` when it is
    /// already held; returns its index. The least recently used entry goes when the cache is full.
    private mutating func store(_ frame: Frame, keyframe: Seconds, requested: Seconds) -> Int {
        uses += 1
        if let index = entries.firstIndex(where: { $0.keyframe == keyframe }) {
            let span = entries[index].span
            entries[index].span = min(span.lowerBound, requested)...max(span.upperBound, requested)
            entries[index].frame = frame
            entries[index].lastUse = uses
            return index
        }
        if entries.count >= configuration.capacity, let oldest = entries.indices.min(by: { entries[$0].lastUse < entries[$1].lastUse }) {
            entries.remove(at: oldest)
        }
        entries.append(Entry(keyframe: keyframe, span: min(keyframe, requested)...max(keyframe, requested), frame: frame, lastUse: uses))
        return entries.count - 1
    }
}
