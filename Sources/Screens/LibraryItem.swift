import Controls
import Terminal

/// One file in the library, as the list shows it.
public struct LibraryItem: Sendable, Equatable {
    /// What is known of the file so far.
    public enum State: Sendable, Equatable {
        /// Not probed yet.
        case pending
        /// mpv can play it.
        case playable(LibraryMedia)
        /// mpv cannot play it, for this reason (mpv's words).
        case unplayable(reason: String)
    }

    /// The name shown: the file name, or the path below the folder given (raw; sanitised when drawn).
    public var name: String
    /// The file's size in bytes.
    public var byteSize: Int64
    public var state: State
    /// A still from the file in half-block pixels, when there is one.
    public var thumbnail: PixelBuffer?
    /// How far in the viewer got last time, 0…1, from its resume record.
    public var progress: Double?
    /// Watched to the end (or nearly).
    public var isWatched = false
    /// What the row says in place of a file's details: a stream's URL, "standard input".
    public var note: String?

    public init(name: String, byteSize: Int64, state: State = .pending, thumbnail: PixelBuffer? = nil) {
        self.name = name
        self.byteSize = byteSize
        self.state = state
        self.thumbnail = thumbnail
    }

    /// The title tag when the file has one, else the name.
    public var displayTitle: String {
        if case .playable(let media) = state, let title = media.title, !title.isEmpty { return title }
        return name
    }

    /// Whether the probe found the file unplayable.
    public var isUnplayable: Bool {
        if case .unplayable = state { return true }
        return false
    }

    /// Whether `query` (already lowercased) is in the name or the title, ignoring case.
    func matches(_ query: String) -> Bool {
        query.isEmpty || name.lowercased().contains(query) || displayTitle.lowercased().contains(query)
    }
}

/// What a probe told about a playable file, without mpv's types.
public struct LibraryMedia: Sendable, Equatable {
    /// The title tag, or nil.
    public var title: String?
    /// The length in seconds, when known.
    public var duration: Seconds?
    /// The video's display size, when it has a real video track.
    public var videoSize: (width: Int, height: Int)? {
        get { videoWidth.flatMap { width in videoHeight.map { (width, $0) } } }
        set { videoWidth = newValue?.width; videoHeight = newValue?.height }
    }
    private var videoWidth: Int?
    private var videoHeight: Int?
    public var hasAudio: Bool

    public init(title: String?, duration: Seconds?, videoSize: (width: Int, height: Int)?, hasAudio: Bool) {
        self.title = title
        self.duration = duration
        self.hasAudio = hasAudio
        self.videoSize = videoSize
    }
}
