import Media
import Playback
import Screens
import Session

/// What mpv reports now, read for the core: mpv's state as it stands (``PlayerState``, the one
/// copy) with what mpv tells outside it (``PlaybackCore/Look``). It reads; the core decides.
struct PlayerReadings {
    /// mpv, or a test's fake.
    let player: any Player
    /// The screens' status as it stands.
    let status: MediaStatus
    /// A network stream open with no picture decoded and its clock where it began (the core's rule).
    let mayHavePlayedNothing: Bool

    /// What `session`'s mpv reports now.
    init(session: PlaybackSession) {
        let state = session.player.state
        player = session.player
        status = session.status
        mayHavePlayedNothing = session.core.mayHavePlayedNothing(isNetworkStream: session.status.isNetworkStream,
                                                                 hasPicture: state.videoSize != nil, position: state.position)
    }

    /// The stream was read to its end and the cache holds nothing: nothing more will come. Read
    /// from mpv now, not from its last notice.
    var isDrained: Bool {
        player.currentCacheState().map { $0.reachedEndOfStream && ($0.totalBytes ?? 0) == 0 } ?? false
    }

    /// A look at mpv now, with the item's `frames` so far; `drainedCounts`: whether a drained
    /// stream that may have played nothing is to be read (the tick reads it only while open).
    func look(frames: Int = 0, drainedCounts: Bool = true) -> PlaybackCore.Look {
        var look = PlaybackCore.Look(player.state)
        look.frames = frames
        look.isNetworkStream = status.isNetworkStream
        // A picture a client turned off (vid=no, vo=null) is not waited for: the sound plays on.
        look.pictureOff = status.pictureOff != nil
        look.drained = drainedCounts && mayHavePlayedNothing && isDrained
        look.problem = player.lastProblem
        look.cutShort = player.streamCutShort.map { PlaybackCore.Look.Cut(received: $0.received, announced: $0.announced) }
        return look
    }
}
