import Controls
import Media

/// The values that travel in and out of ``SessionCore``: what the app found about an item, what
/// mpv's playlist holds, the options and notices the core asks for, and the run's end.
extension SessionCore {
    /// What a resume record says about the item about to open.
    public struct Resume: Sendable, Equatable {
        public var position: Seconds
        public var watched: Bool
        public var audioTrack: Int?
        /// nil: no choice kept; `.some(nil)`: subtitles were off.
        public var subtitleTrack: Int??
        public var subtitleDelay: Seconds
        public var audioDelay: Seconds

        public init(position: Seconds, watched: Bool = false, audioTrack: Int? = nil, subtitleTrack: Int?? = nil,
                    subtitleDelay: Seconds = 0, audioDelay: Seconds = 0) {
            self.position = position
            self.watched = watched
            self.audioTrack = audioTrack
            self.subtitleTrack = subtitleTrack
            self.subtitleDelay = subtitleDelay
            self.audioDelay = audioDelay
        }
    }

    /// What the app found about the item about to open, in mpv's load hook.
    public struct Opening: Sendable, Equatable {
        /// Why the item must not open (a FIFO that a playlist lists), or nil.
        public var refusal: String?
        /// The refusal leaves out an entry that a playlist from the network may not open: it is
        /// counted in the notice of entries left out, not said as a failure of its own.
        public var leavesOut: Bool
        /// Its resume record, when there is one.
        public var resume: Resume?

        public init(refusal: String? = nil, leavesOut: Bool = false, resume: Resume? = nil) {
            self.refusal = refusal
            self.leavesOut = leavesOut
            self.resume = resume
        }
    }

    /// One entry of mpv's playlist, as mpv reported it (Media's ``PlaylistEntry``, read as it is).
    public typealias Entry = PlaylistEntry

    /// An option set for the item about to open only (mpv's file-local options).
    public enum ItemOption: Sendable, Equatable {
        /// `--start` as the command line gave it.
        case commandLineStart
        /// Start at a resume point.
        case start(Seconds)
        case audioTrack(Int)
        /// nil: no subtitles.
        case subtitleTrack(Int?)
        case subtitleDelay(Seconds)
        case audioDelay(Seconds)
    }

    /// A notice for the screen.
    public enum Notice: Sendable, Equatable {
        /// P at the first item, N at the last.
        case firstItem
        case lastItem
        /// Moving to `item` (N, P, or Up next's Enter), back with `backwards`.
        case moved(to: Int, backwards: Bool)
        /// `item` could not be played, and the run goes on with another.
        case couldNotPlay(item: Int, reason: String)
    }

    /// The items of reel's list that mpv's playlist holds, from `first`.
    public struct Window: Sendable, Equatable {
        public var first: Int
        public var count: Int

        /// Whether `item` is one of mpv's entries.
        public func contains(_ item: Int) -> Bool { item >= first && item < first + count }
    }

    /// Why the run ends, when nothing more can play.
    public enum RunEnd: Sendable, Equatable {
        /// The last item ended and keep-open is off: exit 0.
        case finished
        /// The item could not be played, nothing else is playing, and mpv is idle.
        case failed(reason: String)
        /// A client of mpv's IPC socket stopped playback (its `stop`, or `playlist-remove
        /// current`), and mpv is idle: nothing is left to show, so the player closes as Esc
        /// does (back to the list, or the end of the run, exit 0).
        case stopped
    }
}
