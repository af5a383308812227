import Controls
import Session

/// What the screen reader is told: one plain line for each change a listener needs to hear.
extension PlayerScreen {
    /// Writes one plain line for each change a listener needs to hear.
    mutating func announceChanges(from old: MediaStatus, to new: MediaStatus) {
        guard configuration.screenReader else { return }
        if new.phase != old.phase {
            switch new.phase {
            case .opening: speak("Opening \(displayTitle)")
            case .failed(_, let reason): speak("Could not play \(displayTitle): \(reason)")
            case .ended(_, let upNext?) where old.phase.upNext == nil:
                speak("Up next in \(upNext.secondsLeft(at: upNext.start)) seconds: \(new.upNextName ?? "the next item")")
            case .playing(let item) where old.phase.isOpening:
                let place = new.playlistCount > 1 ? ", \(item + 1) of \(new.playlistCount)" : ""
                speak("Playing \(displayTitle)\(place)")
            default: break
            }
        }
        guard new.isLoaded else { return }
        if new.isAtEnd, !old.isAtEnd {
            speak("End of video")
        } else if old.isPlaying != new.isPlaying, !new.isAtEnd {
            speak(new.isPlaying ? "Playing" : "Paused")
        }
        if new.isBuffering != old.isBuffering, new.isBuffering { speak("Buffering") }
        let line = SubtitleLines.plainText(text: new.subtitleText, ass: new.subtitleASS)
        if new.subtitlesVisible, !line.isEmpty, line != SubtitleLines.plainText(text: old.subtitleText, ass: old.subtitleASS) {
            speak(line)
        }
    }
}
