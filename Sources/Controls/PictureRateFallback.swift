/// Decides, while a video plays in the terminal's pixels chosen by `--graphics=auto`, that the
/// terminal cannot show the video's frames and the picture should step down to cells.
///
/// reel writes a picture only once the terminal has answered for the last one, and lets the
/// frames due meanwhile go unrendered; so the share of frames shown is what the terminal keeps
/// up with. xterm's sixel at 100x30 shows under half of a 30 fps film's frames, where cells show
/// them all: there `auto` must not keep the picture that misses the frame rate.
///
/// The rule:
/// - Only playing time counts: the loop says ``Event/frames(shown:position:frameDuration:playing:)``
///   on its passes; a pause starts a new period and the count of slow ones again, and so does a
///   jump of the position (a seek, a loop, the next file).
/// - Over each ``period`` of playing, the share of the frames due (the video's position moved on,
///   over its frame duration) that were shown is measured;
///   a period counts only if at least ``minimumDue`` frames were due in it (a still or a slide
///   show is not a frame rate).
/// - A period whose share is under ``threshold`` is slow; ``slowPeriods`` slow periods in a row
///   step down (``Action/stepDown(share:)``), once: then the machine is done. A period that keeps
///   up starts the count again, so a seek's or a start's hiccup alone never steps down.
/// - A machine made with `enabled: false` (a protocol the user named) never steps down.
public struct PictureRateFallback: Sendable, Equatable {
    /// What the loop tells the machine.
    public enum Event: Sendable, Equatable {
        /// The player has shown `shown` frames so far, the video is at `position` (seconds) and
        /// its frames last `frameDuration` (nil when either is not known); `playing` whether the
        /// video plays now (not paused or seeking, not on another screen).
        case frames(shown: Int, position: Double?, frameDuration: Double?, playing: Bool)
    }

    /// What the loop does.
    public enum Action: Sendable, Equatable {
        case none
        /// Step down to cells: the terminal showed `share` (0…1) of the frames in the last period.
        case stepDown(share: Double)
    }

    /// How long one measured period of playing lasts, in seconds.
    static let period = 3.0
    /// The share of the frames due that a period must show to keep up.
    static let threshold = 0.6
    /// How many slow periods in a row step down.
    static let slowPeriods = 2
    /// The fewest frames due in a period for it to count.
    static let minimumDue = 15
    /// The most seconds of video a second of playing covers (reel's fastest speed): more is a jump.
    static let fastestSpeed = 4.0

    /// Whether it may step down at all.
    public let enabled: Bool
    /// Whether it has stepped down (and so does nothing more).
    public private(set) var steppedDown = false
    /// The share of frames shown in the last period measured, nil before one.
    public private(set) var lastShare: Double?
    /// When the current period started, the frames shown and the position then; nil while not playing.
    private var start: (time: Double, shown: Int, position: Double)?
    private var slowInARow = 0

    /// A machine that steps down only when `enabled`.
    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public static func == (a: PictureRateFallback, b: PictureRateFallback) -> Bool {
        a.enabled == b.enabled && a.steppedDown == b.steppedDown && a.lastShare == b.lastShare
            && a.start?.time == b.start?.time && a.start?.shown == b.start?.shown && a.start?.position == b.start?.position
            && a.slowInARow == b.slowInARow
    }

    /// Takes `event` at `now` (seconds, any monotonic clock); says whether to step down.
    public mutating func event(_ event: Event, now: Double) -> Action {
        guard enabled, !steppedDown else { return .none }
        switch event {
        case .frames(let shown, let position, let frameDuration, let playing):
            guard playing, now.isFinite, let position, position.isFinite, let frameDuration, frameDuration > 0 else {
                start = nil
                slowInARow = 0
                return .none
            }
            // The frames due are the video's, not those reel let go: mpv drops frames of its own
            // while reel waits for the terminal, and reel never hears of them.
            guard let begun = start, shown >= begun.shown, position >= begun.position,
                  position - begun.position <= PictureRateFallback.fastestSpeed * (now - begun.time) + 1 else {
                // A new period; a jump (a seek, a loop, the next file) starts one too.
                start = (now, shown, position)
                return .none
            }
            guard now - begun.time >= PictureRateFallback.period else { return .none }
            start = (now, shown, position)
            let shownHere = shown - begun.shown, due = (position - begun.position) / frameDuration
            guard due >= Double(PictureRateFallback.minimumDue) else { return .none }
            let share = min(Double(shownHere) / due, 1)
            lastShare = share
            guard share < PictureRateFallback.threshold else {
                slowInARow = 0
                return .none
            }
            slowInARow += 1
            guard slowInARow >= PictureRateFallback.slowPeriods else { return .none }
            steppedDown = true
            return .stepDown(share: share)
        }
    }
}
