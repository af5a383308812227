import Controls
import Drawing
import Formatting

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
    /// In the continue-watching list: how far in, what is left and when, for the row's second line.
    public var history: HistoryLine?
    /// Why a row that can still be played is greyed (a file changed since it was watched).
    public var greyedReason: String?
    /// Forgotten from the continue-watching list (``LibraryScreen/setForgotten(item:_:now:)``):
    /// not shown, until an undo.
    public var isForgotten = false

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

/// A continue-watching row's second line: a progress bar, the time left and when it was watched.
public struct HistoryLine: Sendable, Equatable {
    /// How far in, 0…1, when the length is known.
    public var progress: Double?
    /// What is left, in seconds, when the length is known.
    public var timeLeft: Seconds?
    /// When it was last watched, in words ("yesterday").
    public var when: String
    /// Where it was left, when the length is known: with ``duration``, the time left reads as
    /// the file's clock does ("0:12:34 left" in a 2-hour file), its length less its elapsed time.
    public var position: Seconds?
    /// The file's length, when known.
    public var duration: Seconds?

    public init(progress: Double?, timeLeft: Seconds?, when: String, place: (position: Seconds, duration: Seconds)? = nil) {
        self.progress = progress
        self.timeLeft = timeLeft
        self.when = when
        position = place?.position
        duration = place?.duration
    }

    /// The words after the bar: "12:34 left · yesterday", "finished · 3 days ago". The time left
    /// is rounded up, so an item not finished never reads "0:00 left".
    public var text: String {
        var parts: [String] = []
        if let progress, progress >= 1 {
            parts.append("finished")
        } else if let timeLeft {
            let place = clockPlace(left: timeLeft)
            parts.append("\(TimeText.left(at: place.position, of: place.duration)) left")
        }
        parts.append(when)
        return parts.joined(separator: " · ")
    }

    /// The line for a screen reader: "45 percent, 12 minutes 34 seconds left, yesterday".
    public var spoken: String {
        var parts: [String] = []
        if let progress, progress >= 1 {
            parts.append("finished")
        } else {
            if let progress { parts.append("\(Int((progress * 100).rounded(.down))) percent") }
            if let timeLeft {
                let place = clockPlace(left: timeLeft)
                parts.append("\(TimeText.spoken(Seconds(TimeText.secondsLeft(at: place.position, of: place.duration)))) left")
            }
        }
        parts.append(when)
        return parts.joined(separator: ", ")
    }

    /// The place the time left is read from: without one, the time left alone, rounded up.
    private func clockPlace(left: Seconds) -> (position: Seconds, duration: Seconds) {
        guard let position, let duration else { return (0, left.rounded(.up)) }
        return (position, MediaTime.safeDuration(duration))
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
