import Commands
import Controls
import Formatting
import Terminal
import TextSearch

/// The jump to a subtitle line on the player screen.
extension PlayerScreen {
    /// Opens the search on the subtitle track shown (else the file's first with text), and asks
    /// the app for its lines; picture subtitles and a file without subtitles get a notice.
    mutating func openLineSearch(now: Seconds) -> [PlayerAction] {
        chrome.activity(now: now)
        let shown = status.subtitlesVisible ? status.selectedSubtitles : nil
        guard let track = shown ?? status.subtitleTracks.first(where: { !$0.isBitmapSubtitle }) else {
            notify("No subtitle lines: this file has no subtitles", now: now)
            return []
        }
        guard !track.isBitmapSubtitle else {
            notify("\(track.name) is pictures, with no text to search", now: now)
            return []
        }
        lineSearch = SubtitleSearch(trackID: track.id, position: max((status.position ?? 0) - status.subtitleDelay, 0))
        return [.readSubtitleLines(track)]
    }

    /// The lines of track `trackID`, read (or why not); the search shows them if it is still open
    /// on that track.
    public mutating func receiveSubtitleLines(trackID: Int, lines: [SubtitleLine]?, failure: String?) {
        guard lineSearch?.trackID == trackID else { return }
        if let lines, !lines.isEmpty {
            lineSearch?.receive(.lines(lines))
        } else {
            lineSearch?.receive(.failed(failure ?? "The track has no lines"))
        }
        needsRedraw = true
    }

    /// A key while the search is open: its rows (Enter, Esc, ↑ ↓, Backspace), else text.
    mutating func lineSearchKey(_ event: KeyEvent, command: Command?, now: Seconds) -> [PlayerAction] {
        guard var search = lineSearch else { return [] }
        defer { if lineSearch != nil { lineSearch = search } }
        switch command {
        case .close?:
            lineSearch = nil
        case .play?:
            lineSearch = nil
            guard let line = search.selected else { return [] }
            notify("\(TimeText.format(line.start, within: MediaTime.safeDuration(status.duration)))  \(line.text)", now: now)
            chrome.seeked(now: now)
            return [.seek(.to(max(line.start + status.subtitleDelay, 0), exact: true))]
        case .filterErase?: search.erase()
        case .filterClear?: search.clear()
        case .listMove(let steps)?: search.move(by: steps)
        case .listPage(let pages)?: search.move(by: pages * max(layout.rows - 8, 1))
        default:
            if case .character(let character) = event.key, event.modifiers.isDisjoint(with: [.ctrl, .alt]) {
                search.type(String(character))
            }
        }
        return []
    }
}
