/// Opens the poster into the playing video through a circle that grows from the frame's centre,
/// and closes it again the same way.
///
/// The circle's diameter is the frame's diagonal, scaled from 0.05 to 1 over 0.6 s along
/// ``Easing/smooth`` (SwiftUI's `.smooth`: a critically damped spring, cut at 0.6 s and scaled to end
/// at exactly 1). Closing runs the same curve back towards 0.05, from wherever the circle is when
/// it turns round, in the part of 0.6 s that is left from there. The ▶ button grows to 1.8× and
/// fades as the video opens, and comes back the same way; the ✕ fades in with the video.
///
/// With reduce-motion the circle is always full and the video cross-fades in and out over the
/// same time instead. (The seed's reduce-motion path has no animation at all, which its own
/// description contradicts; reel fades, as the description says.)
public struct RevealTransition: Sendable, Equatable {
    /// The settings of a reveal.
    public struct Configuration: Sendable, Equatable {
        /// How long opening or closing takes from end to end.
        public var duration: Seconds
        /// Cross-fade instead of the growing circle.
        public var reduceMotion: Bool

        /// The seed's 0.6 s: the one default of `--reveal-duration`, the poster and this transition.
        public static let standardDuration: Seconds = 0.6

        /// Makes a configuration; the default duration is the seed's 0.6 s.
        public init(duration: Seconds = standardDuration, reduceMotion: Bool = false) {
            self.duration = duration
            self.reduceMotion = reduceMotion
        }
    }

    /// How the ▶ button looks at a moment.
    public struct ButtonLook: Sendable, Equatable {
        /// Its size relative to its resting size: 1 at rest, up to ``RevealTransition/buttonEndScale``.
        public var scale: Double
        /// Its opacity, 0…1.
        public var opacity: Double
    }

    /// The circle's diameter, as a fraction of the diagonal, when the video is closed.
    public static let startScale = 0.05
    /// The ▶ button's scale when the video is fully open.
    public static let buttonEndScale = 1.8

    /// The settings this reveal was made with.
    public let configuration: Configuration
    /// 0 closed (poster), 1 open (video).
    private var tween: Tween

    /// Makes a reveal at rest, closed (showing the poster) or open.
    public init(configuration: Configuration = Configuration(), isOpen: Bool = false) {
        self.configuration = configuration
        tween = Tween(atOne: isOpen, duration: configuration.duration, curve: .smooth)
    }

    /// Whether the video is open or opening (false while closing or closed).
    public var isOpen: Bool { tween.isRising }

    /// Starts opening at `now`, from wherever the transition is.
    public mutating func open(now: Seconds) {
        tween.run(rising: true, now: now)
    }

    /// Starts closing at `now`, from wherever the transition is.
    public mutating func close(now: Seconds) {
        tween.run(rising: false, now: now)
    }

    /// The eased progress at `now`: 0 closed … 1 open.
    public func progress(at now: Seconds) -> Double {
        tween.value(at: now)
    }

    /// Whether any of the video is drawn at `now`.
    public func isVideoShown(at now: Seconds) -> Bool {
        progress(at: now) > 0
    }

    /// The circle's diameter as a fraction of the frame's diagonal at `now`: 0.05 … 1, or always 1
    /// with reduce-motion.
    public func maskScale(at now: Seconds) -> Double {
        guard !configuration.reduceMotion else { return 1 }
        return Self.startScale + (1 - Self.startScale) * progress(at: now)
    }

    /// The circle's radius at `now` for a frame `width` × `height` pixels, in pixel widths.
    ///
    /// `pixelAspect` is a pixel's width over its height (1 for the square half-block pixels of
    /// 1:2 cells).
    public func maskRadius(at now: Seconds, width: Double, height: Double, pixelAspect: Double = 1) -> Double {
        let (width, height) = Self.physical(width: width, height: height, pixelAspect: pixelAspect)
        return maskScale(at: now) * (width * width + height * height).squareRoot() / 2
    }

    /// The circle at `now` for a frame `width` × `height` pixels, centred on the frame, ready to
    /// test its pixels; ``RevealMask/closed`` whenever the video is not shown.
    public func mask(at now: Seconds, width: Double, height: Double, pixelAspect: Double = 1) -> RevealMask {
        guard isVideoShown(at: now) else { return .closed }
        return RevealMask(centreX: width / 2, centreY: height / 2,
                          radius: maskRadius(at: now, width: width, height: height, pixelAspect: pixelAspect),
                          pixelAspect: Self.sanitised(pixelAspect))
    }

    /// Whether the pixel whose centre is at (`x`, `y`) is inside the circle at `now`, for a frame
    /// `width` × `height` pixels. False whenever the video is not shown.
    public func contains(x: Double, y: Double, width: Double, height: Double, pixelAspect: Double = 1, at now: Seconds) -> Bool {
        mask(at: now, width: width, height: height, pixelAspect: pixelAspect).contains(x: x, y: y)
    }

    /// The video's opacity at `now`: the cross-fade with reduce-motion, otherwise 1 whenever it is shown.
    public func videoOpacity(at now: Seconds) -> Double {
        let progress = progress(at: now)
        guard !configuration.reduceMotion else { return progress }
        return progress > 0 ? 1 : 0
    }

    /// The ▶ button at `now`: scale 1 → 1.8 and opacity 1 → 0 as the video opens (with
    /// reduce-motion it only fades).
    public func playButton(at now: Seconds) -> ButtonLook {
        let progress = progress(at: now)
        let scale = configuration.reduceMotion ? 1 : 1 + (Self.buttonEndScale - 1) * progress
        return ButtonLook(scale: scale, opacity: 1 - progress)
    }

    /// The ✕ button's opacity at `now`: it fades in with the video.
    public func closeButtonOpacity(at now: Seconds) -> Double {
        progress(at: now)
    }

    /// Whether ▶ takes clicks: while the video is closed or closing.
    public var isPlayButtonInteractive: Bool { !isOpen }

    /// Whether ✕ takes clicks: while the video is open or opening.
    public var isCloseButtonInteractive: Bool { isOpen }

    /// Whether the transition runs at `now`, so the caller should redraw at its frame rate.
    public func isAnimating(at now: Seconds) -> Bool {
        tween.isRunning(at: now)
    }

    /// When the running transition ends; nil at rest.
    public var nextDeadline: Seconds? { tween.endTime }

    /// Forgets a transition that has finished by `now`.
    public mutating func tick(now: Seconds) {
        tween.settle(now: now)
    }

    private static func sanitised(_ pixelAspect: Double) -> Double {
        pixelAspect.isFinite && pixelAspect > 0 ? pixelAspect : 1
    }

    private static func physical(width: Double, height: Double, pixelAspect: Double) -> (Double, Double) {
        (width, height / sanitised(pixelAspect))
    }
}
