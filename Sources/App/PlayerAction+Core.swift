import Media
import Screens
import Session

/// The screen actions as the core hears of them: a translation, nothing decided.
extension PlayerAction {
    /// What the core is told as this action is asked for, with mpv's `state`: a track switch
    /// (whose refresh the core watches), another request (which ends that watch), or nothing
    /// (an action that leaves the picture where it is).
    func request(state: PlayerState) -> PlaybackCore.Event? {
        switch self {
        case .selectAudio, .selectSubtitles: .trackSwitched(position: state.position, isPaused: state.isPaused == true)
        case .setSubtitlesVisible, .setSubtitleDelay, .setAudioDelay, .setVolume, .setMuted, .close, .dismissUpNext, .preview: nil
        default: .otherRequest
        }
    }

    /// The core's event when this action is the core's alone (a seek, the playlist's moves, its
    /// loop and shuffle, turned from `loops` and `shuffles`; `keys`: what the items open).
    func coreEvent(loops: Bool, shuffles: Bool, keys: () -> [String]) -> PlaybackCore.Event? {
        switch self {
        case .seek(let request): .seek(request)
        case .playlistNext: .session(.next)
        case .playlistPrevious: .session(.previous)
        case .acceptUpNext: .session(.acceptUpNext)
        case .dismissUpNext: .session(.dismissUpNext)
        case .cycleLoopPlaylist: .setLoopsPlaylist(!loops)
        case .cycleShuffle: .setShuffled(!shuffles, keys: keys())
        default: nil
        }
    }
}
