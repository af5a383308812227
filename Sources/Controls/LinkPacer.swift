/// Paces the screens to the terminal's answers, wherever the terminal is: the only way to know
/// what a terminal at the far end of SSH has drawn, past a megabyte of sshd's and TCP's buffers
/// that a pty's drain knows nothing of.
///
/// After each screen the loop writes a status question (``Question/status``, DSR `CSI 5 n`); the
/// terminal answers it (`CSI 0 n`) once it has read everything before it. Answers carry no id,
/// but terminals answer in order, so the pacer keeps the questions outstanding in a queue, oldest
/// first, and an answer settles the oldest question of its kind (and any older ones, whose
/// answers were lost). A late answer therefore never releases a newer screen early.
///
/// - A screen with a new picture is written only once the last picture's answer came
///   (``mayWritePicture``): at most one picture lies between reel and the glass.
/// - A screen of the controls alone may go while a picture is in flight, behind that one
///   picture only (``mayWriteControls``), so a key's effect is not held behind a backlog.
/// - A missing answer means a slow link, never a lost screen: nothing is written again on a
///   timer. After ``reaskInterval`` with no answer the pacer asks again, alone, with the other
///   question (``Question/attributes``, DA1): its answer settles everything before it even when
///   an earlier answer was lost.
///
/// The answers measure the link (``rate``, ``roundTrip``, ``bytesInFlight``), from which
/// ``frameBytes(within:)`` says how much a picture may take to cross it in time.
///
/// A pacer that is not ``isActive`` (the terminal did not answer the start-up probe's status
/// question) lets everything through and asks nothing.
public struct LinkPacer: Sendable, Equatable {
    /// A question that the terminal answers once it has read everything written before it.
    public enum Question: Sendable, Equatable {
        /// A device status report, `CSI 5 n`, answered `CSI 0 n`: written after every screen.
        case status
        /// Primary device attributes, `CSI c`: written alone when an answer is late, so that
        /// its answer is told apart from a late status answer.
        case attributes
    }

    /// What the loop tells the pacer.
    public enum Event: Sendable, Equatable {
        /// A screen of `bytes` was handed to the terminal with a status question after it;
        /// `picture`: it carried a new picture (or as many bytes as one).
        case wrote(bytes: Int, picture: Bool)
        /// The terminal answered a question.
        case answered(Question)
        /// Time passed (the loop's pass): an answer may be due again.
        case tick
        /// What was written was dropped or its answers will not come (reel suspended): nothing
        /// is outstanding any more. The measures stay.
        case forget
    }

    /// What the loop does next.
    public enum Action: Sendable, Equatable {
        /// Nothing.
        case none
        /// Write `question` alone (the pacer has counted it already).
        case ask(Question)
    }

    /// A question written and not yet answered.
    public struct Outstanding: Sendable, Equatable {
        /// Which question.
        public var question: Question
        /// When it was written.
        public var sentAt: Double
        /// The bytes of the screen before it (0 for a question alone).
        public var bytes: Int
        /// Whether that screen carried a picture.
        public var picture: Bool
        /// The bytes still unanswered before it when it was written, plus one for each question
        /// before it: 0 means it found the link idle.
        public var behind: Int
    }

    /// How long an answer is waited for before the question is asked again, alone.
    static let reaskInterval = 1.0
    /// A screen at most this big measures the round trip (its own crossing takes next to nothing).
    static let smallScreen = 512
    /// A screen at least this big measures the rate.
    static let rateSample = 4_096
    /// The most a picture may take to cross the link: a key's effect written behind it shows at
    /// most this much later than on an idle link.
    public static let longestFrameTime = 0.15
    /// The rate pictures are sized to before the link is measured (``sizingRate``): 800 kbit/s.
    static let firstGuess = 100_000.0
    /// The least time on the link that measures the rate: shorter went in a burst.
    static let shortestSample = 0.01
    /// How much each new sample moves the smoothed rate and round trip.
    static let smoothing = 0.25

    /// Whether the terminal answers status questions: pacing on.
    public let isActive: Bool
    /// The questions written and not yet answered, oldest first.
    public private(set) var outstanding: [Outstanding] = []
    /// The bytes a second the link carried, smoothed over the answered screens; nil until measured.
    public private(set) var rate: Double?
    /// The round trip of a question with (almost) nothing before it, smoothed; nil until measured.
    public private(set) var roundTrip: Double?
    /// Whether a screen large enough to measure the rate crossed within the link's burst (a
    /// local terminal, or a fast link): the link is fast, though not how fast.
    public private(set) var seenFast = false
    /// Questions asked again because an answer was late.
    public private(set) var reasks = 0
    /// Answers that came (for the stats panel and the trace).
    public private(set) var answers = 0
    /// When the last question was written.
    private var lastAsked = -Double.infinity
    /// When the last answer came.
    private var lastAnswer = -Double.infinity

