/// The poster card's way to the full-screen player and back: the reveal in the frame, then the
/// frame growing to fill the terminal.
///
/// Opening runs the circle of ``RevealTransition`` inside the poster's frame; once the circle has
/// covered the frame, the frame grows from the card's size to the whole terminal over
/// ``Configuration/growDuration`` (ease-in-out) while its corners straighten, and then the player
/// has the terminal (``Phase/player``). Closing runs the two back: the frame shrinks to the card,
/// then the circle closes. A turn at any moment starts from where things are, with no jump. With
/// reduce-motion the video cross-fades in the frame and the frame changes size at once.
///
/// The stage never reads a clock. Each step that follows another (growing after the reveal,
/// the circle closing after the shrink) starts at the exact time the first one ended, whenever
/// the stage is next asked, so a late `tick` changes nothing.
public struct PosterStage: Sendable, Equatable {
    /// The settings of a stage.
    public struct Configuration: Sendable, Equatable {
        /// How long the circle takes to open or close (the seed's 0.6 s).
        public var revealDuration: Seconds
        /// How long the frame takes to grow to the terminal or shrink back.
        public var growDuration: Seconds
        /// Cross-fade instead of the circle; the frame changes size at once.
        public var reduceMotion: Bool

        /// Makes a configuration: 0.6 s for the circle and 0.3 s for the growth by default.
        public init(revealDuration: Seconds = RevealTransition.Configuration.standardDuration, growDuration: Seconds = 0.3, reduceMotion: Bool = false) {
            self.revealDuration = revealDuration
            self.growDuration = growDuration
            self.reduceMotion = reduceMotion
        }
    }

    /// Where the stage is.
    public enum Phase: Sendable, Equatable {
        /// The poster card at rest.
        case poster
        /// The circle opens the video in the frame.
        case opening
        /// The frame grows to the whole terminal.
        case growing
        /// The player has the terminal.
        case player
        /// The frame shrinks back to the card.
        case shrinking
        /// The circle closes over the video.
        case closing
    }

    /// The settings this stage was made with.
    public let configuration: Configuration
    /// Whether the stage is heading for the player (true) or for the poster (false).
    public private(set) var isOpen = false
    private var reveal: RevealTransition
    /// 0: the video fills the card's frame; 1: it fills the terminal.
    private var growth: Tween

    /// Makes a stage at rest on the poster.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        reveal = RevealTransition(configuration: .init(duration: configuration.revealDuration,
                                                       reduceMotion: configuration.reduceMotion))
        growth = Tween(atOne: false, duration: configuration.reduceMotion ? 0 : configuration.growDuration, curve: .easeInOut)
    }

    // MARK: Events

    /// Heads for the player at `now`, from wherever the stage is.
    public mutating func open(now: Seconds) {
        settle(now: now)
        guard !isOpen else { return }
        isOpen = true
        // While the frame is larger than the card the circle is still full: grow again.
        if reveal.isOpen { growth.run(rising: true, now: now) } else { reveal.open(now: now) }
        self = advanced(to: now)
    }

    /// Heads back for the poster at `now`, from wherever the stage is.
    public mutating func close(now: Seconds) {
        settle(now: now)
        guard isOpen else { return }
        isOpen = false
        growth.run(rising: false, now: now)
        self = advanced(to: now)
    }

    /// Brings the stage up to `now`, forgetting steps that have ended.
    public mutating func tick(now: Seconds) {
        settle(now: now)
    }

    // MARK: Queries

    /// Where the stage is at `now`.
    public func phase(at now: Seconds) -> Phase {
        let stage = advanced(to: now)
        let growth = stage.growth.value(at: now)
        if stage.growth.isRising { return growth >= 1 && !stage.growth.isRunning(at: now) ? .player : .growing }
        if growth > 0 { return .shrinking }
        if stage.reveal.isOpen { return .opening }
        return stage.reveal.isAnimating(at: now) ? .closing : .poster
    }

    /// How far the frame has grown at `now`: 0 the card's frame … 1 the whole terminal.
    public func growth(at now: Seconds) -> Double {
        advanced(to: now).growth.value(at: now)
    }

    /// The reveal as it is at `now`: ask it for the mask, the video's opacity and the buttons.
    public func reveal(at now: Seconds) -> RevealTransition {
        advanced(to: now).reveal
    }

    /// Whether the player has the terminal at `now`.
    public func isPlayerInFront(at now: Seconds) -> Bool { phase(at: now) == .player }

    /// Whether something moves at `now`, so the owner should redraw at its frame rate.
    public func isAnimating(at now: Seconds) -> Bool {
        let stage = advanced(to: now)
        return stage.reveal.isAnimating(at: now) || stage.growth.isRunning(at: now)
    }

    /// When the running step ends, so the owner wakes up to start the next; nil at rest.
    public var nextDeadline: Seconds? {
        [reveal.nextDeadline, growth.endTime].compactMap { $0 }.min()
    }

    // MARK: Steps

    /// This stage with the next step started at the moment the previous one ended, if that
    /// moment has come by `now`.
    private func advanced(to now: Seconds) -> PosterStage {
        var stage = self
        if isOpen, !growth.isRising, reveal.isOpen, !reveal.isAnimating(at: now) {
            // The circle has covered the frame: the frame grows.
            stage.growth.run(rising: true, now: reveal.nextDeadline ?? now)
        } else if !isOpen, reveal.isOpen, !growth.isRising, !growth.isRunning(at: now) {
            // The frame is back to the card's size: the circle closes.
            stage.reveal.close(now: growth.endTime ?? now)
        }
        return stage
    }

    /// Starts what is due by `now` and forgets ended runs, so that no stale end time remains to
    /// start a step from the past.
    private mutating func settle(now: Seconds) {
        self = advanced(to: now)
        reveal.tick(now: now)
        growth.settle(now: now)
    }
}
