/// The points of an A-B loop (mpv's `ab-loop-a` and `ab-loop-b`): playback goes back to A each
/// time it reaches B.
public struct ABLoop: Sendable, Equatable {
    public var a: Double?
    public var b: Double?

    public init(a: Double? = nil, b: Double? = nil) {
        self.a = a
        self.b = b
    }

    /// Both points are set: the loop plays.
    public var isComplete: Bool { a != nil && b != nil }

    /// Whether `time` lies in the loop (with a frame or so of slack at either end).
    public func contains(_ time: Double) -> Bool {
        guard let a, let b else { return true }
        return time >= a - 0.25 && time <= b + 0.25
    }
}
