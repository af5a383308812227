import Controls

/// Keeps at most one seek in flight in mpv: a seek counts as in flight from its command until mpv
/// has restarted playback at the new place, and seeks asked for meanwhile are merged
/// (``SeekCoalescer``), so a held arrow key never floods mpv. A seek mpv never confirms (a file
/// that ended meanwhile) stops counting after ``patience``, so that it does not block later ones.
public struct SeekFlight: Sendable, Equatable {
    /// The seek sent: its command, whether mpv replied to it, and when it went.
    struct Sent: Sendable, Equatable {
        var id: UInt64
        var replied = false
        var at: Double
    }

    private var coalescer = SeekCoalescer()
    private var sent: Sent?

    /// How long a seek may go unconfirmed.
    public static let patience = 1.5

    /// Nothing in flight.
    public init() {}

    /// Whether a seek of ours is on its way.
    public var hasSeekInFlight: Bool { sent != nil }

    /// Asks for `request`: the seek to send now, or nil when it is merged into the next one.
    public mutating func request(_ request: SeekRequest) -> SeekRequest? {
        if case .send(let merged) = coalescer.request(request) { return merged }
        return nil
    }

    /// The seek to send went out as command `id` at `now`.
    public mutating func sent(id: UInt64, now: Double) {
        sent = Sent(id: id, at: now)
    }

    /// Forgets everything waiting (a new file, a restart).
    public mutating func reset() {
        coalescer.reset()
        sent = nil
    }

    /// mpv replied to command `id`.
    public mutating func replied(_ id: UInt64) {
        if sent?.id == id { sent?.replied = true }
    }

    /// mpv restarted playback: whether that finished a seek of ours, and the merged seek to send next.
    public mutating func restarted() -> (finished: Bool, next: SeekRequest?) {
        guard sent?.replied == true else { return (false, nil) }
        return (true, finish())
    }

    /// At `now`, a seek unconfirmed for ``patience`` is let go: the merged seek to send next, if any.
    public mutating func expire(now: Double) -> SeekRequest? {
        guard let sent, now - sent.at > Self.patience else { return nil }
        return finish()
    }

    private mutating func finish() -> SeekRequest? {
        sent = nil
        if case .send(let merged) = coalescer.completed() { return merged }
        return nil
    }
}
