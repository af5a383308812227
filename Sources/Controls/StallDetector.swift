/// Notices playback that has silently gone wrong: a picture that never comes while the clock
/// runs, or a clock that stops while nothing waits (not paused, not buffering, not seeking).
///
/// The app feeds it what it sees on every pass; it answers once, when it is sure.
public struct StallDetector: Sendable, Equatable {
    /// What went wrong.
    public enum Verdict: Sendable, Equatable {
        /// The file has a video track, the clock has run this far, and not one picture was decoded.
        case noPicture
        /// Neither the clock nor the frames moved for ``limit`` seconds with nothing to wait for.
        case stalled
    }

    /// How long nothing may move before it counts as stalled.
    public var limit: Seconds
    /// How far the clock may run with no frame before the picture counts as missing.
    public var pictureGrace: Seconds

    private var started: Seconds?
    private var startPosition: Seconds?
    private var lastPosition: Seconds?
    private var lastFrames = 0
    private var lastMove: Seconds?
    private var reported = false
    /// A picture was decoded since the item opened: one that goes away later (mpv unloading the
    /// file for a client's stop, or a client turning video off) was still shown.
    private var sawPicture = false

    public init(limit: Seconds = 8, pictureGrace: Seconds = 1.5) {
        self.limit = limit
        self.pictureGrace = pictureGrace
    }

    /// Starts watching a new item (or again after a seek).
    public mutating func reset() {
        started = nil
        startPosition = nil
        lastPosition = nil
        lastFrames = 0
        lastMove = nil
        reported = false
        sawPicture = false
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
    /// yet), and whether it is at its end.
    public mutating func observe(position: Seconds?, frames: Int, expectsPicture: Bool, hasPicture: Bool, isWaiting: Bool,
                                 atEnd: Bool, now: Seconds) -> Verdict? {
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
}
