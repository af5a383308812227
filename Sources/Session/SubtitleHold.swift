import Controls

/// Keeps the subtitle on screen across a frame step back.
///
/// mpv steps back one frame by seeking: its `sub-text` empties at the seek's start and comes back
/// after the restart that ends it, about 0.4 s later, so the line blinked out at every `,`. From
/// the step (``begin(_:)``), an empty text from mpv shows the line held instead, and any text mpv
/// reports meanwhile shows as it is. The hold ends with mpv's first report of the text after the
/// restart (``textChanged()``), or ``grace`` after the restart when none comes (mpv reports no
/// change when the new frame has no line either: the text was already empty).
public struct SubtitleHold: Sendable, Equatable {
    /// The plain text and the ASS text of what shows.
    public struct Lines: Sendable, Equatable {
        public var text: String?
        public var ass: String?

        public init(text: String?, ass: String?) {
            self.text = text
            self.ass = ass
        }

        /// Whether there is no line to show.
        public var isEmpty: Bool { (text ?? "").isEmpty && (ass ?? "").isEmpty }
    }

    /// How long after the restart mpv has to report the new frame's text.
    public static let grace: Seconds = 0.3

    private var held: Lines?
    private var restartedAt: Seconds?

    public init() {}

    /// A frame step back begins with `lines` on screen; nothing is held when none shows.
    public mutating func begin(_ lines: Lines) {
        held = lines.isEmpty ? nil : lines
        restartedAt = nil
    }

    /// mpv restarted playback at the new frame: its next report of the text is the frame's.
    public mutating func restarted(now: Seconds) {
        if held != nil { restartedAt = now }
    }

    /// mpv reported the text: after the restart, that is the new frame's, and the hold ends.
    public mutating func textChanged() {
        if restartedAt != nil { end() }
    }

    /// Another item opens: nothing is held.
    public mutating func end() {
        held = nil
        restartedAt = nil
    }

    /// Whether a line is held.
    public var isHolding: Bool { held != nil }

    /// When the hold runs out, once the restart has come.
    public var deadline: Seconds? { held == nil ? nil : restartedAt.map { $0 + Self.grace } }

    /// Ends a hold whose grace has passed at `now`; true when it did (what shows changes).
    public mutating func expire(now: Seconds) -> Bool {
        guard let deadline, now >= deadline else { return false }
        end()
        return true
    }

    /// What to show for what mpv reports, `lines`: the line held in place of none.
    public func shown(_ lines: Lines) -> Lines {
        guard let held, lines.isEmpty else { return lines }
        return held
    }
}
