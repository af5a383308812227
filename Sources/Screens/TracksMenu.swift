import Controls
import Terminal

/// The `t` menu: the audio tracks, the subtitle tracks and the chapters, to pick from with the
/// arrows and Enter or with the mouse.
struct TracksMenu: Sendable, Equatable {
    /// One line of the menu.
    struct Row: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            /// A section's heading: not selectable.
            case heading
            case audio(Int)
            /// A subtitle track, or nil for "Off".
            case subtitles(Int?)
            case chapter(index: Int, time: Seconds)
        }

        var kind: Kind
        var text: String
        /// The row is what plays now (a selected track, the current chapter).
        var isCurrent: Bool

        var isSelectable: Bool { kind != .heading }
    }

    private(set) var rows: [Row]
    /// The highlighted row's index in ``rows``.
    private(set) var selection: Int

    /// The menu for `status`, with the current audio track highlighted.
    init(status: MediaStatus) {
        var rows: [Row] = [Row(kind: .heading, text: "Audio", isCurrent: false)]
        if status.audioTracks.isEmpty { rows.append(Row(kind: .heading, text: "  none", isCurrent: false)) }
        for track in status.audioTracks {
            rows.append(Row(kind: .audio(track.id), text: TracksMenu.describe(track, of: status.audioTracks),
                            isCurrent: track.id == status.audioTrack))
        }
        rows.append(Row(kind: .heading, text: "Subtitles", isCurrent: false))
        rows.append(Row(kind: .subtitles(nil), text: "Off", isCurrent: status.subtitleTrack == nil || !status.subtitlesVisible))
        for track in status.subtitleTracks {
            rows.append(Row(kind: .subtitles(track.id), text: TracksMenu.describe(track, of: status.subtitleTracks),
                            isCurrent: status.subtitlesVisible && track.id == status.subtitleTrack))
        }
        if !status.chapters.isEmpty {
            let duration = MediaTime.safeDuration(status.duration)
            rows.append(Row(kind: .heading, text: "Chapters", isCurrent: false))
            for (index, chapter) in status.chapters.enumerated() {
                let title = chapter.title.flatMap { $0.isEmpty ? nil : $0 } ?? "Chapter \(index + 1)"
                rows.append(Row(kind: .chapter(index: index, time: chapter.time),
                                text: "\(TimeText.format(chapter.time, within: duration))  \(title)",
                                isCurrent: index == status.chapterIndex))
            }
        }
        self.rows = rows
        selection = rows.firstIndex { $0.isCurrent && $0.isSelectable } ?? rows.firstIndex(where: \.isSelectable) ?? 0
    }

    /// "English (eng) · aac · default · external".
    static func describe(_ track: TrackInfo, of tracks: [TrackInfo]) -> String {
        var parts = [track.name]
        if let codec = track.codec, !codec.isEmpty { parts.append(codec) }
        if track.isDefault { parts.append("default") }
        if track.isForced { parts.append("forced") }
        if track.isExternal { parts.append("external") }
        return parts.joined(separator: " · ")
    }

    /// Moves the highlight by `steps` selectable rows, stopping at the ends.
    mutating func move(by steps: Int) {
        var index = selection
        var left = abs(steps)
        while left > 0 {
            var next = index + (steps > 0 ? 1 : -1)
            while rows.indices.contains(next), !rows[next].isSelectable { next += steps > 0 ? 1 : -1 }
            guard rows.indices.contains(next) else { break }
            index = next
            left -= 1
        }
        selection = index
    }

    /// Highlights row `index` when it can be picked.
    mutating func highlight(_ index: Int) {
        if rows.indices.contains(index), rows[index].isSelectable { selection = index }
    }

    /// The highlighted row.
    var selectedRow: Row? { rows.indices.contains(selection) ? rows[selection] : nil }
}

