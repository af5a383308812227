/// Keeps at most one seek outstanding in the player and merges the ones that arrive meanwhile.
///
/// mpv handles seeks one after another; sending one per key repeat (every 30 ms or so) would queue
/// them up and the picture would lag the keys. Instead the first request goes out at once, and
/// everything requested until the player reports it done is merged (see ``SeekRequest/then(_:)``)
/// and goes out as one seek. So a held arrow key moves as far as all its presses add up to, in as
/// few seeks as the player can take.
public struct SeekCoalescer: Sendable, Equatable {
    /// What the caller does after telling the coalescer something.
    public enum Action: Sendable, Equatable {
        /// Send this seek to the player now.
        case send(SeekRequest)
        /// A seek is still outstanding; the request was merged and goes out after it.
        case wait
        /// Nothing is outstanding and nothing is left to send.
        case idle
    }

    /// Whether a seek has been sent and the player has not yet reported it done.
    public private(set) var isInFlight = false
    /// What has been merged while a seek was outstanding; nil when nothing waits.
    public private(set) var pending: SeekRequest?

    /// Makes an idle coalescer.
    public init() {}

    /// Asks for a seek: sent at once when nothing is outstanding, otherwise merged into the waiting one.
    public mutating func request(_ seek: SeekRequest) -> Action {
        guard isInFlight else {
            isInFlight = true
            return .send(seek)
        }
        pending = pending.map { $0.then(seek) } ?? seek
        return .wait
    }

    /// The player finished the outstanding seek: sends what waited, if anything.
    ///
    /// Relative moves that cancel out (+10 then −10) leave nothing to send.
    public mutating func completed() -> Action {
        guard isInFlight else { return .idle }
        let next = pending
        pending = nil
        guard let next, next != .by(0) else {
            isInFlight = false
            return .idle
        }
        return .send(next)
    }

    /// Forgets everything, as when a new file loads or a seek failed without a completion.
    public mutating func reset() {
        self = SeekCoalescer()
    }
}
