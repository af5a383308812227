import Controls

/// Enforces `--network-timeout` on a stream that waits for the network: playback buffering, and
/// no byte arriving, for longer than ``limit``.
///
/// mpv passes its timeout to FFmpeg's requests, but not every demuxer holds to it for every
/// request (HLS fetches its segments with requests of its own), so a stalled part could hold a
/// stream at "Buffering" far longer. The app feeds it what it sees on every pass, time passed in;
/// it answers once, when the stream has been silent too long.
public struct SilenceDetector: Sendable, Equatable {
    /// How long a buffering stream may receive nothing.
    public var limit: Seconds
    /// When the current silence began: buffering started, or data last arrived.
    private var silentSince: Seconds?
    private var lastMark: Double?
    private var reported = false

    public init(limit: Seconds) {
        self.limit = limit
    }

    /// Starts watching afresh (a new item, or a seek).
    public mutating func reset() {
        silentSince = nil
        lastMark = nil
        reported = false
    }

    /// One look at `now`: whether playback waits for the network, and a mark of what has arrived
    /// (anything that grows with the data: the bytes buffered ahead, the buffered end). True once,
    /// when the stream has waited with nothing arriving for ``limit``.
    public mutating func observe(isBuffering: Bool, received mark: Double?, now: Seconds) -> Bool {
        guard !reported else { return false }
        guard isBuffering else {
            silentSince = nil
            lastMark = mark
            return false
        }
        if silentSince == nil || mark != lastMark { silentSince = now }
        lastMark = mark
        guard let silentSince, now - silentSince >= limit else { return false }
        reported = true
        return true
    }

    /// When to look again while nothing else happens, or nil when no silence is being timed.
    public var nextDeadline: Seconds? {
        guard !reported, let silentSince else { return nil }
        return silentSince + limit
    }
}
