import Controls

/// Notices playback that has silently gone wrong: a picture that never comes while the clock
/// runs, a clock that stops while nothing waits (not paused, not buffering, not seeking), or a
/// stream that ended before anything in it played.
///
/// The app feeds it what it sees on every pass; it answers once, when it is sure.
public struct StallDetector: Sendable, Equatable {
    /// What went wrong.
    public enum Verdict: Sendable, Equatable {
        /// The file has a video track, the clock has run this far, and not one picture was decoded.
        case noPicture
        /// Neither the clock nor the frames moved for ``limit`` seconds with nothing to wait for.
        case stalled
        /// The stream was read to its end and nothing of it played: no picture decoded, and the
        /// clock never moved. mpv says "no audio or video data played" of this when it ends the file; with
        /// keep-open it stays on the item instead, paused on nothing, for ever.
        case nothingPlayed
    }

    /// How long nothing may move before it counts as stalled.
    public var limit: Seconds
    /// How far the clock may run with no frame before the picture counts as missing, and how
    /// long a stream read to its end with nothing played is given for a late frame.
    public var pictureGrace: Seconds

    private var started: Seconds?
    private var startPosition: Seconds?
    private var lastPosition: Seconds?
    private var lastFrames = 0
    private var lastMove: Seconds?
    /// Since when the stream has been read to its end with nothing played.
    private var drainedSince: Seconds?
    private var reported = false
    /// A picture was decoded since the item opened: one that goes away later (mpv unloading the
    /// file for a client's stop, or a client turning video off) was still shown.
    private var sawPicture = false

    public init(limit: Seconds = 8, pictureGrace: Seconds = 1.5) {
        self.limit = limit
        self.pictureGrace = pictureGrace
    }

    /// Starts watching a new item (or again after a seek): all it saw is forgotten, its limits kept.
    public mutating func reset() {
        self = StallDetector(limit: limit, pictureGrace: pictureGrace)
    }

    /// Starts watching an item that has just opened at `position`.
    public mutating func begin(position: Seconds?, now: Seconds) {
        reset()
        started = now
        startPosition = position
        lastPosition = position
        lastMove = now
    }

    /// One look at playback at `now`: the position, how many frames have come since the item
    /// opened, whether the item should show moving pictures and whether a picture was ever
    /// decoded, whether anything legitimately holds playback (paused, buffering, seeking, not open
    /// yet), whether it is at its end, and whether the stream has been read to its end with
    /// nothing left in the cache (`drained`).
    public mutating func observe(position: Seconds?, frames: Int, expectsPicture: Bool, hasPicture: Bool, isWaiting: Bool,
                                 atEnd: Bool, drained: Bool = false, now: Seconds) -> Verdict? {
        guard !reported else { return nil }
        if started == nil {
            started = now
            startPosition = position
            lastMove = now
        }
        let moved = position != lastPosition || frames != lastFrames
        if moved || isWaiting { lastMove = now }
        lastPosition = position
        lastFrames = frames
        // Nothing will come: mpv, paused on it, waits for ever. Checked while waiting too; at
        // once when mpv says it is at the end.
        if StallDetector.playedNothing(position: position, from: startPosition, hasPicture: hasPicture, drained: drained) {
            let since = drainedSince ?? now
            drainedSince = since
            if now - since >= pictureGrace || atEnd {
                reported = true
                return .nothingPlayed
            }
        } else {
            drainedSince = nil
        }
        // At its end with never a picture is enough: with nothing to time it by, mpv may race
        // through a file whose frames it cannot decode before anyone looks.
        if hasPicture { sawPicture = true }
        if expectsPicture, !sawPicture, let position, let from = startPosition, position - from >= pictureGrace || atEnd {
            reported = true
            return .noPicture
        }
        if !isWaiting, !atEnd, let lastMove, now - lastMove >= limit {
            reported = true
            return .stalled
        }
        return nil
    }

    /// When to look again while nothing else happens, so a stall is noticed even with no events.
    public func nextDeadline(now: Seconds) -> Seconds? {
        guard !reported, let lastMove else { return nil }
        return max(lastMove + limit, now)
    }

    /// Whether nothing of an item played: its stream was read to the end and nothing is left
    /// (`drained`), no picture was decoded, and the clock is where the item began. (Not by the
    /// frames counted: the last item's picture may still be rendered after the new one starts.)
    public static func playedNothing(position: Seconds?, from start: Seconds?, hasPicture: Bool, drained: Bool) -> Bool {
        drained && !hasPicture && abs((position ?? 0) - (start ?? 0)) < 0.01
    }

    /// Where the item being watched began.
    public var start: Seconds? { startPosition }

    /// When to look again at a stream read to its end with nothing played, playing or not.
    public var drainedDeadline: Seconds? {
        guard !reported, let drainedSince else { return nil }
        return drainedSince + pictureGrace
    }
}
