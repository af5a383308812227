import Controls
import Terminal

/// The player: the video with reel's chrome over it, driven by mpv's real state.
///
/// It is a value: the app feeds it input (``handle(_:now:)``), mpv's state
/// (``update(_:now:)``) and the clock (``tick(now:)``), performs the ``PlayerAction``s it
/// returns, and asks it to ``draw(video:into:now:)`` when ``needsRedraw`` or an animation runs.
public struct PlayerScreen: Sendable {
    /// Choices made on the command line.
    public struct Configuration: Sendable, Equatable {
        public var hideDelay: Seconds = 3
        public var seekInterval: Seconds = 10
        public var reduceMotion = false
        public var screenReader = false
        /// The name shown when the file has no title tag.
        public var fileName = ""
        /// Whether ✕ / x / Esc close to a poster or a list (else they quit).
        public var canClose = false
        /// Cell width over height, for round circles: 0.5 for the usual 1:2 cells.
        public var cellAspect = 0.5

        public init() {}
    }

    public let configuration: Configuration
    public internal(set) var status = MediaStatus()
    public internal(set) var layout: PlayerLayout
    /// Set when something visible changed; cleared by ``draw(video:into:now:)``.
    public internal(set) var needsRedraw = true

    var chrome: ChromeEngine
    var doubleTap: DoubleTapSeek
    var scrubber = Scrubber(duration: nil)
    var isHelpShown = false
    var toast: Toast?
    /// The screen reader's latest line.
    public internal(set) var statusLine: String?
    /// The skip the screen reader should announce once mpv reports where it landed.
    var pendingAnnouncement: SkipAnnouncement?
    /// Where the last mouse press landed, while a button is held.
    var pressedControl: PlayerControl?

    public init(configuration: Configuration, columns: Int, rows: Int, now: Seconds) {
        self.configuration = configuration
        chrome = ChromeEngine(
            configuration: .init(hideDelay: max(configuration.hideDelay, 0), reduceMotion: configuration.reduceMotion,
                                 screenReader: configuration.screenReader),
            isPlaying: false, now: now)
        doubleTap = DoubleTapSeek(configuration: .init(interval: configuration.seekInterval,
                                                       reduceMotion: configuration.reduceMotion))
        layout = PlayerScreen.makeLayout(configuration, columns: columns, rows: rows)
    }

    /// Lays the screen out again for a new terminal size.
    public mutating func resize(columns: Int, rows: Int) {
        layout = PlayerScreen.makeLayout(configuration, columns: columns, rows: rows)
        needsRedraw = true
    }

    /// The earliest time the app must wake up for this screen, or nil to sleep until input.
    public var nextDeadline: Seconds? {
        [chrome.nextDeadline, doubleTap.nextDeadline, scrubber.nextDeadline, toast?.expiry]
            .compactMap { $0 }.min()
    }

    /// Whether an animation is running, so the app redraws at the frame rate until it ends.
    public func isAnimating(at now: Seconds) -> Bool {
        chrome.isAnimating(at: now) || doubleTap.isAnimating(at: now)
    }

    /// The title as shown: the tag, or the file name.
    public var displayTitle: String {
        if let title = status.title, !title.isEmpty { return title }
        return configuration.fileName
    }

    /// Whether the chrome is up (for tests and the app's redraw decisions).
    public func isChromeShown(at now: Seconds) -> Bool { chrome.isShown(at: now) }

    /// Shows a short message, such as the volume or a resume notice.
    public mutating func showToast(_ text: String, now: Seconds, duration: Seconds = 1.5) {
        toast = Toast(text: text, expiry: now + duration)
        needsRedraw = true
    }

    /// Says where playback resumed, and how to start over.
    public mutating func showResumeNotice(at position: Seconds, now: Seconds) {
        showToast("Resumed at \(TimeText.format(position)) · Home to start over", now: now, duration: 4)
    }

    /// Marks the screen as drawn.
    mutating func didDraw() { needsRedraw = false }

    static func makeLayout(_ configuration: Configuration, columns: Int, rows: Int) -> PlayerLayout {
        PlayerLayout(columns: columns, rows: rows, canClose: configuration.canClose,
                     showsSkipButtons: configuration.seekInterval > 0, screenReader: configuration.screenReader)
    }
}

/// A short message over the video that goes away by itself.
struct Toast: Sendable, Equatable {
    var text: String
    var expiry: Seconds
}

/// A skip whose landing the screen reader will announce.
struct SkipAnnouncement: Sendable, Equatable {
    var seconds: Seconds
}
