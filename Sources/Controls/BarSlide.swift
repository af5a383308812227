/// Animates the library's hint bar out of view and back: it slides down by its own height over
/// 0.3 s, or with reduce-motion fades in place over 0.15 s (linear), as the seed does.
///
/// The seed's slide is SwiftUI's `.snappy` spring; a row cannot overshoot, so reel slides along the
/// ``Easing/smooth`` curve, which has no bounce. The offset is continuous in rows, so a 1-row bar
/// can be drawn part-way (darkened, or as a half-block step) before it is gone. In screen-reader
/// mode the bar never hides.
public struct BarSlide: Sendable, Equatable {
    /// The settings of a bar slide.
    public struct Configuration: Sendable, Equatable {
        /// The bar's height in rows (at least 0).
        public var barHeight: Int
        /// How long the slide out or in takes.
        public var slideDuration: Seconds
        /// How long the reduce-motion fade takes.
        public var fadeDuration: Seconds
        /// Fade in place instead of sliding.
        public var reduceMotion: Bool
        /// Screen-reader mode: the bar always shows.
        public var screenReader: Bool

        /// Makes a configuration; the defaults are a 1-row bar and the seed's timings.
        public init(barHeight: Int = 1, slideDuration: Seconds = 0.3, fadeDuration: Seconds = 0.15, reduceMotion: Bool = false, screenReader: Bool = false) {
            self.barHeight = max(barHeight, 0)
            self.slideDuration = slideDuration
            self.fadeDuration = fadeDuration
            self.reduceMotion = reduceMotion
            self.screenReader = screenReader
        }
    }

    /// The settings this slide was made with.
    public let configuration: Configuration
    /// How far the bar has gone: 0 in place, 1 all the way out (or faded out).
    private var motion: Tween

    /// Makes a slide with the bar in place.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        motion = configuration.reduceMotion
            ? Tween(atOne: false, duration: configuration.fadeDuration, curve: .linear)
            : Tween(atOne: false, duration: configuration.slideDuration, curve: .smooth)
    }

    /// Whether the bar is on its way out or out (never in screen-reader mode).
    public var hidesBar: Bool { motion.isRising }

    /// Whether the bar takes clicks: as soon as it starts to go, it takes none, as in the seed.
    public var isInteractive: Bool { !hidesBar }

    /// Starts the bar on its way out (`hidden`) or back, from wherever it is at `now`; usually fed
    /// from ``ScrollHideTracker/isHidden``.
    public mutating func setHidden(_ hidden: Bool, now: Seconds) {
        motion.run(rising: hidden && !configuration.screenReader, now: now)
    }

    /// How many rows the bar has moved down at `now`, 0…barHeight; always 0 with reduce-motion.
    public func offsetRows(at now: Seconds) -> Double {
        guard !configuration.reduceMotion else { return 0 }
        return motion.value(at: now) * Double(configuration.barHeight)
    }

    /// How many of the bar's rows are still on screen at `now`: barHeight − ``offsetRows(at:)``.
    public func visibleRows(at now: Seconds) -> Double {
        Double(configuration.barHeight) - offsetRows(at: now)
    }

    /// The bar's opacity at `now`: 1 while sliding; the fade with reduce-motion.
    public func opacity(at now: Seconds) -> Double {
        configuration.reduceMotion ? 1 - motion.value(at: now) : 1
    }

    /// Whether the bar is moving or fading at `now`, so the caller should redraw at its frame rate.
    public func isAnimating(at now: Seconds) -> Bool {
        motion.isRunning(at: now)
    }

    /// When the running slide or fade ends; nil when the bar is at rest.
    public var nextDeadline: Seconds? { motion.endTime }

    /// Forgets a slide that has finished by `now`.
    public mutating func tick(now: Seconds) {
        motion.settle(now: now)
    }
}
