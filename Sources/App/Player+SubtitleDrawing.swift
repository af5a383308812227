import Media
import Playback
import Session

/// Who draws the subtitles: mpv only pictures (they have no text); text subtitles are reel's to
/// draw, from `sub-text`, which keeps updating meanwhile.
extension Player {
    /// Tells mpv whether to draw subtitle track `id` itself, as `core` decides.
    func drawSubtitles(track id: Int?, core: PlaybackCore) {
        let track = state.tracks.first { $0.kind == .subtitles && $0.id == id }
        try? setSubtitlesDrawnByMpv(core.mpvDrawsSubtitles(isPictureTrack: track?.isBitmapSubtitle ?? false))
    }

    /// The selected subtitle track's id, when one is chosen by id.
    var selectedSubtitleID: Int? {
        if case .id(let id)? = state.subtitleTrack { id } else { nil }
    }
}
