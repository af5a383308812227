/// Turns taps on the two halves of the video (clicks, or ← and → presses) into skips, with the
/// running tally, the fading feedback and the ripple.
///
/// The rules, from the seed and from YouTube:
/// - Two taps on one side less than `doubleTapWindow` (0.3 s) apart skip by `interval` that way.
/// - While the feedback shows, which is until `feedbackDuration` (0.9 s) after the last skip, every
///   further single tap on that side skips again and adds to the tally ("+10 s", "+20 s").
/// - A tap on the other side meanwhile is a first tap: the other side needs its own double tap,
///   which starts its tally again at one interval (the seed's `record`).
/// - A lone key press shows the chrome at once (``Action/showChrome``). A lone click waits out the
///   window, because a second click would make it a double tap; ``tick(now:)`` then reports
///   ``Action/singleTap(_:)`` and the caller toggles the chrome.
/// - An interval of 0 or less (or NaN) disables skipping: a key press shows the chrome, a click is
///   a single tap at once.
/// - Held arrow keys: the terminal repeats the key every 30 ms or so. The first repeat inside the
///   window makes a double tap and every later repeat adds one interval while the feedback shows,
///   so holding → skips forward one interval per repeat. Send the skips through a
///   one seek in flight (the session's `SeekFlight`) so the player gets at most one at a time.
///
/// Call ``tick(now:)`` before delivering input at the same wake-up; a tap also brings the state up
/// to date itself, and hands back a click that has just turned out single when it has nothing else to say.
public struct DoubleTapSeek: Sendable, Equatable {
    /// The settings of a double-tap engine.
    public struct Configuration: Sendable, Equatable {
        /// How far one skip goes, in seconds; 0, negative or NaN disables skipping.
        public var interval: Seconds
        /// How soon a second tap must follow the first to make a double tap.
        public var doubleTapWindow: Seconds
        /// How long the feedback and the tally stay after the last skip.
        public var feedbackDuration: Seconds
        /// How long the feedback fades in and out (ease-out).
        public var fadeDuration: Seconds
        /// How long the ripple grows and fades (ease-out).
        public var rippleDuration: Seconds
        /// No ripple, and the feedback comes and goes at once.
        public var reduceMotion: Bool

        /// The seed's interval, 10 s: the one default of `--seek-interval`, the player screen, the
        /// table of keys and this engine.
        public static let standardInterval: Seconds = 10

        /// reel's double-tap window, 0.4 s from press to press (`--double-tap-window`).
        ///
        /// Phones count theirs from the first tap's release: Android's double-tap timeout is
        /// 0.3 s after a tap of up to 0.1 s, so 0.4 s from touch to touch; desktops (GTK's
        /// double-click time, and so YouTube's double click in a browser there) take 0.4 s too. A
        /// key press has no release to count from, and the seed's 0.3 s, from press to press,
        /// missed two → presses typed 0.3 s apart. The engine's own default stays the seed's.
        public static let standardWindow: Seconds = 0.4

        /// Makes a configuration; the defaults are the seed's.
        public init(
            interval: Seconds = standardInterval,
            doubleTapWindow: Seconds = 0.3,
            feedbackDuration: Seconds = 0.9,
            fadeDuration: Seconds = 0.2,
            rippleDuration: Seconds = 0.55,
            reduceMotion: Bool = false
        ) {
            self.interval = interval
            self.doubleTapWindow = doubleTapWindow
            self.feedbackDuration = feedbackDuration
            self.fadeDuration = fadeDuration
            self.rippleDuration = rippleDuration
            self.reduceMotion = reduceMotion
        }

        /// Whether taps skip at all: only with a positive, finite interval.
        public var isSkippingEnabled: Bool { interval > 0 && interval.isFinite }
    }

    /// What the caller does after a tap or a tick.
    public enum Action: Sendable, Equatable {
        /// Nothing now: a click waits to see whether a second one follows.
        case none
        /// A key press that did not skip: show the chrome.
        case showChrome
        /// A click that stayed single: toggle the chrome, as a click on the video does.
        case singleTap(SeekSide)
        /// Seek by this many seconds (negative goes back).
        case skip(seconds: Seconds)
    }

