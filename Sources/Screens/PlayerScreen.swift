import Commands
import Controls
import Drawing
import Formatting
import ScreenParts
import Session
import Terminal
import TextSearch

/// The player: the video with reel's chrome over it, driven by mpv's real state.
///
/// It is a value: the app feeds it input (``handle(_:now:)``), mpv's state and the session's
/// phase (``update(_:now:)``) and the clock (``tick(now:)``), performs the ``PlayerAction``s it
/// returns, and asks it to ``draw(video:encoder:into:now:)`` when ``needsRedraw`` or an animation
/// runs.
public struct PlayerScreen: Sendable {
    /// Choices made on the command line and in the config file.
    public struct Configuration: Sendable, Equatable {
        /// When the controls hide (`--hide-delay`), and the reduce-motion and screen-reader
        /// settings of the whole player: the chrome's engine is made with these.
        public var chrome = ChromeEngine.Configuration()
        /// The skips (`--seek-interval`, `--double-tap-window`): the double-tap engine is made with
        /// these, and with the chrome's reduce-motion.
        public var skips = DoubleTapSeek.Configuration(doubleTapWindow: DoubleTapSeek.Configuration.standardWindow)
        /// How long a notice stays, at the least (`--notice-duration`).
        public var noticeDuration = Configuration.standardNoticeDuration
        /// 1.5 s: long enough to read a track's name, short enough not to sit on the picture.
        public static let standardNoticeDuration: Seconds = 1.5
        /// No animations (`--reduce-motion`): stored in ``chrome``, and followed by the skips.
        public var reduceMotion: Bool {
            get { chrome.reduceMotion }
            set { chrome.reduceMotion = newValue }
        }
        /// Controls never hide; state changes are plain lines (`--screen-reader`): stored in ``chrome``.
        public var screenReader: Bool {
            get { chrome.screenReader }
            set { chrome.screenReader = newValue }
        }
        /// The name shown when the file has no title tag.
        public var fileName = ""
        /// Whether ✕ / x / Esc close to a poster or a list (else they quit).
        public var canClose = false
        /// Cell width over height, for round circles: 0.5 for the usual 1:2 cells.
        public var cellAspect = 0.5
        /// The keys.
        public var commands = CommandTable.standard()
        /// Keep a one-row progress line at the bottom while the controls are hidden.
        public var progressLine = false
        /// Whether the controls' text fades with them. When not (a terminal for which text over
        /// the picture is costly), the text comes and goes at once, at the start of a fade, and
        /// only the pixels (the scrim, the transport's backing) fade.
        public var fadesText = true
        /// Hovering over or dragging the scrubber shows the frame there (`--scrub-preview`).
        public var scrubPreview = true

        public init() {}
    }

    public private(set) var configuration: Configuration
    public internal(set) var status = MediaStatus()
    public internal(set) var layout: PlayerLayout
    /// Set when something visible changed; cleared by ``draw(video:encoder:into:now:)``.
    public internal(set) var needsRedraw = true

    var chrome: ChromeEngine
    var doubleTap: DoubleTapSeek
    var scrubber = Scrubber(duration: nil)
    /// The `?` list of keys, while it is up.
    var help = KeysHelp()
    /// The stats panel (`i`, `I`).
    var stats = StatsPanel()
    /// The jump to a subtitle line, while open.
    var lineSearch: SubtitleSearch?
    var toast: Toast?
    /// The tracks and chapters menu, while it is open.
    var menu: TracksMenu?
    /// The total time shows as the time left ("−1:23").
    public internal(set) var showsRemaining = false
    /// The Up next item's thumbnail, when the app has one.
    var upNextThumbnail: PixelBuffer?
    /// The screen reader's latest line.
    public internal(set) var statusLine: String?
    /// Every line the screen reader was given, oldest first (the app writes new ones out).
    public internal(set) var spokenLines: [String] = []
    /// The skip the screen reader should announce once mpv reports where it landed.
    var pendingAnnouncement: SkipAnnouncement?
    /// A chapter move asked for: its notice follows when mpv reports the new chapter.
    var pendingChapterNotice = false
    /// Settings asked of mpv and not yet confirmed.
    var pending = PendingSettings()
    /// Where the last mouse press landed, while a button is held.
    var pressedControl: PlayerControl?
    /// The scrub preview's card, while the pointer is over the scrubber (`PlayerScreen+Preview`).
    var previewCard: PreviewCard?
    /// Whether frames can come for the card (not for standard input, or a live stream): else it
    /// shows the time alone.
    public var previewAvailable = false {
        didSet { needsRedraw = true }
    }

    public init(configuration: Configuration, columns: Int, rows: Int, now: Seconds) {
        self.configuration = configuration
        chrome = ChromeEngine(configuration: configuration.chrome, isPlaying: false, now: now)
        var skips = configuration.skips
        skips.reduceMotion = configuration.reduceMotion
        doubleTap = DoubleTapSeek(configuration: skips)
        layout = PlayerScreen.makeLayout(configuration, columns: columns, rows: rows)
    }

