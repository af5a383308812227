import Media
import Playback
import Session

/// One of mpv's events as the core takes it: a translation, nothing decided.
extension PlayerEvent {
    /// The core's event for this one of mpv's, read against mpv's `state`, what the list's items
    /// open (`keys`) and what mpv's load hook says (`hooked`), each read only when the event needs it; nil when the
    /// core has nothing to learn from it.
    func coreEvent(state: PlayerState, keys: () -> [String], hooked: () -> PlaybackCore.Hooked?) -> PlaybackCore.Event? {
        switch self {
        // reel's own loads put the machine in its opening phase first: another start is a
        // client's, whose file may become reel's item.
        case .startFile(let entryID): .startFile(entryID: entryID, entries: state.playlist, keys: keys())
        case .loadHook(let id): .loadHook(id: id, hooked())
        // A playlist opened and became its entries; one that keeps opening playlists (itself, or
        // two that list each other) is stopped at the limit.
        case .endFile(.redirect): .redirected
        // The place is saved from the status as it stands, the last pass's, taken before mpv
        // dropped the file's position.
        case .endFile(.stopped), .endFile(.quit), .shutdown: .session(.stopped)
        case .endFile(.endOfFile): .session(.endFile)
        case .endFile(.error(let error)):
            .session(.failed(reason: error.explanation, isRefusal: error.explanation.hasPrefix(MpvPlayer.refusalText)))
        case .fileLoaded: .fileLoaded
        case .playbackRestart: .playbackRestart(position: state.position)
        case .commandReply(let id, let error): .commandReply(id: id, failed: error != nil)
        // A playlist file expanded, or a client's loadfile (the core tells them apart).
        case .propertyChanged(.playlist): .playlistChanged(entries: state.playlist, keys: keys())
        case .propertyChanged(.subtitleText): .subtitleTextChanged
        default: nil
        }
    }
}
