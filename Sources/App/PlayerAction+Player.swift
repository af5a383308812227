import Media
import Playback
import Screens

/// The screen actions that are one mpv command each, and nothing for the session's core.
extension PlayerAction {
    /// Sends this action to `player` when it is one of mpv's commands alone; false when it is
    /// not (the session runs it). Throws what mpv refused.
    func send(to player: any Player) throws -> Bool {
        switch self {
        case .play: try player.play()
        case .pause: try player.pause()
        case .togglePause: try player.togglePause()
        case .setVolume(let volume): try player.setVolume(volume)
        case .setMuted(let muted): try player.setMuted(muted)
        case .frameStep: try player.frameStep()
        case .selectAudio(let id): try player.setAudioTrack(id.map(TrackChoice.id) ?? .none)
        case .setSubtitleDelay(let delay): try player.setSubtitleDelay(delay)
        case .setAudioDelay(let delay): try player.setAudioDelay(delay)
        case .addChapter(let chapters): _ = try player.moveChapter(by: chapters)
        case .setSpeed(let speed): try player.setSpeed(speed)
        case .setLoopsFile(let loops): try player.setLoopsFile(loops)
        case .setABLoop(let loop): try player.setABLoop(a: loop.a, b: loop.b)
        case .close, .preview, .readSubtitleLines: break
        default: return false
        }
        return true
    }
}
