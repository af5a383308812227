/// Decides when the player's overlay (title, transport, scrubber) shows, hides and fades.
///
/// The overlay shows on any activity and hides `hideDelay` after the last one, but only while
/// playing, never while scrubbing, never in screen-reader mode and never at the end of the file.
/// It fades over 0.25 s with ease-in-out, or changes at once with reduce-motion.
///
/// Feed it events with the time they happened; read ``opacity(at:)`` to draw and sleep until
/// ``nextDeadline``, then call ``tick(now:)``. While ``isAnimating(at:)`` is true, redraw at the
/// frame rate. A hide that has come due is already reflected by every query before `tick` runs.
public struct ChromeEngine: Sendable, Equatable {
    /// The settings of a chrome engine.
    public struct Configuration: Sendable, Equatable {
        /// How long after the last activity the overlay hides while playing; negative or NaN counts as 0.
        public var hideDelay: Seconds
        /// How long a fade in or out takes.
        public var fadeDuration: Seconds
        /// Show and hide at once instead of fading.
        public var reduceMotion: Bool
        /// Screen-reader mode: the overlay never hides.
        public var screenReader: Bool

        /// The seed's hide delay, 3 s: the one default of `--hide-delay`, the player screen and
        /// this engine.
        public static let standardHideDelay: Seconds = 3

        /// A hide delay as the engine takes it: negative or NaN is 0.
        static func usable(_ delay: Seconds) -> Seconds { delay.isNaN ? 0 : max(delay, 0) }

        /// Makes a configuration; the defaults are the seed's: hide after 3 s, fade over 0.25 s.
        public init(hideDelay: Seconds = standardHideDelay, fadeDuration: Seconds = 0.25, reduceMotion: Bool = false, screenReader: Bool = false) {
            self.hideDelay = Self.usable(hideDelay)
            self.fadeDuration = fadeDuration
            self.reduceMotion = reduceMotion
            self.screenReader = screenReader
        }
    }

    /// The settings this engine was made with.
    public let configuration: Configuration
    /// Whether the overlay is meant to be up (true also while it fades in), as of the last event or tick.
    public private(set) var isVisible: Bool
    /// Whether the player is playing, as last reported.
    public private(set) var isPlaying: Bool
    /// Whether the user is dragging the scrubber.
    public private(set) var isScrubbing: Bool
    /// When the hide timer last started: the last activity, or the last change that restarts it.
    private var timerStart: Seconds
    /// The overlay's opacity.
    private var fade: Tween

    /// Makes an engine whose overlay is up at `now`, as the seed starts.
    public init(configuration: Configuration = Configuration(), isPlaying: Bool = false, now: Seconds) {
        // A configuration set field by field (the option table's) is held to the same rule as one made by init.
        var configuration = configuration
        configuration.hideDelay = Configuration.usable(configuration.hideDelay)
        self.configuration = configuration
        isVisible = true
        self.isPlaying = isPlaying
        isScrubbing = false
        timerStart = now
        fade = Tween(atOne: true, duration: configuration.reduceMotion ? 0 : configuration.fadeDuration, curve: .easeInOut)
    }

    // MARK: Events

    /// Any key, click or mouse move: shows the overlay and restarts the hide timer.
    public mutating func activity(now: Seconds) {
        advance(to: now)
        reveal(now: now)
        timerStart = now
    }

    /// Shows the overlay without counting as activity: the hide timer starts only if it was hidden.
    public mutating func show(now: Seconds) {
        advance(to: now)
        guard !isVisible else { return }
        reveal(now: now)
        timerStart = now
    }

    /// Hides the overlay now, unless a screen reader is on or the scrubber is being dragged.
    public mutating func hide(now: Seconds) {
        advance(to: now)
        conceal(now: now)
    }

    /// A click on the video, or the toggle key: hides the overlay if it is up, otherwise shows it
    /// as activity.
    public mutating func toggle(now: Seconds) {
        advance(to: now)
        if isVisible { conceal(now: now) } else { activity(now: now) }
    }

