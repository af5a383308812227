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

    public init(id: Int, kind: Kind, isCoverArt: Bool = false, isSelected: Bool = false, frameRate: Double? = nil) {
        self.id = id
        self.kind = kind
        self.isCoverArt = isCoverArt
        self.isSelected = isSelected
        self.frameRate = frameRate
    }
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
}
