import Terminal

/// Whether reel's picture may be on screen inside tmux, from what tmux says of the pane
/// (``PaneView``), answer after answer: pure, swift-nio style (`mutating func event(_:now:) ->
/// Action`), tested with numbers.
///
/// tmux does not know about the images reel sends through its passthrough: a kitty image stays
/// on the terminal when another window is selected, the pane is zoomed out, copy mode is drawn
/// over it or the client detaches; and tmux drops passthrough from a pane that is not shown
/// (3.3), so deleting it then must be written to the clients' terminals directly. So:
/// - **hide** the picture as soon as the pane is not wholly shown on every client, deleting it
///   from each terminal that showed it;
/// - **draw** it again (every image sent anew) when the pane is shown, at its origin in the
///   client's cells; a move of the pane is a hide and a draw at the new place;
/// - **resize:** a new size hides the picture at once, and it is drawn again when two answers in
///   a row agree on the geometry (a border dragged changes it at every answer), polled faster
///   meanwhile (``settlingInterval``);
/// - a client that comes (attaches, or selects the pane's window) gets the picture drawn again;
///   one that goes (detaches, or selects another window) while others still show the pane has it
///   deleted from its terminal alone;
/// - clients whose status lines would put the pane in different places get no picture: tmux
///   sends the same passthrough to each.
///
/// Before the first answer nothing is known and nothing is drawn. A failed poll changes nothing.
///
/// **A delete, written again.** The delete written to a client's terminal goes past tmux, which
/// may still hold output for that terminal in its own buffer (a terminal that reads slowly: a
/// software-rendered kitty taking a whole new window's redraw). A frame in there lands after the
/// delete and would stay over the other window. So every terminal cleared is cleared again
/// ``reclearDelays`` later, from ``tick(now:)`` at ``nextDeadline``. (The frame tmux drops
/// instead, written as the pane went out of view, is the renderer's to name:
/// `GraphicsRenderer.recentlyDeleted`.)
public struct PaneWatch: Sendable, Equatable {
    /// Seconds between two polls of tmux while nothing is in flux: with the poll's own time,
    /// inside the 0.5 s that a picture may stay over something else.
    public static let interval = 0.2
    /// Seconds between two polls while a new geometry is waited on to settle.
    public static let settlingInterval = 0.1
    /// Seconds after a terminal is cleared that it is cleared again, for an image tmux delivered
    /// after the first delete.
    public static let reclearDelays = [0.3, 1.0]

    /// Terminals to clear again, and when.
    public struct Reclear: Sendable, Equatable {
        public var at: Double
        public var terminals: [String]
    }

    /// What the engine is told.
    public enum Event: Sendable, Equatable {
        /// tmux's answer about the pane.
        case answer(PaneView)
        /// tmux did not answer (it failed, or ran over its time).
        case failed
    }

    /// What becomes of the picture in the pane.
    public enum Picture: Sendable, Equatable {
        /// As it is (drawn, or hidden).
        case keep
        /// Delete it and draw no image until told to draw.
        case hide
        /// Draw every image again, its origin at this cell of the client's terminal.
        case draw(CellOrigin)
    }

    /// What the caller does after an event.
    public struct Action: Sendable, Equatable {
        /// The client terminals (their `#{client_tty}`) to write the picture's delete to
        /// directly, before the ``picture`` change: those that showed it and no longer may.
        public var clearTerminals: [String]
        /// What becomes of the picture in the pane.
        public var picture: Picture

        /// An action with every field given.
        public init(clearTerminals: [String] = [], picture: Picture = .keep) {
            self.clearTerminals = clearTerminals
            self.picture = picture
        }

        /// Nothing to do.
        public static let none = Action()
    }

    /// The view the picture is drawn in; nil while it is hidden.
    public private(set) var drawnIn: PaneView?
    /// The last answer.
    public private(set) var last: PaneView?
    /// When the picture was last hidden, and when drawn (`now` of the event), for the figures.
    public private(set) var hiddenAt: Double?
    public private(set) var drawnAt: Double?
    /// Failures (``Event/failed``) since the last answer.
    public private(set) var failures = 0
    /// The clears still to be written again, soonest first.
    public private(set) var reclears: [Reclear] = []

    /// An engine that knows nothing yet: no picture until the first answer.
    public init() {}

    /// Whether the picture may be drawn now.
    public var isDrawn: Bool { drawnIn != nil }

    /// Seconds until the next poll: shorter while the pane's geometry has not settled.
    public var pollInterval: Double { isSettling ? PaneWatch.settlingInterval : PaneWatch.interval }

    /// Whether the picture waits for the pane's geometry to settle: hidden, while the pane is shown.
    public var isSettling: Bool { drawnIn == nil && last?.showsPane == true }

    /// When ``tick(now:)`` has a clear to write again; nil when none is due.
    public var nextDeadline: Double? { reclears.first?.at }

    /// The clears due by `now` written again: their terminals in ``Action/clearTerminals``, the
    /// picture kept as it is.
    public mutating func tick(now: Double) -> Action {
        let due = reclears.prefix { $0.at <= now }
        guard !due.isEmpty else { return .none }
        reclears.removeFirst(due.count)
        var terminals: [String] = []
        for terminal in due.flatMap(\.terminals) where !terminals.contains(terminal) { terminals.append(terminal) }
        return Action(clearTerminals: terminals)
    }

    /// Takes `event` into account at `now` (seconds) and says what to do.
    public mutating func event(_ event: Event, now: Double) -> Action {
        let action = decide(event, now: now)
        if !action.clearTerminals.isEmpty {
            reclears += PaneWatch.reclearDelays.map { Reclear(at: now + $0, terminals: action.clearTerminals) }
            reclears.sort { $0.at < $1.at }
        }
        return action
    }

    /// What `event` changes, before the clears are scheduled again.
    private mutating func decide(_ event: Event, now: Double) -> Action {
        switch event {
        case .failed:
            failures += 1
            return .none
        case .answer(let view):
            failures = 0
            let previous = last
            last = view
            if let drawn = drawnIn { return follow(view, drawn: drawn, now: now) }
            // The first answer, or a geometry two answers agree on, is drawn at once.
            guard view.showsPane, previous == nil || previous?.geometry == view.geometry else { return .none }
            guard let origin = view.origin else { return .none }
            drawnIn = view
            drawnAt = now
            return Action(picture: .draw(origin))
        }
    }

    /// While the picture is drawn in `drawn`: what `view` changes.
    private mutating func follow(_ view: PaneView, drawn: PaneView, now: Double) -> Action {
        let showed = drawn.viewers.map(\.tty)
        let still = Set(view.viewers.map(\.tty))
        let gone = showed.filter { !still.contains($0) }
        guard view.showsPane, let origin = view.origin, view.geometry.width == drawn.geometry.width,
              view.geometry.height == drawn.geometry.height else {
            drawnIn = nil
            hiddenAt = now
            return Action(clearTerminals: showed, picture: .hide)
        }
        if origin != drawn.origin {
            drawnIn = view
            drawnAt = now
            return Action(clearTerminals: showed, picture: .draw(origin))
        }
        drawnIn = view
        if view.viewers.contains(where: { !showed.contains($0.tty) }) {
            // A new client has none of the picture: everything is sent again, to every client.
            drawnAt = now
            return Action(clearTerminals: gone, picture: .draw(origin))
        }
        return Action(clearTerminals: gone)
    }
}
