import CMpv
import Media

/// One property the player observes, as one row: mpv's name, the format it is read in, and
/// where its value lands in ``PlayerState``.
///
/// ``all`` is the table: the player registers each row (its place in the table is its id),
/// and every change mpv reports is stored by its row. Two properties are the same when their
/// names are.
public struct PlayerProperty: Sendable, Equatable, CustomStringConvertible {
    /// How the value is read, and where it lands (nil: mpv says it is unavailable).
    enum Reading: Sendable {
        case double(@Sendable (inout PlayerState, Double?) -> Void)
        case flag(@Sendable (inout PlayerState, Bool?) -> Void)
        case int64(@Sendable (inout PlayerState, Int64?) -> Void)
        case string(@Sendable (inout PlayerState, String?) -> Void)
        case node(@Sendable (inout PlayerState, mpv_node?) -> Void)
        /// Observed without a value (`MPV_FORMAT_NONE`): mpv only says it changed, and the
        /// player reads what it needs (``MpvPlayer`` reads `playlist` an entry at a time).
        case notification
    }

    /// mpv's name for the property.
    public let name: String
    let reading: Reading

    public var description: String { name }

    public static func == (left: PlayerProperty, right: PlayerProperty) -> Bool { left.name == right.name }

    /// The format the property is observed in.
    var format: mpv_format {
        switch reading {
        case .double: MPV_FORMAT_DOUBLE
        case .flag: MPV_FORMAT_FLAG
        case .int64: MPV_FORMAT_INT64
        case .string: MPV_FORMAT_STRING
        case .node: MPV_FORMAT_NODE
        case .notification: MPV_FORMAT_NONE
        }
    }

    /// Whether mpv only says the property changed, without its value.
    public var isNotification: Bool { if case .notification = reading { true } else { false } }

    /// The id the property is observed with: its place in ``all``, from 1.
    var id: UInt64 { UInt64((PlayerProperty.all.firstIndex(of: self) ?? -1) + 1) }

    /// The property observed with `id`; nil for an id reel never gave.
    static func observed(id: UInt64) -> PlayerProperty? {
        let index = Int(clamping: id) - 1
        return all.indices.contains(index) ? all[index] : nil
    }
}

extension PlayerProperty {
    static func double(_ name: String, _ path: WritableKeyPath<PlayerState, Double?> & Sendable) -> PlayerProperty {
        PlayerProperty(name: name, reading: .double { $0[keyPath: path] = $1 })
    }

    static func flag(_ name: String, _ path: WritableKeyPath<PlayerState, Bool?> & Sendable) -> PlayerProperty {
        PlayerProperty(name: name, reading: .flag { $0[keyPath: path] = $1 })
    }

    static func string(_ name: String, _ path: WritableKeyPath<PlayerState, String?> & Sendable) -> PlayerProperty {
        PlayerProperty(name: name, reading: .string { $0[keyPath: path] = $1 })
    }

    /// A track id (`aid`, `sid`): `no`, `auto` or a number.
    static func track(_ name: String, _ path: WritableKeyPath<PlayerState, TrackChoice?> & Sendable) -> PlayerProperty {
        PlayerProperty(name: name, reading: .string { $0[keyPath: path] = $1.flatMap(TrackChoice.init(optionValue:)) })
    }

    /// An index that is nil when negative (`chapter`, `playlist-playing-pos`).
    static func index(_ name: String, _ path: WritableKeyPath<PlayerState, Int?> & Sendable) -> PlayerProperty {
        PlayerProperty(name: name, reading: .int64 { $0[keyPath: path] = $1.flatMap { $0 >= 0 ? Int($0) : nil } })
    }

    static func node(_ name: String, _ land: @escaping @Sendable (inout PlayerState, mpv_node?) -> Void) -> PlayerProperty {
        PlayerProperty(name: name, reading: .node(land))
    }

    /// `playlist`: observed as a notification only. Observed as a node, mpv built the whole list
    /// for every change (a `playing` flag too), kept a copy to compare the next with, and sent
    /// another: 300 MB for a 100,000-entry `.m3u`. The player reads it an entry at a time
    /// instead (``MpvPlayer/readPlaylist()``).
    public static let playlist = PlayerProperty(name: "playlist", reading: .notification)
    /// `track-list`: the loaded file's streams.
    public static let tracks = node("track-list") { $0.tracks = $1.map(Track.list(from:)) ?? [] }
    /// `sid`.
    public static let subtitleTrack = track("sid", \.subtitleTrack)
    /// `sub-text`, which brings `sub-text-ass` along (it sends no changes of its own).
    public static let subtitleText = string("sub-text", \.subtitleText)

    /// The properties the player observes, in the order they are registered.
    public static let all: [PlayerProperty] = [
        double("time-pos", \.position),
        double("duration", \.duration),
        flag("pause", \.isPaused),
        flag("eof-reached", \.isAtEnd),
        flag("seeking", \.isSeeking),
        string("media-title", \.title),
        flag("idle-active", \.isIdle),
        double("volume", \.volume),
        flag("mute", \.isMuted),
        PlayerProperty(name: "dwidth", reading: .int64 { $0.setVideoSize(width: $1, height: $0.videoSize.map { Int64($0.height) }) }),
        PlayerProperty(name: "dheight", reading: .int64 { $0.setVideoSize(width: $0.videoSize.map { Int64($0.width) }, height: $1) }),
        node("chapter-list") { $0.chapters = $1.map(Chapter.list(from:)) ?? [] },
        double("speed", \.speed),
        tracks,
        subtitleText,
        string("secondary-sub-text", \.secondarySubtitleText),
        track("aid", \.audioTrack),
        track("vid", \.videoTrack),
        string("vo", \.videoOutput),
        subtitleTrack,
        track("secondary-sid", \.secondarySubtitleTrack),
        double("sub-delay", \.subtitleDelay),
        double("audio-delay", \.audioDelay),
        index("chapter", \.chapterIndex),
        flag("paused-for-cache", \.isPausedForCache),
        PlayerProperty(name: "cache-buffering-state", reading: .int64 { $0.bufferingPercent = $1.map { Int(min(max($0, 0), 100)) } }),
        node("demuxer-cache-state") { $0.cache = $1.map(CacheState.init(node:)) },
        PlayerProperty(name: "loop-file", reading: .string { $0.loopsFile = $1.map { $0 != "no" && $0 != "0" } }),
        index("frame-drop-count", \.droppedFrames),
        index("decoder-frame-drop-count", \.decoderDroppedFrames),
        index("vo-delayed-frame-count", \.delayedFrames),
        double("video-bitrate", \.videoBitrate),
        double("audio-bitrate", \.audioBitrate),
        double("estimated-vf-fps", \.estimatedFrameRate),
        double("ab-loop-a", \.abLoop.a),
        double("ab-loop-b", \.abLoop.b),
        playlist,
        index("playlist-playing-pos", \.playlistPlayingPosition),
        flag("seekable", \.isSeekable),
        flag("demuxer-via-network", \.isNetworkStream),
        string("path", \.path),
        node("metadata") { $0.metadata = $1.map(PlayerState.tags(from:)) ?? [:] },
        string("current-ao", \.audioOutput),
    ]
}
