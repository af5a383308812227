/// Decides when the library's hint bar hides: on travel down, back on travel up, ignoring small
/// movements and the bounce at both ends.
///
/// The rules, as the seed has them (reel's unit is rows):
/// - At the top (offset ≤ 0), or when the list does not scroll (maxOffset ≤ 0), the bar shows and
///   the travel resets.
/// - At or past the end (offset ≥ maxOffset) nothing changes except that the end is remembered as
///   the last offset, so the bounce back from it is measured from the end.
/// - Otherwise travel adds up in one direction and starts again from 0 when the direction flips;
///   the bar hides once the travel down reaches `threshold` and shows once the travel up reaches it.
///   A threshold below 0 counts as 0, which hides on any move down and shows on any move up.
/// - An update with a non-finite offset or maxOffset is ignored; a NaN threshold counts as 0.
public struct ScrollHideTracker: Sendable, Equatable {
    /// The default threshold: one row.
    public static let defaultThreshold = 1.0

    /// Whether the bar should be hidden.
    public private(set) var isHidden = false
    /// The offset of the last update that counted.
    private var lastOffset = 0.0
    /// Travel in the current direction: positive down, negative up.
    private var travel = 0.0

    /// Makes a tracker at the top, with the bar shown.
    public init() {}

    /// Takes the list's scroll offset and the largest offset it can have, both in rows.
    public mutating func update(offset: Double, maxOffset: Double, threshold: Double = defaultThreshold) {
        guard offset.isFinite, maxOffset.isFinite else { return }
        guard offset > 0, maxOffset > 0 else {
            isHidden = false
            lastOffset = max(offset, 0)
            travel = 0
            return
        }
        guard offset < maxOffset else {
            lastOffset = maxOffset
            return
        }
        let delta = offset - lastOffset
        lastOffset = offset
        guard delta != 0 else { return }
        if (delta > 0) != (travel > 0) { travel = 0 }
        travel += delta
        let required = threshold.isNaN ? 0 : max(threshold, 0)
        if travel >= required {
            isHidden = true
        } else if travel <= -required {
            isHidden = false
        }
    }
}
