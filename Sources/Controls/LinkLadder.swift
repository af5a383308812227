/// Chooses how much a picture may spend on a slow link: a ladder of rungs, each cheaper than the
/// one above, climbed down when the pictures do not fit the link's cap and up again once the
/// measured rate has grown well past the rate that sent it down.
///
/// The rungs (``Rung``), from the top:
/// - ``Rung/exact``: today's pictures (the byte budget's tolerance, raised per frame to fit the cap);
/// - ``Rung/tolerant``: a higher floor for the colour tolerance;
/// - ``Rung/coarse``: half blocks instead of the finer cells (sextants, quadrants, octants): half
///   the cells' changes a picture writes, in the same colours;
/// - ``Rung/palette``: half blocks in the 256-colour palette, whose colours take half the bytes
///   and change less;
/// - ``Rung/slower`` and ``Rung/slowest``: the same, and fewer pictures a second, so that the
///   frame rate drops before the picture lags.
///
/// A rung that would change nothing here (half blocks where the cells are half blocks already)
/// is passed over (``skipping``), so that a step down always spends less.
///
/// The loop tells it of each picture written under a cap (``Event/picture(overflowed:rate:)``):
/// whether it overflowed (it was over the cap at the tolerance it was drawn with: raised past
/// the rung's floor, or cut short). After ``overflowsToStep`` overflows in a row, and at least
/// ``dwell`` after the last change (a change redraws the screen, which overflows by itself), it
/// steps down one rung, and remembers the rate it stepped down at. It steps up one rung after
/// ``calm`` without an overflow, and only when the rate is at least ``climbFactor`` times the one
/// it stepped down at: the hysteresis that keeps it from trying the rung above, and redrawing,
/// every few seconds on a link that has not changed. A smaller picture measures a faster rate
/// (more of it goes in the link's burst), so a climb can still be wrong: stepping down again
/// within ``relapse`` of a climb doubles the calm needed for the next one (up to ``longestCalm``).
///
/// Pure: time comes as a parameter, and the loop carries out the rung's ``Setting``.
public struct LinkLadder: Sendable, Equatable {
    /// How much a picture may spend, from most to least.
    public enum Rung: Int, Sendable, Equatable, Comparable, CaseIterable {
        case exact, tolerant, coarse, palette, slower, slowest

        public static func < (a: Rung, b: Rung) -> Bool { a.rawValue < b.rawValue }

        /// A short name for the stats panel.
        public var name: String {
            switch self {
            case .exact: "exact"
            case .tolerant: "tolerant"
            case .coarse: "half blocks"
            case .palette: "half blocks, 256 colours"
            case .slower: "half blocks, 256 colours, 8 fps"
            case .slowest: "half blocks, 256 colours, 4 fps"
            }
        }

        /// What the loop does on this rung.
        public var setting: Setting {
            switch self {
            case .exact: Setting()
            case .tolerant: Setting(toleranceFloor: 32)
            case .coarse: Setting(toleranceFloor: 32, coarseCells: true)
            case .palette: Setting(coarseCells: true, palette: true)
            case .slower: Setting(coarseCells: true, palette: true, picturesPerSecond: 8)
            case .slowest: Setting(coarseCells: true, palette: true, picturesPerSecond: 4)
            }
        }
    }

    /// What a rung asks of the loop.
    public struct Setting: Sendable, Equatable {
        /// The least colour tolerance of a picture (nil: the user's).
        public var toleranceFloor: UInt8?
        /// Half blocks instead of finer cells, the picture rendered at their size.
        public var coarseCells = false
        /// The 256-colour palette instead of 24-bit colour.
        public var palette = false
        /// The most pictures a second (nil: as many as the link's answers allow).
        public var picturesPerSecond: Double?

        public init(toleranceFloor: UInt8? = nil, coarseCells: Bool = false, palette: Bool = false,
                    picturesPerSecond: Double? = nil) {
            self.toleranceFloor = toleranceFloor
            self.coarseCells = coarseCells
            self.palette = palette
            self.picturesPerSecond = picturesPerSecond
        }
    }

    /// What the loop tells the ladder.
    public enum Event: Sendable, Equatable {
        /// A picture was written under the link's cap, with the link's measured `rate` (bytes a
        /// second); `overflowed`: it did not fit at the rung's own tolerance.
        case picture(overflowed: Bool, rate: Double)
    }

    /// Overflowing pictures in a row that step the ladder down.
    static let overflowsToStep = 3
    /// The least time on a rung before stepping again (its first screen is a redraw).
    static let dwell = 1.0
    /// Time without an overflow before the ladder may step up.
    static let calm = 5.0
    /// How much faster the link must be than when the ladder stepped down, to step up.
    static let climbFactor = 1.5
    /// A step down this soon after a climb shows the climb was wrong.
    static let relapse = 10.0
    /// The most calm a climb ever needs.
    static let longestCalm = 80.0

    /// The rung in force.
    public private(set) var rung: Rung
    /// The lowest rung the ladder may go to (a cap from the options: no palette, say).
    public let lowest: Rung
    /// The highest rung it may go to.
    public let highest: Rung
    /// The rungs passed over, which would change nothing here.
    public let skipping: Set<Rung>
    /// The rate at which the ladder stepped down from each rung above the current one, the
    /// nearest last.
    public private(set) var stepRates: [Double] = []
    /// Overflows in a row.
    private var overflows = 0
    /// When the rung last changed.
    private var changedAt = -Double.infinity
    /// When the last overflow came (or the rung changed).
    private var calmSince = -Double.infinity
    /// When the ladder last stepped up.
    private var climbedAt = -Double.infinity
    /// The calm the next climb needs (``calm``, doubled by each relapse).
    public private(set) var calmNeeded = LinkLadder.calm

    /// A ladder from `highest` (where it starts) down to `lowest`, passing over the rungs of
    /// `skipping` (they are never taken, nor started on).
    public init(highest: Rung = .exact, lowest: Rung = .slowest, skipping: Set<Rung> = []) {
        self.highest = highest
        self.lowest = max(lowest, highest)
        self.skipping = skipping
        rung = highest
    }

    /// The next rung below (`by` 1) or above (`by` -1) that is not passed over, within the bounds; nil for none.
    private func neighbour(by step: Int) -> Rung? {
        var next = Rung(rawValue: rung.rawValue + step)
        while let candidate = next, skipping.contains(candidate) { next = Rung(rawValue: candidate.rawValue + step) }
        guard let found = next, found >= highest, found <= lowest else { return nil }
        return found
    }

    /// Takes `event` at `now`; the new rung when it changed.
    public mutating func event(_ event: Event, now: Double) -> Rung? {
        switch event {
        case .picture(let overflowed, let rate):
            if overflowed {
                overflows += 1
                calmSince = now
            } else {
                overflows = 0
            }
            guard now - changedAt >= LinkLadder.dwell else { return nil }
            if overflows >= LinkLadder.overflowsToStep, let below = neighbour(by: 1) {
                stepRates.append(rate)
                if now - climbedAt < LinkLadder.relapse { calmNeeded = min(calmNeeded * 2, LinkLadder.longestCalm) }
                return change(to: below, now: now)
            }
            if !overflowed, now - calmSince >= calmNeeded, let above = neighbour(by: -1),
               rate >= (stepRates.last ?? 0) * LinkLadder.climbFactor {
                stepRates.removeLast()
                climbedAt = now
                return change(to: above, now: now)
            }
            return nil
        }
    }

    private mutating func change(to next: Rung, now: Double) -> Rung {
        rung = next
        overflows = 0
        changedAt = now
        calmSince = now
        return next
    }
}