    /// Lays the screen out again for a new terminal size.
    public mutating func resize(columns: Int, rows: Int) {
        layout = PlayerScreen.makeLayout(configuration, columns: columns, rows: rows)
        needsRedraw = true
    }

    /// ✕, x and Esc close to a list from now on: the one item given became several.
    public mutating func allowClosing() {
        guard !configuration.canClose else { return }
        configuration.canClose = true
        resize(columns: layout.columns, rows: layout.rows)
    }

    /// The earliest time the app must wake up for this screen, or nil to sleep until input.
    public func nextDeadline(at now: Seconds) -> Seconds? {
        var deadlines = [chrome.nextDeadline, doubleTap.nextDeadline, scrubber.nextDeadline, toast?.expiry, stats.expiry]
        if let upNext = status.phase.upNext {
            // The countdown's seconds tick over.
            deadlines.append(min(upNext.deadline, now + max(upNext.deadline - now, 0).truncatingRemainder(dividingBy: 1) + 0.001))
        }
        if showsSpinner { deadlines.append(now + Self.spinnerInterval) }
        return deadlines.compactMap { $0 }.min()
    }

    /// Whether an animation is running, so the app redraws at the frame rate until it ends.
    public func isAnimating(at now: Seconds) -> Bool {
        chrome.isAnimating(at: now) || doubleTap.isAnimating(at: now)
    }

    /// The title as shown: the tag, or the item's name.
    public var displayTitle: String {
        if let title = status.title, !title.isEmpty { return title }
        if let name = status.itemName, !name.isEmpty { return name }
        return configuration.fileName
    }

    /// Whether the chrome is up (for tests and the app's redraw decisions).
    public func isChromeShown(at now: Seconds) -> Bool { chrome.isShown(at: now) }

    /// Whether the tracks menu is open.
    public var isMenuOpen: Bool { menu != nil }

    /// Shows a short message over the video, such as the volume or a track's name, for
    /// `duration` or the configured ``Configuration/noticeDuration``, whichever is longer; with a
    /// screen reader it is also a plain line.
    public mutating func notify(_ text: String, now: Seconds, duration: Seconds = 0) {
        toast = Toast(text: text, expiry: now + max(duration, configuration.noticeDuration))
        speak(text)
        needsRedraw = true
    }

    /// Says where playback resumed, and how to start over.
    public mutating func showResumeNotice(at position: Seconds, now: Seconds) {
        notify("Resumed at \(clockText(position)) · Home to start over", now: now, duration: 4)
        toast?.isResumeNotice = true
    }

    /// A time of this file in its clock's format (``TimeText/format(_:within:)``): "0:59:28" in a
    /// 2-hour file, "0:04" in a short one.
    func clockText(_ seconds: Seconds) -> String {
        TimeText.format(seconds, within: MediaTime.safeDuration(status.duration))
    }

    /// Sets the Up next card's thumbnail.
    public mutating func setUpNextThumbnail(_ thumbnail: PixelBuffer?) {
        upNextThumbnail = thumbnail
        needsRedraw = true
    }

    /// Keeps the choice between total and remaining time (it lasts for the session).
    public mutating func setShowsRemaining(_ remaining: Bool) {
        showsRemaining = remaining
        needsRedraw = true
    }

    /// A plain line for the screen reader.
    mutating func speak(_ line: String) {
        guard configuration.screenReader else { return }
        statusLine = line
        SpokenLog.append(line, to: &spokenLines)
        needsRedraw = true
    }

    /// Marks the screen as drawn.
    mutating func didDraw() { needsRedraw = false }

    /// How often the spinner turns.
    static let spinnerInterval: Seconds = 0.1

    /// Whether a spinner shows: while opening, and while playback waits for the network.
    var showsSpinner: Bool { status.phase.isOpening || (status.isBuffering && status.isLoaded) }

    static func makeLayout(_ configuration: Configuration, columns: Int, rows: Int) -> PlayerLayout {
        PlayerLayout(columns: columns, rows: rows, canClose: configuration.canClose,
                     showsSkipButtons: configuration.skips.interval > 0, screenReader: configuration.screenReader)
    }
}

/// A short message over the video that goes away by itself.
struct Toast: Sendable, Equatable {
    var text: String
    var expiry: Seconds
    /// "Resumed at … · Home to start over": it goes when the user starts over.
    var isResumeNotice = false
}

/// A skip whose landing the screen reader will announce.
struct SkipAnnouncement: Sendable, Equatable {
    var seconds: Seconds
}

extension SessionMachine.Phase {
    /// Whether an item is being opened.
    public var isOpening: Bool { if case .opening = self { true } else { false } }
    /// The Up next countdown, when one runs.
    public var upNext: SessionMachine.UpNext? { if case .ended(_, let upNext) = self { upNext } else { nil } }
}
