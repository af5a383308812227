/// Keeps a paused picture where it was when a track is switched.
///
/// Switching the audio or subtitle track makes mpv 0.35 refresh: it seeks back to where it is so
/// that the new track's packets are read. While paused, that refresh can land on a later
/// keyframe: after three quick presses of `s`, a file paused at 0:02 was found at 0:04, with
/// the wrong subtitle line on screen. Paused, nothing else moves the position, so a restart
/// that lands away from where the switch was made is undone with an exact seek back.
///
/// Time is passed in; the session does the seeking.
public struct TrackSwitchGuard: Sendable, Equatable {
    /// Where the first switch of a burst was made, and when the last one was.
    private struct Anchor: Sendable, Equatable {
        var position: Double
        var at: Double
    }

    private var anchor: Anchor?
    private var restarted = false

    /// A guard with no switch to watch.
    public init() {}

    /// How long after the last switch a refresh may still land.
    public static let window = 2.0
    /// How far a paused position may differ before it is put back.
    public static let tolerance = 0.05

    /// A track was switched; only a paused picture with a known position is guarded.
    public mutating func switched(position: Double?, isPaused: Bool, now: Double) {
        guard isPaused, let position else { return cancel() }
        anchor = Anchor(position: anchor?.position ?? position, at: now)
        restarted = false
    }

    /// mpv restarted playback (its refresh, or a seek).
    public mutating func playbackRestarted() {
        if anchor != nil { restarted = true }
    }

    /// A seek of reel's own, a new item, or playing: the position is meant to move.
    public mutating func cancel() {
        anchor = nil
        restarted = false
    }

    /// The position to seek back to, once; nil while nothing needs putting back.
    public mutating func check(position: Double?, isPaused: Bool, now: Double) -> Double? {
        guard let anchor else { return nil }
        guard isPaused, now - anchor.at <= Self.window else {
            cancel()
            return nil
        }
        guard restarted, let position, abs(position - anchor.position) > Self.tolerance else { return nil }
        cancel()
        return anchor.position
    }
}