    /// Playback started or paused. A change counts as activity; reporting the same state again does nothing.
    ///
    /// While paused the overlay stays up.
    public mutating func playbackChanged(isPlaying: Bool, now: Seconds) {
        advance(to: now)
        guard isPlaying != self.isPlaying else { return }
        self.isPlaying = isPlaying
        activity(now: now)
    }

    /// The scrubber drag began (`true`) or ended. The overlay shows and stays while dragging; the
    /// hide timer starts again when the drag ends.
    public mutating func scrubbing(_ isScrubbing: Bool, now: Seconds) {
        advance(to: now)
        guard isScrubbing != self.isScrubbing else { return }
        self.isScrubbing = isScrubbing
        activity(now: now)
    }

    /// A seek happened: counts as activity.
    public mutating func seeked(now: Seconds) {
        activity(now: now)
    }

    /// Activity that does not call for the overlay, such as a double-click skip on the video: when
    /// the overlay is up its hide timer starts again; when it is hidden it stays hidden.
    public mutating func keepAlive(now: Seconds) {
        advance(to: now)
        guard isVisible else { return }
        timerStart = now
    }

    /// Playback reached the end of the file: the overlay shows and stays, because playback counts
    /// as stopped until ``playbackChanged(isPlaying:now:)`` reports it playing again.
    public mutating func ended(now: Seconds) {
        advance(to: now)
        isPlaying = false
        activity(now: now)
    }

    /// Brings the state up to `now`: applies a hide that has come due and forgets a finished fade.
    public mutating func tick(now: Seconds) {
        advance(to: now)
    }

    // MARK: Queries

    /// When the overlay will start to hide by itself; nil when nothing will hide it.
    public var hideDeadline: Seconds? {
        guard isVisible, isPlaying, !isScrubbing, !configuration.screenReader else { return nil }
        return timerStart + configuration.hideDelay
    }

    /// When the caller must wake up next: the hide time or the end of a running fade, whichever is
    /// first; nil when idle. A time at or before `now` means "call `tick(now)` now".
    public var nextDeadline: Seconds? {
        [hideDeadline, fade.endTime].compactMap { $0 }.min()
    }

    /// The overlay's opacity at `now`: 0 (hidden) … 1 (shown), eased.
    public func opacity(at now: Seconds) -> Double {
        fade.falling(from: hideDeadline, now: now).value(at: now)
    }

    /// Whether any of the overlay is drawn at `now` (its opacity is above 0).
    public func isShown(at now: Seconds) -> Bool {
        opacity(at: now) > 0
    }

    /// Whether the overlay's controls take clicks at `now`: while it is meant to be up, including
    /// while it fades in. A fading-out or hidden overlay takes none: a click anywhere shows it instead.
    public func isInteractive(at now: Seconds) -> Bool {
        guard isVisible else { return false }
        guard let hideDeadline else { return true }
        return now < hideDeadline
    }

    /// Whether a fade is running at `now`, so the caller should redraw at its frame rate.
    public func isAnimating(at now: Seconds) -> Bool {
        fade.falling(from: hideDeadline, now: now).isRunning(at: now)
    }

    // MARK: Internals

    private mutating func advance(to now: Seconds) {
        if let deadline = hideDeadline, now >= deadline {
            fade = fade.falling(from: deadline, now: now)
            isVisible = false
        }
        fade.settle(now: now)
    }

    private mutating func reveal(now: Seconds) {
        isVisible = true
        animate(rising: true, now: now)
    }

    private mutating func conceal(now: Seconds) {
        guard isVisible, !configuration.screenReader, !isScrubbing else { return }
        isVisible = false
        animate(rising: false, now: now)
    }

    private mutating func animate(rising: Bool, now: Seconds) {
        if configuration.reduceMotion { fade.jump(rising: rising) } else { fade.run(rising: rising, now: now) }
    }
}
