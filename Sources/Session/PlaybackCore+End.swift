import Controls

/// The end of an item: whether mpv's end is the file's, or a failure (a stream that played
/// nothing, or that the server cut short).
extension PlaybackCore {
    /// What mpv reports of the item's end, for ``Event/endObserved(_:)``.
    public struct EndObservation: Sendable, Equatable {
        /// mpv says it stopped at the end (`eof-reached`).
        public var eofReached = false
        /// mpv loops the file: its end is no end.
        public var loopsFile = false
        /// The length of a frame, when the rate is known.
        public var frameDuration: Double?
        /// mpv is idle.
        public var isIdle = false
        /// The item comes over the network.
        public var isNetworkStream = false
        /// mpv's position and the item's duration.
        public var position: Double?
        public var duration: Double?
        /// mpv has decoded a picture.
        public var hasPicture = false
        /// The stream was read to its end and the cache holds nothing (read only for a stream
        /// that may have played nothing, ``mayHavePlayedNothing(isNetworkStream:hasPicture:position:)``).
        public var drained = false
        /// The server sent `received` bytes of the `announced` ones and closed, or nil.
        public var cutShort: (received: Int64, announced: Int64)?
        /// What mpv says of the item, for the words of a failure.
        public var said = Said()

        public init() {}

        public static func == (a: Self, b: Self) -> Bool {
            a.eofReached == b.eofReached && a.loopsFile == b.loopsFile && a.frameDuration == b.frameDuration && a.isIdle == b.isIdle
                && a.isNetworkStream == b.isNetworkStream && a.position == b.position && a.duration == b.duration
                && a.hasPicture == b.hasPicture && a.drained == b.drained
                && a.said == b.said && a.cutShort?.received == b.cutShort?.received && a.cutShort?.announced == b.cutShort?.announced
        }
    }

    /// Decides whether playback is at the end (``PlaybackEnd``, the one rule) and takes the end
    /// (or leaving it) to the session core; the end of a stream that played
    /// nothing (``StallDetector``'s rule), or that the server cut short (and FFmpeg did not
    /// reconnect), fails the item instead, before it is saved as watched. (A local file that
    /// holds nothing, a zero-length stream, is shown as the empty file it is.)
    mutating func endObserved(_ end: EndObservation, now: Double) -> [Command] {
        let atEnd = PlaybackEnd.isAtEnd(position: end.position, duration: end.duration, frameDuration: end.frameDuration,
                                        eofReached: end.eofReached, loopsFile: end.loopsFile)
        if atEnd, session.stage == .ready(atEnd: false) {
            if mayHavePlayedNothing(isNetworkStream: end.isNetworkStream, hasPicture: end.hasPicture, position: end.position),
               playedNothing(position: end.position, drained: end.drained) {
                let reason = Self.stallReason(.nothingPlayed, position: end.position, duration: end.duration, said: end.said)
                return fail(reason, playedNothing: true, now: now)
            }
            if let cut = end.cutShort, end.isNetworkStream,
               !PlaybackEnd.isAtEnd(position: end.position, duration: end.duration, frameDuration: nil, eofReached: false) {
                return fail(Self.cutShortReason(received: cut.received, announced: cut.announced), now: now)
            }
        }
        return session(.observed(atEnd: atEnd, idle: end.isIdle), now: now)
    }

    /// A network stream open with no picture decoded and its clock where it began: it may have
    /// nothing to play (watched every half second, since mpv's notices of its cache may stop).
    public func mayHavePlayedNothing(isNetworkStream: Bool, hasPicture: Bool, position: Double?) -> Bool {
        isNetworkStream && !hasPicture && abs((position ?? 0) - (stall.start ?? 0)) < 0.01
    }
}
