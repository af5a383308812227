/// Which half of the video a tap lands on, and so which way it skips.
///
/// The sides are physical: the left half always goes back, in every layout direction.
public enum SeekSide: Sendable, Equatable, CaseIterable {
    /// The left half, or ←: skip back.
    case backward
    /// The right half, or →: skip forward.
    case forward

    /// The side for a tap at `x` across a video `width` wide: left of the middle goes back.
    public static func side(forX x: Double, width: Double) -> SeekSide {
        x < width / 2 ? .backward : .forward
    }

    /// −1 going back, +1 going forward.
    public var sign: Double { self == .backward ? -1 : 1 }
}
