import Controls

/// What a resume save does with the item's place, and how long a frame may wait for the terminal.
extension PlaybackCore {
    /// What a resume save does with the item's place.
    public enum ResumeSave: Sendable, Equatable {
        /// Nothing: a network stream of no known length has no place to come back to.
        case skip
        /// Forgets the item's record: it was left within its first second, unwatched.
        case forget
        /// Saves the place, watched or not.
        case save(watched: Bool)
    }

    /// The save of an item left at `position` of `duration` (at its end or not), over the
    /// network or not; watched is ``PlaybackEnd/isWatched(position:duration:atEnd:)``.
    public static func resumeSave(position: Double, duration: Double?, atEnd: Bool, isNetworkStream: Bool) -> ResumeSave {
        guard !isNetworkStream || duration != nil else { return .skip }
        let watched = PlaybackEnd.isWatched(position: position, duration: duration, atEnd: atEnd)
        return position < 1 && !watched ? .forget : .save(watched: watched)
    }

    /// How long an item's first frame may wait for a busy terminal while the item opens.
    public static let openingPatience = 0.1

    /// How long a frame may wait for a busy terminal: while the item opens (mpv waits paused for
    /// the restart), a tenth of a second, so that the first screen after the restart shows the
    /// first frame; else three quarters of a frame (`frameDuration`, 1/30 s unknown), at most 0.05 s.
    public static func framePatience(isOpening: Bool, frameDuration: Double?) -> Double {
        isOpening ? openingPatience : min(0.75 * (frameDuration ?? 1.0 / 30), 0.05)
    }
}
