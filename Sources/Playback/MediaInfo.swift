import Media

/// What a probe learned about a file: enough to list it and to show its poster.
public struct MediaInfo: Sendable, Equatable {
    /// `media-title`: the title tag, or the file name.
    public var title: String?
    /// The length in seconds, when known.
    public var duration: Double?
    /// The display size of the picture the probe showed, when the file has a real video track:
    /// the video's, or the cover's when the still is the cover (``MediaProbe/prefersCoverArt``).
    public var videoSize: VideoSize?
    /// The file has a video track that is not just cover art.
    public var hasVideo: Bool
    /// The file has an attached cover picture.
    public var hasCoverArt: Bool
    /// The file has sound.
    public var hasAudio: Bool

    public init(title: String?, duration: Double?, videoSize: VideoSize?, hasVideo: Bool, hasCoverArt: Bool, hasAudio: Bool) {
        self.title = title
        self.duration = duration
        self.videoSize = videoSize
        self.hasVideo = hasVideo
        self.hasCoverArt = hasCoverArt
        self.hasAudio = hasAudio
    }
}

/// A small still picture: tightly packed RGB, 3 bytes a pixel, row after row.
public struct Still: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var rgb: [UInt8]

    public init(width: Int, height: Int, rgb: [UInt8]) {
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    /// Copies a frame buffer's pixels.
    public init(_ frame: FrameBuffer) {
        width = frame.width
        height = frame.height
        rgb = [UInt8](repeating: 0, count: frame.width * frame.height * 3)
        for y in 0..<frame.height {
            let row = frame.baseAddress.advanced(by: y * frame.stride).assumingMemoryBound(to: UInt8.self)
            for x in 0..<frame.width {
                let source = x * 4, target = (y * frame.width + x) * 3
                let (red, blue) = frame.format == .rgb0 ? (row[source], row[source + 2]) : (row[source + 2], row[source])
                rgb[target] = red
                rgb[target + 1] = row[source + 1]
                rgb[target + 2] = blue
            }
        }
    }
}
