import Controls
import Formatting

/// The items the core's watches give up on, failed in words that say why: a stall, a picture
/// that cannot be shown, a stream that played nothing, a silent server, a stream cut short.
extension PlaybackCore {
    /// What mpv says of the item beside a failure's verdict: its words for what went wrong, and
    /// whether the server allows seeking.
    public struct Said: Sendable, Equatable {
        /// mpv's best explanation from its log, if any.
        public var problem: String?
        /// Whether the stream can be sought in (nil: not known).
        public var isSeekable: Bool?
        /// mpv reports the item comes over the network.
        public var isNetworkStream = false

        public init(problem: String? = nil, isSeekable: Bool? = nil, isNetworkStream: Bool = false) {
            self.problem = problem
            self.isSeekable = isSeekable
            self.isNetworkStream = isNetworkStream
        }
    }

    /// Stops the item and fails it for `reason` (``SessionCore/Event/abort(reason:abandonsChain:playedNothing:)``);
    /// the screens' status is rebuilt after.
    mutating func fail(_ reason: String, playedNothing: Bool = false, now: Double) -> [Command] {
        session(.abort(reason: reason, abandonsChain: false, playedNothing: playedNothing), now: now) + [.refreshStatus]
    }

    /// Playlists opened one another past ``nestingLimit``: the item is stopped and fails, what mpv
    /// began of its playlists abandoned. The failure names the item last given to mpv alone (the
    /// playlist the chain began from), once, before the current item's own record.
    mutating func failNesting(now: Double) -> [Command] {
        nestingDepth = 0
        let reason = "the playlist includes itself, or playlists nest more than \(Self.nestingLimit) deep"
        let blame: [Command] = givenItemBlamable ? [.failGivenItem(reason: reason)] : []
        givenItemBlamable = false
        return blame + session(.abort(reason: reason, abandonsChain: true), now: now) + [.refreshStatus]
    }

    /// The words for an item the stall watch gave up on, at `position` of `duration`.
    static func stallReason(_ verdict: StallDetector.Verdict, position: Double?, duration: Double?, said: Said) -> String {
        let problem = said.problem.map { " (\($0))" } ?? ""
        let noRanges = said.isSeekable == false && said.isNetworkStream
        switch verdict {
        case .noPicture:
            return "the picture cannot be shown" + problem
        case .stalled:
            let length = MediaTime.safeDuration(duration)
            let at = TimeText.format(MediaTime.position(position, duration: length), within: length)
            return "playback stopped moving at \(at)" + (noRanges ? "; the server does not allow seeking (no byte ranges)" : "") + problem
        case .nothingPlayed:
            // A server that sends the file only from its start, when the file needs a jump (an
            // MP4 whose index is at its end), else mpv's words.
            if noRanges { return "nothing could be played: the server does not allow seeking (no byte ranges), and this file needs it" }
            return "nothing could be played: the stream ended before its first frame" + problem
        }
    }

    /// The words for a stream whose server sent nothing for the network timeout.
    var silenceReason: String {
        let given = networkTimeoutGiven ? "--network-timeout" : "mpv's --network-timeout"
        return "the server sent nothing for \(DecimalText.format(silence.limit - 1, maximumFractionDigits: 3)) s (\(given))"
    }

    /// The words for a stream the server closed after `received` of the `announced` bytes.
    static func cutShortReason(received: Int64, announced: Int64) -> String {
        "the server closed the stream early: it sent \(ByteCountText.format(received)) of the "
            + "\(ByteCountText.format(announced)) it announced"
    }
}
