import Controls

/// Keeps at most one seek in flight in mpv and merges the ones asked for meanwhile.
///
/// mpv takes seeks one after another; one per key repeat (every 30 ms or so) would queue up and
/// the picture would lag the keys. So the first request is handed out at once, and everything
/// asked for until mpv has restarted playback at the new place is merged
/// (``SeekRequest/then(_:)``) and handed out as one seek: a held arrow key moves as far as all its
/// presses add up to, in as few seeks as mpv can take.
///
/// This is the one record of a seek in flight. A seek is in flight from the moment it is handed
/// out until mpv confirms it, the caller reports that it could not be sent (``notSent(now:)``), or
/// ``patience`` passes without a confirmation (a file that ended meanwhile, a send never reported),
/// so that no seek can block the ones after it.
public struct SeekFlight: Sendable, Equatable {
    /// The seek sent: its command, whether mpv replied to it, and when it went.
    struct Sent: Sendable, Equatable {
        var id: UInt64
        var replied = false
        var at: Double
    }

    /// Where the one seek in flight is.
    enum Stage: Sendable, Equatable {
        /// Nothing in flight.
        case idle
        /// Handed out at `at` to be sent; its command is not known yet.
        case handedOut(at: Double)
        /// Sent to mpv as a command.
        case sent(Sent)
    }

    private var stage = Stage.idle
    /// What was merged while a seek was in flight; nil when nothing waits.
    private(set) var pending: SeekRequest?

    /// How long a seek may go unconfirmed.
    public static let patience = 1.5

    /// Nothing in flight.
    public init() {}

    /// Whether a seek of ours is on its way.
    public var hasSeekInFlight: Bool { stage != .idle }

    /// Asks for `request` at `now`: the seek to send now, or nil when it is merged into the next one.
    public mutating func request(_ request: SeekRequest, now: Double) -> SeekRequest? {
        guard stage == .idle else {
            pending = pending.map { $0.then(request) } ?? request
            return nil
        }
        stage = .handedOut(at: now)
        return request
    }

    /// The seek handed out went out as command `id` at `now`.
    public mutating func sent(id: UInt64, now: Double) {
        stage = .sent(Sent(id: id, at: now))
    }

    /// The seek handed out could not be sent (mpv refused the command): it is dropped, and what
    /// waited behind it is the seek to send now, if anything.
    public mutating func notSent(now: Double) -> SeekRequest? {
        guard case .handedOut = stage else { return nil }
        return finish(now: now)
    }

    /// Forgets everything waiting (a new file, a restart).
    public mutating func reset() {
        self = SeekFlight()
    }

    /// mpv replied to command `id`.
    public mutating func replied(_ id: UInt64) {
        if case .sent(var sent) = stage, sent.id == id {
            sent.replied = true
            stage = .sent(sent)
        }
    }

    /// mpv restarted playback at `now`: whether that finished a seek of ours, and the merged seek
    /// to send next.
    public mutating func restarted(now: Double) -> (finished: Bool, next: SeekRequest?) {
        guard case .sent(let sent) = stage, sent.replied else { return (false, nil) }
        return (true, finish(now: now))
    }

    /// At `now`, a seek unconfirmed for ``patience`` is let go: the merged seek to send next, if any.
    public mutating func expire(now: Double) -> SeekRequest? {
        let since: Double
        switch stage {
        case .idle: return nil
        case .handedOut(let at): since = at
        case .sent(let sent): since = sent.at
        }
        guard now - since > Self.patience else { return nil }
        return finish(now: now)
    }

    /// The seek in flight is over: hands out what waited, unless its moves cancel out (+10 then −10).
    private mutating func finish(now: Double) -> SeekRequest? {
        let next = pending
        pending = nil
        guard let next, next != .by(0) else {
            stage = .idle
            return nil
        }
        stage = .handedOut(at: now)
        return next
    }
}
