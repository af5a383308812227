import Media
import Playback
import Screens
import Session

/// What mpv reports now, read for the core: the observations its watches and its end take
/// (``PlaybackCore/Observation``, ``PlaybackCore/EndObservation``) and what mpv said of the item.
/// It reads; the core decides.
struct PlayerReadings {
    /// mpv, or a test's fake.
    let player: any Player
    /// The screens' status as it stands.
    let status: MediaStatus
    /// A network stream open with no picture decoded and its clock where it began (the core's rule).
    let mayHavePlayedNothing: Bool

    /// What mpv says of the item, for the words of a failure the core decides.
    var said: PlaybackCore.Said {
        PlaybackCore.Said(problem: player.lastProblem, isSeekable: player.state.isSeekable,
                          isNetworkStream: player.state.isNetworkStream == true)
    }

    /// The stream was read to its end and the cache holds nothing: nothing more will come. Read
    /// from mpv now, not from its last notice.
    var isDrained: Bool {
        player.currentCacheState().map { $0.reachedEndOfStream && ($0.totalBytes ?? 0) == 0 } ?? false
    }

    /// What mpv reports now for the core's watches (which look only while an item is open),
    /// with the item's `frames` so far and whether it is open (`isReady`).
    func watch(frames: Int, isReady: Bool) -> PlaybackCore.Observation {
        let state = player.state
        var seen = PlaybackCore.Observation()
        seen.isNetworkStream = status.isNetworkStream
        seen.isBuffering = state.isPausedForCache == true
        seen.received = state.cache.map { Double($0.forwardBytes ?? 0) + ($0.end ?? 0) * 1e6 }
        seen.position = state.position
        seen.frames = frames
        let video = state.tracks.first { $0.kind == .video && $0.isSelected }
        // A picture a client turned off (vid=no, vo=null) is not waited for: the sound plays on.
        seen.expectsPicture = (video.map { !$0.isCoverArt && !$0.isImage } ?? false) && status.pictureOff == nil
        seen.isWaiting = state.isPaused == true || state.isPausedForCache == true || state.isSeeking == true
            || state.isIdle == true
        seen.isPaused = state.isPaused ?? true
        seen.isIdle = state.isIdle == true
        // mpv knows the picture's display size once a frame has been decoded.
        seen.hasPicture = state.videoSize != nil
        seen.drained = isReady && mayHavePlayedNothing && isDrained
        seen.duration = state.duration
        seen.said = said
        return seen
    }

    /// Where the position is and whether mpv is idle, for the core to decide whether playback is
    /// at the end (``PlaybackEnd``), reaches it or leaves it, or that the end is a failure.
    var end: PlaybackCore.EndObservation {
        let state = player.state
        var end = PlaybackCore.EndObservation()
        end.eofReached = state.isAtEnd ?? false
        end.frameDuration = status.frameDuration
        end.loopsFile = status.loopsFile
        end.isIdle = state.isIdle == true
        end.isNetworkStream = status.isNetworkStream
        end.position = state.position
        end.duration = state.duration
        end.hasPicture = state.videoSize != nil
        end.drained = mayHavePlayedNothing && isDrained
        end.cutShort = player.streamCutShort
        end.said = said
        return end
    }
}