    /// What the feedback over one half shows at a moment.
    public struct Feedback: Sendable, Equatable {
        /// The half to dim and label.
        public var side: SeekSide
        /// The tally in seconds.
        public var seconds: Seconds
        /// The label, like "+20 s".
        public var label: String
        /// The whole feedback layer's opacity, 0…1 (the dim itself is ``DoubleTapSeek/dimOpacity`` at 1).
        public var opacity: Double
    }

    /// How dark the tapped half gets at full feedback opacity.
    public static let dimOpacity = 0.22

    /// The settings this engine was made with.
    public let configuration: Configuration
    /// A first tap that may become a double tap.
    private var pending: PendingTap?
    /// The latest tally; kept after the reset so that the label shows while the feedback fades out.
    private var latestTally: SkipTally?
    /// When the last skip happened; nil once the tally has reset.
    private var lastSkip: Seconds?
    /// The feedback layer's opacity.
    private var fade: Tween
    /// When the current ripple started; nil when there is none.
    private var rippleStart: Seconds?
    /// Where the current ripple is centred, in the half's coordinates; nil for the half's centre.
    private var rippleCenter: Point?

    private struct PendingTap: Sendable, Equatable {
        var side: SeekSide
        var time: Seconds
        var isClick: Bool
    }

    /// Makes an engine with nothing showing.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        fade = Tween(atOne: false, duration: configuration.reduceMotion ? 0 : configuration.fadeDuration, curve: .easeOut)
    }

    // MARK: Events

    /// A tap on `side`: a click at `point` in that half's own pixel coordinates, or a key press when
    /// `point` is nil. See the type's rules for what comes back.
    public mutating func tap(_ side: SeekSide, at point: Point?, now: Seconds) -> Action {
        let resolved = tick(now: now)
        guard configuration.isSkippingEnabled else {
            pending = nil
            return point == nil ? .showChrome : .singleTap(side)
        }
        if tally(at: now)?.side == side || pending?.side == side {
            return recordSkip(side, amount: configuration.interval, center: point, now: now)
        }
        pending = PendingTap(side: side, time: now, isClick: point != nil)
        return point == nil ? .showChrome : resolved
    }

    /// A skip straight away, without a double tap: the j and l keys, a bound `seek N` and the
    /// screen reader's named actions. It moves `seconds` (one interval when nil), counts in the
    /// tally and shows the feedback and a ripple centred in the half. With skipping disabled, a
    /// skip of one interval only shows the chrome; an explicit `seconds` still skips.
    public mutating func skip(_ side: SeekSide, seconds: Seconds? = nil, now: Seconds) -> Action {
        _ = tick(now: now)
        let amount = seconds ?? configuration.interval
        guard amount > 0, amount.isFinite, seconds != nil || configuration.isSkippingEnabled else { return .showChrome }
        return recordSkip(side, amount: amount, center: nil, now: now)
    }

    /// Brings the state up to `now`: a click whose window has passed becomes ``Action/singleTap(_:)``,
    /// the tally resets `feedbackDuration` after the last skip, and finished animations are forgotten.
    public mutating func tick(now: Seconds) -> Action {
        var action = Action.none
        if let pending, now >= pending.time + configuration.doubleTapWindow {
            self.pending = nil
            if pending.isClick { action = .singleTap(pending.side) }
        }
        if let reset = resetDeadline, now >= reset {
            fade = fade.falling(from: reset, now: now)
            lastSkip = nil
        }
        fade.settle(now: now)
        if let rippleEnd, now >= rippleEnd {
            rippleStart = nil
            rippleCenter = nil
        }
        return action
    }

    /// A jump elsewhere (a chapter, Home or End, a digit key, the scrubber): the skip feedback,
    /// the ripple and the tally go at once, since "◀◀ -10 s" no longer says where playback is.
    /// A click waiting for its second click stays.
    public mutating func clear() {
        latestTally = nil
        lastSkip = nil
        fade.jump(rising: false)
        rippleStart = nil
        rippleCenter = nil
    }

    // MARK: Queries

    /// The running tally at `now`; nil before the first skip and from `feedbackDuration` after the last.
    public func tally(at now: Seconds) -> SkipTally? {
        guard let reset = resetDeadline, now < reset else { return nil }
        return latestTally
    }

    /// What the feedback layer shows at `now`, including while it fades out after the reset; nil
    /// when nothing shows.
    public func feedback(at now: Seconds) -> Feedback? {
        guard let latestTally else { return nil }
        let opacity = feedbackOpacity(at: now)
        guard opacity > 0 else { return nil }
        return Feedback(side: latestTally.side, seconds: latestTally.seconds, label: latestTally.label, opacity: opacity)
    }

    /// The feedback layer's opacity at `now`, 0…1: fades in on the first skip and out after the reset
    /// over `fadeDuration` with ease-out, or at once with reduce-motion.
    public func feedbackOpacity(at now: Seconds) -> Double {
        fade.falling(from: resetDeadline, now: now).value(at: now)
    }

    /// The ripple at `now`: restarted by every skip, its diameter grows from 0.1 to 1 of
    /// max(width, height) with ease-out over `rippleDuration` while its opacity falls from 1 to 0.
    /// Nil when there is none, and always nil with reduce-motion.
    public func ripple(at now: Seconds) -> Ripple? {
        guard !configuration.reduceMotion, let rippleStart, let rippleEnd, let latestTally,
              now >= rippleStart, now < rippleEnd else { return nil }
        let eased = Easing.easeOut.value(at: (now - rippleStart) / configuration.rippleDuration)
        return Ripple(side: latestTally.side, center: rippleCenter, scale: 0.1 + 0.9 * eased, opacity: 1 - eased)
    }

    /// When a lone click turns into ``Action/singleTap(_:)``; nil when no click waits.
    public var pendingSingleTapDeadline: Seconds? {
        guard let pending, pending.isClick else { return nil }
        return pending.time + configuration.doubleTapWindow
    }

    /// When the tally resets; nil when there is no running tally.
    public var resetDeadline: Seconds? {
        lastSkip.map { $0 + configuration.feedbackDuration }
    }

    /// When the caller must wake up next: a waiting click, the reset, or the end of a fade or a
    /// ripple, whichever is first; nil when idle. A time at or before `now` means "tick now".
    public var nextDeadline: Seconds? {
        [pendingSingleTapDeadline, resetDeadline, fade.endTime, rippleEnd].compactMap { $0 }.min()
    }

    /// Whether the feedback fades or a ripple runs at `now`, so the caller should redraw at its frame rate.
    public func isAnimating(at now: Seconds) -> Bool {
        fade.falling(from: resetDeadline, now: now).isRunning(at: now) || ripple(at: now) != nil
    }

    /// The name of the screen reader's action for `side`: "Skip back 10 seconds", "Skip forward 2.5 seconds".
    public func accessibilityActionName(for side: SeekSide) -> String {
        "Skip \(side == .backward ? "back" : "forward") \(SkipTally.number(configuration.interval)) seconds"
    }

    // MARK: Internals

    private var rippleEnd: Seconds? {
        guard !configuration.reduceMotion else { return nil }
        return rippleStart.map { $0 + configuration.rippleDuration }
    }

    private mutating func recordSkip(_ side: SeekSide, amount interval: Seconds, center: Point?, now: Seconds) -> Action {
        if var running = tally(at: now) {
            running.record(side, interval: interval)
            latestTally = running
        } else {
            latestTally = SkipTally(side: side, seconds: interval)
        }
        pending = nil
        lastSkip = now
        if configuration.reduceMotion { fade.jump(rising: true) } else { fade.run(rising: true, now: now) }
        rippleStart = now
        rippleCenter = center
        return .skip(seconds: side.sign * interval)
    }
}
