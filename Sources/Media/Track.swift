/// One entry of mpv's `track-list`: a stream of the loaded file.
public struct Track: Sendable, Equatable {
    /// What a track carries.
    public enum Kind: Sendable, Equatable {
        case video, audio, subtitles, other
    }

    /// mpv's id for the track, unique within its kind (what `vid`, `aid` and `sid` take).
    public var id: Int
    public var kind: Kind
    /// An attached picture, such as an album cover (mpv's `albumart`).
    public var isCoverArt: Bool
    /// Whether mpv shows or plays this track now.
    public var isSelected: Bool
    /// Frames a second, as the container states it, for a video track.
    public var frameRate: Double?
    /// The track's title in the file.
    public var title: String?
    /// The track's language in the file, such as `eng`.
    public var language: String?
    /// The codec, such as `h264`, `subrip`, `ass` or `hdmv_pgs_subtitle`.
    public var codec: String?
    /// The file marks it as the default track of its kind.
    public var isDefault = false
    /// The file marks it as forced (subtitles for foreign dialogue only).
    public var isForced = false
    /// It comes from a separate file, such as a sidecar `.srt`.
    public var isExternal = false
    /// A video track that is one still picture.
    public var isImage = false
    /// The picture's size as the container states it, for a video track.
    public var width: Int?
    public var height: Int?
    /// The channel layout as mpv names it (`stereo`, `5.1(side)`), for an audio track.
    public var channelLayout: String?
    /// How many channels, for an audio track.
    public var channelCount: Int?
    /// Samples a second, for an audio track.
    public var sampleRate: Int?
    /// The stream's index in its file as FFmpeg counts them (`ff-index`), for reading it apart.
    public var streamIndex: Int?
    /// The file an external track comes from (`external-filename`).
    public var externalFile: String?

    public init(id: Int, kind: Kind, isCoverArt: Bool = false, isSelected: Bool = false, frameRate: Double? = nil,
                title: String? = nil, language: String? = nil, codec: String? = nil) {
        self.id = id
        self.kind = kind
        self.isCoverArt = isCoverArt
        self.isSelected = isSelected
        self.frameRate = frameRate
        self.title = title
        self.language = language
        self.codec = codec
    }

    /// Subtitles that are pictures (Blu-ray PGS, DVD, DVB, XSUB): they have no text, so mpv has
    /// to draw them into the video.
    public var isBitmapSubtitle: Bool {
        guard kind == .subtitles, let codec else { return false }
        return Track.bitmapSubtitleCodecs.contains(codec)
    }

    /// "Français (fra)", "English", "Track 2 (fra)": how menus and notices name the track.
    public var name: String {
        let base = title.flatMap { $0.isEmpty ? nil : $0 } ?? "Track \(id)"
        guard let language, !language.isEmpty, language != "und", !base.contains("(\(language))") else { return base }
        return "\(base) (\(language))"
    }

    /// mpv's codec names for subtitles made of pictures.
    static let bitmapSubtitleCodecs: Set<String> = [
        "hdmv_pgs_subtitle", "dvd_subtitle", "dvb_subtitle", "xsub", "dvb_teletext", "pgssub", "vobsub",
    ]
}

extension Array where Element == Track {
    /// The kinds of track among these.
    public var kinds: TrackKinds {
        var kinds = TrackKinds()
        for track in self {
            switch track.kind {
            case .video where track.isCoverArt: kinds.coverArt = true
            case .video: kinds.video = true
            case .audio: kinds.audio = true
            case .subtitles: kinds.subtitles = true
            case .other: break
            }
        }
        return kinds
    }

    /// The first cover picture, if any.
    public var coverArt: Track? { first { $0.kind == .video && $0.isCoverArt } }

    /// The tracks of `kind`; video without its cover pictures.
    public func of(_ kind: Track.Kind) -> [Track] {
        filter { $0.kind == kind && !(kind == .video && $0.isCoverArt) }
    }

    /// Whether `other` lists the same streams, whichever of them is selected: a change of track
    /// alone leaves a menu of them as it is.
    public func sameStreams(as other: [Track]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { mine, theirs in
            var theirs = theirs
            theirs.isSelected = mine.isSelected
            return mine == theirs
        }
    }
}

/// The kinds of track in a file (see ``PlayerState/tracks``).
public struct TrackKinds: Sendable, Equatable {
    /// A moving picture.
    public var video = false
    /// An attached picture, such as an album cover.
    public var coverArt = false
    public var audio = false
    public var subtitles = false

    public init() {}
}
