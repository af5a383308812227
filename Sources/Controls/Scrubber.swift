/// The scrubber's model: maps between position and track fraction, and turns a drag into seeks.
///
/// During a drag the scrubber sends fast keyframe seeks, at most one per ``liveSeekInterval``
/// (a move that comes sooner is held, and the latest held move goes out at ``nextDeadline``), and
/// an exact seek on release. While dragging, the position shown is the drag's, not the player's.
/// A duration of 0 (unknown) disables the scrubber.
///
/// The scrubber does not tell the chrome about the drag: call `ChromeEngine.scrubbing(_:now:)`
/// alongside ``begin(at:now:)`` and ``end(at:now:)``.
public struct Scrubber: Sendable, Equatable {
    /// The shortest time between two live seeks during a drag.
    public static let liveSeekInterval: Seconds = 0.05

    /// The sanitised duration the track spans; 0 when unknown.
    public private(set) var duration: Seconds
    /// Where the drag holds the thumb, as a fraction of the track; nil when not dragging.
    public private(set) var dragFraction: Double?
    /// When the last live seek went out during this drag.
    private var lastLiveSeek: Seconds?
    /// The latest move the throttle held back, as a fraction.
    private var heldFraction: Double?

    /// Makes a scrubber for a duration as the player reports it (sanitised with `MediaTime.safeDuration`).
    public init(duration: Seconds?) {
        self.duration = MediaTime.safeDuration(duration)
    }

    /// Takes a new duration from the player; a drag in progress carries on.
    public mutating func updateDuration(_ duration: Seconds?) {
        self.duration = MediaTime.safeDuration(duration)
    }

    /// Whether the scrubber takes input: only when the duration is known (above 0).
    public var isEnabled: Bool { duration > 0 }

    /// Whether a drag is in progress.
    public var isDragging: Bool { dragFraction != nil }

    /// Where `position` sits on the track, in 0…1; 0 while disabled.
    public func fraction(position: Seconds?) -> Double {
        guard isEnabled else { return 0 }
        return MediaTime.position(position, duration: duration) / duration
    }

    /// The time at `fraction` of the track; the fraction is clamped to 0…1 and NaN counts as 0.
    public func time(forFraction fraction: Double) -> Seconds {
        Self.clamped(fraction) * duration
    }

    /// The position to show: the drag's while dragging, otherwise the player's `playbackPosition`, sanitised.
    public func displayedPosition(_ playbackPosition: Seconds?) -> Seconds {
        if let dragFraction { return time(forFraction: dragFraction) }
        return MediaTime.position(playbackPosition, duration: duration)
    }

    /// A press on the track at `fraction`: starts a drag and seeks there at once (keyframe).
    /// Nothing happens while disabled.
    public mutating func begin(at fraction: Double, now: Seconds) -> SeekRequest? {
        guard isEnabled else { return nil }
        dragFraction = Self.clamped(fraction)
        heldFraction = nil
        return liveSeek(now: now)
    }

    /// The drag moved to `fraction`: a keyframe seek, unless one went out less than
    /// ``liveSeekInterval`` ago, in which case the move is held (the latest wins) until ``tick(now:)``.
    public mutating func move(to fraction: Double, now: Seconds) -> SeekRequest? {
        guard isDragging else { return nil }
        dragFraction = Self.clamped(fraction)
        if let lastLiveSeek, now < lastLiveSeek + Self.liveSeekInterval {
            heldFraction = dragFraction
            return nil
        }
        return liveSeek(now: now)
    }

    /// The drag ended at `fraction`: an exact seek there, and the held move is dropped.
    public mutating func end(at fraction: Double, now: Seconds) -> SeekRequest? {
        guard isDragging else { return nil }
        let target = time(forFraction: fraction)
        dragFraction = nil
        heldFraction = nil
        lastLiveSeek = nil
        return .to(target, exact: true)
    }

    /// Sends the held move once ``liveSeekInterval`` has passed since the last live seek.
    public mutating func tick(now: Seconds) -> SeekRequest? {
        guard heldFraction != nil, let deadline = nextDeadline, now >= deadline else { return nil }
        return liveSeek(now: now)
    }

    /// When a held move may go out; nil when nothing is held.
    public var nextDeadline: Seconds? {
        guard heldFraction != nil, let lastLiveSeek else { return nil }
        return lastLiveSeek + Self.liveSeekInterval
    }

    private mutating func liveSeek(now: Seconds) -> SeekRequest? {
        guard let dragFraction else { return nil }
        heldFraction = nil
        lastLiveSeek = now
        return .to(time(forFraction: dragFraction), exact: false)
    }

    private static func clamped(_ fraction: Double) -> Double {
        fraction.isNaN ? 0 : min(max(fraction, 0), 1)
    }
}
