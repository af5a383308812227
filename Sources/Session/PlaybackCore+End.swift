import Controls

/// The end of an item: whether mpv's end is the file's, or a failure (a stream that played
/// nothing, or that the server cut short).
extension PlaybackCore {
    /// The end of a pass of `mpvEvents` of mpv's events, at mpv's `position`: a seek mpv never
    /// confirmed is let go, the track switch's repair may seek back, and a frame step back's
    /// subtitle, held past the restart, goes when mpv has said nothing new. When mpv said
    /// anything, or that subtitle went, the status is rebuilt and the end looked at.
    mutating func passEnded(mpvEvents: Int, position: Double?, isPaused: Bool, now: Double) -> [Command] {
        var commands: [Command] = seeks.expire(now: now).map { [.sendSeek($0)] } ?? []
        if let back = trackSwitch.check(position: position, isPaused: isPaused, now: now),
           let send = seeks.request(.to(back, exact: true), now: now) {
            commands.append(.sendSeek(send))
        }
        let subtitleWent = subtitleHold.expire(now: now)
        return commands + (mpvEvents > 0 || subtitleWent ? [.refreshStatus, .lookAtEnd] : [])
    }

    /// Decides whether playback is at the end (``PlaybackEnd``, the one rule) and takes the end
    /// (or leaving it) to the session core; the end of a stream that played
    /// nothing (``StallDetector``'s rule), or that the server cut short (and FFmpeg did not
    /// reconnect), fails the item instead, before it is saved as watched. (A local file that
    /// holds nothing, a zero-length stream, is shown as the empty file it is.)
    mutating func endObserved(_ look: Look, now: Double) -> [Command] {
        let state = look.state
        let atEnd = PlaybackEnd.isAtEnd(position: state.position, duration: state.duration, frameDuration: state.frameDuration,
                                        eofReached: state.isAtEnd ?? false, loopsFile: state.loopsFile ?? false)
        if atEnd, session.stage == .ready(atEnd: false) {
            if mayHavePlayedNothing(isNetworkStream: look.isNetworkStream, hasPicture: state.videoSize != nil, position: state.position),
               playedNothing(position: state.position, drained: look.drained) {
                let reason = Self.stallReason(.nothingPlayed, position: state.position, duration: state.duration, said: look.said)
                return fail(reason, playedNothing: true, now: now)
            }
            if let cut = look.cutShort, look.isNetworkStream,
               !PlaybackEnd.isAtEnd(position: state.position, duration: state.duration, frameDuration: nil, eofReached: false) {
                return fail(Self.cutShortReason(received: cut.received, announced: cut.announced), now: now)
            }
        }
        return session(.observed(atEnd: atEnd, idle: state.isIdle == true), now: now)
    }

    /// A network stream open with no picture decoded and its clock where it began: it may have
    /// nothing to play (watched every half second, since mpv's notices of its cache may stop).
    public func mayHavePlayedNothing(isNetworkStream: Bool, hasPicture: Bool, position: Double?) -> Bool {
        isNetworkStream && !hasPicture && abs((position ?? 0) - (stall.start ?? 0)) < 0.01
    }
}
