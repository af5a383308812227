/// The renderer's colour tolerance, raised while the terminal cannot take the screens as fast as
/// they come and lowered again once it can: on a slow link reel trades a little colour for more
/// frames, instead of showing one frame in ten.
///
/// It watches how long each screen takes to drain to the terminal. A screen that takes longer
/// than ``slowDrain`` means the next video frame is likely to be dropped; two in a row double the
/// tolerance (a floor of 0 goes to 2 first), up to ``ceiling``. A second of screens that each
/// drain within ``quickDrain`` halves it, down to the ``floor`` it started at. A local terminal
/// drains every screen at once, so the tolerance stays at its floor. It is the floor of the
/// renderer's tolerance: the renderer's byte budget may raise a frame's further.
public struct AdaptiveTolerance: Sendable, Equatable {
    /// The tolerance when the terminal keeps up.
    public let floor: UInt8
    /// The most it is raised to.
    public let ceiling: UInt8
    /// The tolerance to render with now.
    public private(set) var current: UInt8

    /// A screen that takes longer than this to drain counts as slow: about one frame at 30 fps.
    public static let slowDrain = 0.035
    /// A screen that drains within this counts as quick.
    public static let quickDrain = 0.010
    /// How long the screens must drain quickly before the tolerance comes down a step.
    public static let calmPeriod = 1.0

    private var slowInARow = 0
    private var quickSince: Double?

    /// The highest tolerance it has come to.
    public private(set) var highest: UInt8

    /// Starts at `floor`; unless it `adapts` (exact colours asked for), it is never raised.
    public init(floor: UInt8, ceiling: UInt8 = 16, adapts: Bool = true) {
        self.floor = floor
        self.ceiling = adapts ? max(ceiling, floor) : floor
        current = floor
        highest = floor
    }

    /// A screen handed over at `submitted` finished draining to the terminal at `drained`.
    public mutating func screenDrained(submitted: Double, drained: Double) {
        let duration = drained - submitted
        if duration > AdaptiveTolerance.slowDrain {
            quickSince = nil
            slowInARow += 1
            if slowInARow >= 2 {
                slowInARow = 0
                current = UInt8(min(max(Int(current) * 2, 2), Int(ceiling)))
                highest = max(highest, current)
            }
            return
        }
        slowInARow = 0
        guard duration <= AdaptiveTolerance.quickDrain else {
            quickSince = nil
            return
        }
        let since = quickSince ?? drained
        quickSince = since
        if drained - since >= AdaptiveTolerance.calmPeriod, current > floor {
            current = max(current / 2, floor)
            quickSince = drained
        }
    }
}