    /// A pacer for a terminal that answers (`active`), or one that lets everything through.
    public init(active: Bool) {
        isActive = active
    }

    /// The bytes written and not yet answered for.
    public var bytesInFlight: Int { outstanding.reduce(0) { $0 + $1.bytes } }

    /// Whether a screen with a new picture may be written: no picture is awaiting its answer.
    public var mayWritePicture: Bool { !isActive || !outstanding.contains { $0.picture } }

    /// Whether a screen of the controls alone may be written: no other screen of controls is
    /// awaiting its answer (so at most one picture lies before it).
    public var mayWriteControls: Bool { !isActive || !outstanding.contains { !$0.picture && $0.question == .status } }

    /// When the pacer wants a ``Event/tick`` to ask again, while an answer is awaited.
    public var nextDeadline: Double? {
        guard isActive, !outstanding.isEmpty else { return nil }
        return lastAsked + LinkPacer.reaskInterval
    }

    /// The most bytes a picture may take to cross the link within `time` (at most
    /// ``longestFrameTime``), once the rate is measured; nil before, or when pacing is off.
    public func frameBytes(within time: Double = LinkPacer.longestFrameTime) -> Int? {
        guard isActive, let rate else { return nil }
        return Int(rate * min(max(time, 0), LinkPacer.longestFrameTime))
    }

    /// Takes `event` at `now` and says what the loop does next.
    public mutating func event(_ event: Event, now: Double) -> Action {
        guard isActive else { return .none }
        switch event {
        case .wrote(let bytes, let picture):
            record(.status, bytes: bytes, picture: picture, now: now)
            return .none
        case .answered(let question):
            answer(question, now: now)
            return .none
        case .tick:
            guard let deadline = nextDeadline, now >= deadline else { return .none }
            reasks += 1
            record(.attributes, bytes: 0, picture: false, now: now)
            return .ask(.attributes)
        case .forget:
            outstanding.removeAll()
            return .none
        }
    }

    private mutating func record(_ question: Question, bytes: Int, picture: Bool, now: Double) {
        outstanding.append(Outstanding(question: question, sentAt: now, bytes: max(bytes, 0), picture: picture,
                                       behind: bytesInFlight + outstanding.count))
        lastAsked = now
    }

    /// Settles the oldest question of `question`'s kind, with every older one (their answers
    /// were lost: the terminal has read past them), and measures the link by it. An answer
    /// with nothing of its kind outstanding (to the start-up probe, say) changes nothing.
    private mutating func answer(_ question: Question, now: Double) {
        guard let index = outstanding.firstIndex(where: { $0.question == question }) else { return }
        let settled = outstanding[index]
        // The link started on this screen when it was written or, if it was still busy then,
        // when the answer before came.
        let start = max(settled.sentAt, lastAnswer)
        let crossing = max(now - start, 0)
        // An answer so late that the question was asked again measures a stall, not the link.
        let late = outstanding[(index + 1)...].contains { $0.question == .attributes }
        outstanding.removeFirst(index + 1)
        lastAnswer = now
        answers += 1
        if index == 0, !late, settled.behind == 0, settled.bytes <= LinkPacer.smallScreen {
            roundTrip = smoothed(roundTrip, crossing)
        }
        if index == 0, !late, settled.bytes >= LinkPacer.rateSample {
            // The screen's own time on the link: its crossing less a round trip. A screen that
            // took less than ``shortestSample`` went in the link's burst (a token bucket's, a
            // local terminal's): it says the link is fast, not how fast, and is no sample (a
            // 5 kB screen inside a 10 kB burst read as megabytes a second).
            let time = crossing - (settled.behind == 0 ? roundTrip ?? 0 : 0)
            if time >= LinkPacer.shortestSample { rate = smoothed(rate, Double(settled.bytes) / time) } else { seenFast = true }
        }
    }

    /// What pictures sized to the link (kitty's, in the escape codes) take for its rate: the
    /// measured one; before any, while pacing and the link has not shown itself fast,
    /// ``firstGuess``, so that a first picture cannot take seconds to cross: an answer that late
    /// comes after the question was asked again, and measures nothing, and the next picture would
    /// be as large again.
    public var sizingRate: Double? { rate ?? (isActive && !seenFast ? LinkPacer.firstGuess : nil) }

    private func smoothed(_ old: Double?, _ sample: Double) -> Double {
        guard let old else { return sample }
        return old + LinkPacer.smoothing * (sample - old)
    }
}
