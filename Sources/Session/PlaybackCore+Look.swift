import Media

/// One look at mpv, for the watches and the end of an item.
extension PlaybackCore {
    /// What the core reads of mpv at a tick or after a pass of its events: mpv's properties as
    /// they stand (``PlayerState``, the one copy, read as it is) and what mpv tells outside them.
    public struct Look: Sendable, Equatable {
        /// What FFmpeg received of a stream the server closed early, of what it announced.
        public struct Cut: Sendable, Equatable {
            public var received: Int64, announced: Int64
            public init(received: Int64, announced: Int64) { (self.received, self.announced) = (received, announced) }
        }

        /// mpv's observed properties.
        public var state: PlayerState
        /// Frames mpv has had for the item.
        public var frames = 0
        /// The item comes over the network: mpv says so, or, until it says, the item is a URL.
        public var isNetworkStream = false
        /// A client of mpv's IPC socket turned the picture off (`vid=no`, or another `vo`).
        public var pictureOff = false
        /// A stream that may have played nothing, read to its end with nothing cached.
        public var drained = false
        /// mpv's best explanation from its log, if any.
        public var problem: String?
        /// The server sent `received` bytes of the `announced` ones and closed (FFmpeg's log), or nil.
        public var cutShort: Cut?

        /// A look at `state`, nothing else said.
        public init(_ state: PlayerState = PlayerState()) {
            self.state = state
        }

        /// mpv waits: paused, buffering, seeking or idle, so the clock may stand.
        var isWaiting: Bool {
            state.isPaused == true || state.isPausedForCache == true || state.isSeeking == true || state.isIdle == true
        }

        /// A picture is to come: a video track that is no cover art or image, and not turned off.
        var expectsPicture: Bool {
            (state.selectedVideo.map { !$0.isCoverArt && !$0.isImage } ?? false) && !pictureOff
        }

        /// A mark that grows while the server sends (bytes ahead, and the cache's end), or nil.
        var received: Double? {
            state.cache.map { Double($0.forwardBytes ?? 0) + ($0.end ?? 0) * 1e6 }
        }

        /// What mpv says of the item, for the words of a failure.
        var said: Said {
            Said(problem: problem, isSeekable: state.isSeekable, isNetworkStream: state.isNetworkStream == true)
        }
    }
}
