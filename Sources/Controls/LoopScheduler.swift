/// Decides when the program's one loop polls (and for how long), when it draws, and when it sleeps.
///
/// The loop carries out; this decides, from what the loop tells it at each step (an ``Outlook``:
/// the scene's state, the terminal's, the engines' deadlines) and the time it is passed. A screen
/// is drawn at once for a change, at most every ``animationInterval`` for an animation alone, once
/// more when an animation ends (at its final value), and never while the terminal is still taking
/// the last one (its bytes unwritten, or its images not yet acknowledged): the loop then waits for
/// the terminal instead of spinning. While the terminal has not answered for the last picture
/// (``Output/awaitingPicture``), a screen of the controls alone may still go, once. With nothing due it sleeps until a descriptor wakes it.
public struct LoopScheduler: Sendable, Equatable {
    /// What the loop tells the scheduler.
    public enum Event: Sendable, Equatable {
        /// The loop is about to wait in poll(2).
        case willWait(Outlook)
        /// A pass has run (input, the session, the scene): the loop may draw.
        case passEnded(Outlook)
        /// The whole screen is to be drawn again, changed or not (Ctrl-L).
        case redrawRequested
    }

    /// What the loop does next.
    public enum Action: Sendable, Equatable {
        /// Wait in poll(2) for at most `timeout` seconds; nil: until a descriptor wakes the loop.
        case poll(timeout: Double?)
        /// Draw the scene now.
        case draw
        /// Nothing to do at this step.
        case none
    }

    /// Whether the terminal is still taking the last screen.
    public struct Output: Sendable, Equatable {
        /// Bytes of the last screen are still to be written.
        public var writing: Bool
        /// Images of the last screen are sent and not yet acknowledged.
        public var awaitingAcknowledgement: Bool
        /// The terminal has not yet answered for the last picture (``LinkPacer/mayWritePicture``):
        /// no new video frame, but a screen of the controls alone may go.
        public var awaitingPicture: Bool
        /// The terminal has not yet answered for the last screen of the controls alone either
        /// (``LinkPacer/mayWriteControls``): nothing is drawn.
        public var awaitingControls: Bool

        public init(writing: Bool = false, awaitingAcknowledgement: Bool = false, awaitingPicture: Bool = false,
                    awaitingControls: Bool = false) {
            self.writing = writing
            self.awaitingAcknowledgement = awaitingAcknowledgement
            self.awaitingPicture = awaitingPicture
            self.awaitingControls = awaitingControls
        }

        /// The terminal has taken the last screen, so that a new one (and a video frame for it)
        /// may be made.
        public var isReady: Bool { mayDraw && !awaitingPicture }

        /// A screen may be drawn: of the controls alone at least (the picture when ``isReady``).
        public var mayDraw: Bool { !writing && !awaitingAcknowledgement && !awaitingControls }
    }

    /// What the loop sees at a step.
    public struct Outlook: Sendable, Equatable {
        /// The terminal's side.
        public var output: Output
        /// The scene has something new to draw (a frame, a change).
        public var sceneChanged: Bool
        /// An animation runs in the scene.
        public var animating: Bool
        /// The times the engines need to run again (the scene's, the input decoder's, the
        /// session's, the end of the wait for an acknowledgement); nil for one that needs nothing.
        public var deadlines: [Double?]
        /// Work is in hand that no descriptor will announce (messages libdbus read already): no wait.
        public var workInHand: Bool

        public init(output: Output = Output(), sceneChanged: Bool = false, animating: Bool = false,
                    deadlines: [Double?] = [], workInHand: Bool = false) {
            self.output = output
            self.sceneChanged = sceneChanged
            self.animating = animating
            self.deadlines = deadlines
            self.workInHand = workInHand
        }
    }

    /// The shortest time between two screens drawn only because an animation moved on (a new
    /// video frame or a change of state draws at once). Without it an animation would redraw as
    /// fast as the terminal takes the bytes, and the video frames due meanwhile would be dropped.
    public let animationInterval: Double
    /// The longest wait for a deadline, in seconds (a wait with no deadline has no limit).
    public let longestWait: Double
    /// The last screen drawn was mid-animation, so its final state still has to be drawn.
    public private(set) var animationPending = false
    /// A redraw of the whole screen was asked for and not yet drawn.
    public private(set) var redrawPending = false
    /// When the last screen was drawn.
    public private(set) var lastDraw = -Double.infinity

    /// The loop's default: animations at 30 frames a second, and a wait of at most a minute.
    public init(animationInterval: Double = 1.0 / 30, longestWait: Double = 60) {
        self.animationInterval = animationInterval
        self.longestWait = longestWait
    }

    /// Takes `event` at `now` and says what the loop does next.
    public mutating func event(_ event: Event, now: Double) -> Action {
        switch event {
        case .willWait(let outlook):
            return .poll(timeout: timeout(outlook, now: now))
        case .passEnded(let outlook):
            guard outlook.output.mayDraw, let due = drawDue(outlook, now: now), due <= now else { return .none }
            animationPending = outlook.animating
            redrawPending = false
            lastDraw = now
            return .draw
        case .redrawRequested:
            redrawPending = true
            return .none
        }
    }

    /// When the next screen is due, the terminal permitting: now for a change, a redraw, or an
    /// animation's last frame (drawn once it has ended, at its final value); the next tick of
    /// ``animationInterval`` while an animation runs; nil when nothing is to draw.
    public func drawDue(_ outlook: Outlook, now: Double) -> Double? {
        if outlook.sceneChanged || redrawPending || (animationPending && !outlook.animating) { return now }
        return outlook.animating ? lastDraw + animationInterval : nil
    }

    /// How long the loop may wait: until the earliest deadline, or the next screen due. While
    /// the terminal is still taking a screen, a due draw does not count (its descriptor or its
    /// reply wakes the loop), so that the wait does not turn into a spin.
    private func timeout(_ outlook: Outlook, now: Double) -> Double? {
        if outlook.workInHand { return 0 }
        var deadline = outlook.deadlines.compactMap { $0 }.min()
        if outlook.output.mayDraw, let due = drawDue(outlook, now: now) {
            deadline = min(deadline ?? .infinity, max(now, due))
        }
        return deadline.map { max(0, min($0 - now, longestWait)) }
    }
}
