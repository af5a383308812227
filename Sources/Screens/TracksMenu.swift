import Controls
import Formatting
import Media

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

    /// The menu for `status`, with the current audio track highlighted; the video's figures
    /// (codec, size, frame rate) head it, to read, not to pick.
    init(status: MediaStatus) {
        var rows: [Row] = []
        if !status.videoTracks.isEmpty {
            rows.append(Row(kind: .heading, text: "Video", isCurrent: false))
            for track in status.videoTracks {
                rows.append(Row(kind: .heading, text: "  " + TracksMenu.describeVideo(track), isCurrent: false))
            }
        }
        rows.append(Row(kind: .heading, text: "Audio", isCurrent: false))
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

    /// "English (eng) · aac · 5.1 · 48 kHz · default · external": an audio track's channels and
    /// rate follow its codec, as mpv's track list has them.
    static func describe(_ track: Track, of tracks: [Track]) -> String {
        var parts = [track.name]
        if let codec = track.codec, !codec.isEmpty { parts.append(codec) }
        if let channels = channelsText(track) { parts.append(channels) }
        if let rate = track.sampleRate { parts.append(sampleRateText(rate)) }
        if track.isDefault { parts.append("default") }
        if track.isForced { parts.append("forced") }
        if track.isExternal { parts.append("external") }
        return parts.joined(separator: " · ")
    }

    /// "h264 · 1920×1080 · 23.976 fps", after the track's title when it has one.
    static func describeVideo(_ track: Track) -> String {
        var parts: [String] = []
        if let title = track.title, !title.isEmpty { parts.append(title) }
        if let codec = track.codec, !codec.isEmpty { parts.append(codec) }
        if let width = track.width, let height = track.height { parts.append("\(width)×\(height)") }
        if let rate = track.frameRate { parts.append("\(DecimalText.format(rate, maximumFractionDigits: 3)) fps") }
        return parts.isEmpty ? "Track \(track.id)" : parts.joined(separator: " · ")
    }

    /// "stereo", "5.1", "mono": mpv's layout name without its variant ("5.1(side)"); where mpv
    /// names none ("unknown1"), mono or stereo from the count, else "6 ch".
    static func channelsText(_ track: Track) -> String? {
        if let layout = track.channelLayout, !layout.isEmpty, !layout.hasPrefix("unknown") {
            return String(layout.prefix { $0 != "(" })
        }
        switch track.channelCount {
        case 1?: return "mono"
        case 2?: return "stereo"
        case let count?: return "\(count) ch"
        case nil: return nil
        }
    }

    /// "48 kHz", "44.1 kHz", "8 kHz".
    static func sampleRateText(_ rate: Int) -> String {
        "\(DecimalText.format(Double(rate) / 1000, maximumFractionDigits: 1)) kHz"
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

