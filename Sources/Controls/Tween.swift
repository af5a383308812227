/// A value in 0…1 that animates towards 0 or 1 along an easing curve, and can turn round mid-way.
///
/// Rising, the value follows `curve(p)`; falling, it follows `1 − curve(p)`, with `p` the linear
/// progress of the current run. So both directions start the way the curve starts, as a new
/// SwiftUI animation does. A run that turns round mid-way starts from the current value without
/// a jump, and takes the part of `duration` that the curve has left from there.
///
/// The tween never reads a clock: every query takes `now`. A finished run still reports its
/// ``endTime`` until ``settle(now:)`` is called, so that an owner's `nextDeadline` stays put until
/// its `tick(now)` has seen the end.
public struct Tween: Sendable, Equatable {
    /// How long a full run from 0 to 1, or from 1 to 0, takes.
    public let duration: Seconds
    /// The curve that both directions follow.
    public let curve: Easing
    /// Whether the value is heading for 1 (or resting there); false when heading for, or resting at, 0.
    public private(set) var isRising: Bool
    /// When the current run reaches its end; nil once the tween has settled.
    public private(set) var endTime: Seconds?
    /// Linear progress of the current run at `startTime`, in 0…1.
    private var startProgress: Double
    /// When the current run started.
    private var startTime: Seconds

    /// Makes a tween resting at 1 (`atOne`) or at 0.
    ///
    /// A negative or non-finite duration counts as 0, which makes every change instant.
    public init(atOne: Bool, duration: Seconds, curve: Easing) {
        self.duration = duration.isFinite ? max(duration, 0) : 0
        self.curve = curve
        isRising = atOne
        endTime = nil
        startProgress = 1
        startTime = 0
    }

    /// The value the tween is heading for: 1 or 0.
    public var target: Double { isRising ? 1 : 0 }

    /// The eased value at `now`, in 0…1.
    public func value(at now: Seconds) -> Double {
        let eased = curve.value(at: progress(at: now))
        return isRising ? eased : 1 - eased
    }

    /// Whether a run is under way at `now` (it started and has not reached its end).
    public func isRunning(at now: Seconds) -> Bool {
        guard let endTime else { return false }
        return now < endTime
    }

    /// Heads for 1 (`rising`) or 0 from wherever the value is at `now`; a run already heading that
    /// way carries on unchanged.
    public mutating func run(rising: Bool, now: Seconds) {
        guard rising != isRising else { return }
        let current = value(at: now)
        isRising = rising
        startProgress = curve.progress(reaching: rising ? current : 1 - current)
        startTime = now
        let remaining = (1 - startProgress) * duration
        endTime = remaining > 0 ? now + remaining : nil
        if endTime == nil { startProgress = 1 }
    }

    /// Goes to 1 (`rising`) or 0 at once, with no animation.
    public mutating func jump(rising: Bool) {
        isRising = rising
        startProgress = 1
        endTime = nil
    }

    /// Forgets a run that has reached its end by `now`, so that ``endTime`` becomes nil.
    public mutating func settle(now: Seconds) {
        guard let endTime, now >= endTime else { return }
        self.endTime = nil
        startProgress = 1
    }

    /// This tween as it is at `now` if it starts falling at `deadline` (when `deadline` is not nil
    /// and has come): how an owner applies a scheduled hide lazily, before its `tick`.
    func falling(from deadline: Seconds?, now: Seconds) -> Tween {
        guard let deadline, now >= deadline else { return self }
        var copy = self
        copy.run(rising: false, now: deadline)
        return copy
    }

    /// Linear progress of the current run at `now`, in 0…1: exactly 1 from the end time on.
    private func progress(at now: Seconds) -> Double {
        guard let endTime else { return startProgress }
        guard now < endTime else { return 1 }
        guard now > startTime else { return startProgress }
        return min(startProgress + (now - startTime) / duration, 1)
    }
}
