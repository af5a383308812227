import Commands
import Controls

/// Audio and subtitle tracks and chapters: the keys' cycles, the tracks menu, their notices.
extension PlayerScreen {
    mutating func cycleSubtitles(forward: Bool, now: Seconds) -> [PlayerAction] {
        let tracks = status.subtitleTracks
        guard !tracks.isEmpty else {
            notify("No subtitles", now: now)
            return []
        }
        // Through every track, then off: s after v shows subtitles again, on the next track.
        let ids: [Int?] = tracks.map(\.id) + [nil]
        let current: Int? = status.subtitlesVisible ? status.subtitleTrack : nil
        let index = ids.firstIndex { $0 == current } ?? ids.count - 1
        let next = ids[(index + (forward ? 1 : ids.count - 1)) % ids.count]
        var actions: [PlayerAction] = [.selectSubtitles(next)]
        if next != nil, !status.subtitlesVisible { actions.append(.setSubtitlesVisible(true)) }
        notify(subtitleNotice(next), now: now)
        return actions
    }

    mutating func toggleSubtitles(now: Seconds) -> [PlayerAction] {
        guard status.subtitleTrack != nil else {
            notify(status.subtitleTracks.isEmpty ? "No subtitles" : "Subtitles off · s picks a track", now: now)
            return []
        }
        let visible = !status.subtitlesVisible
        notify(visible ? subtitleNotice(status.subtitleTrack) : "Subtitles hidden", now: now)
        return [.setSubtitlesVisible(visible)]
    }

    func subtitleNotice(_ id: Int?) -> String {
        guard let id, let index = status.subtitleTracks.firstIndex(where: { $0.id == id }) else { return "Subtitles off" }
        return "Subtitles: \(status.subtitleTracks[index].name) \(index + 1)/\(status.subtitleTracks.count)"
    }

    mutating func cycleAudio(forward: Bool, now: Seconds) -> [PlayerAction] {
        let tracks = status.audioTracks
        guard tracks.count > 1 else {
            notify(tracks.isEmpty ? "No sound track" : "Audio: \(tracks[0].name) 1/1", now: now)
            return []
        }
        let index = tracks.firstIndex { $0.id == status.audioTrack } ?? -1
        let next = (index + (forward ? 1 : tracks.count - 1) + (index < 0 && !forward ? 1 : 0)) % tracks.count
        notify(audioNotice(tracks[next].id), now: now)
        return [.selectAudio(tracks[next].id)]
    }

    /// "Audio: Français (fra) 2/2", or "No sound track".
    func audioNotice(_ id: Int?) -> String {
        guard let id, let index = status.audioTracks.firstIndex(where: { $0.id == id }) else { return "No sound track" }
        return "Audio: \(status.audioTracks[index].name) \(index + 1)/\(status.audioTracks.count)"
    }

    /// A menu pick: its action and notice.
    mutating func pick(_ row: TracksMenu.Row, now: Seconds) -> [PlayerAction] {
        menu = nil
        switch row.kind {
        case .heading: return []
        case .audio(let id):
            if status.audioTracks.contains(where: { $0.id == id }) { notify(audioNotice(id), now: now) }
            return [.selectAudio(id)]
        case .subtitles(let id):
            notify(subtitleNotice(id), now: now)
            var actions: [PlayerAction] = [.selectSubtitles(id)]
            if id != nil, !status.subtitlesVisible { actions.append(.setSubtitlesVisible(true)) }
            return actions
        case .chapter(let index, let time):
            notify(chapterNotice(index), now: now)
            chrome.activity(now: now)
            doubleTap.clear()
            return [.seek(.to(time, exact: true))]
        }
    }

    /// A command of the tracks menu's rows: move, pick the line, or close the menu.
    mutating func menuCommand(_ command: Command, now: Seconds) -> [PlayerAction] {
        guard var menu else { return [] }
        switch command {
        case .listMove(let lines): menu.move(by: lines)
        case .listFirst: menu.move(by: -1000)
        case .listLast: menu.move(by: 1000)
        case .play:
            guard let row = menu.selectedRow else { return [] }
            return pick(row, now: now)
        case .close: self.menu = nil; return []
        default: return []
        }
        self.menu = menu
        return []
    }

    // MARK: Chapters

    mutating func moveChapter(by chapters: Int, now: Seconds) -> [PlayerAction] {
        chrome.activity(now: now)
        guard !status.chapters.isEmpty else {
            notify("No chapters", now: now)
            return []
        }
        if chapters > 0, let current = status.chapterIndex, current + chapters >= status.chapters.count {
            notify("Last chapter: \(chapterTitle(current))", now: now)
            return []
        }
        pendingChapterNotice = true
        doubleTap.clear()
        return [.addChapter(chapters)]
    }

    func chapterTitle(_ index: Int) -> String {
        guard status.chapters.indices.contains(index) else { return "" }
        return status.chapters[index].title.flatMap { $0.isEmpty ? nil : $0 } ?? "Chapter \(index + 1)"
    }

    func chapterNotice(_ index: Int) -> String {
        "Chapter \(index + 1)/\(status.chapters.count): \(chapterTitle(index))"
    }
}
