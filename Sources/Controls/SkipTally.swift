import Formatting

/// The running total of skips on one side, as the feedback label shows it ("+20 s").
public struct SkipTally: Sendable, Equatable {
    /// The side of the latest skip.
    public private(set) var side: SeekSide
    /// How far the skips on that side add up to, in seconds (never negative).
    public private(set) var seconds: Seconds

    /// Makes a tally that has recorded one skip of `seconds` on `side`.
    public init(side: SeekSide, seconds: Seconds) {
        self.side = side
        self.seconds = seconds
    }

    /// Records a skip: on the same side it adds `interval`; on the other side the tally starts
    /// again at `interval`.
    public mutating func record(_ side: SeekSide, interval: Seconds) {
        seconds = side == self.side ? seconds + interval : interval
        self.side = side
    }

    /// The total with its direction: negative going back.
    public var signedSeconds: Seconds { side.sign * seconds }

    /// The label: "+10 s", "+20 s", "-30 s", "+2.5 s".
    public var label: String {
        "\(side == .forward ? "+" : "-")\(Self.number(seconds)) s"
    }

    /// A number of seconds as the labels show it: whole numbers without ".0", fractions to at most
    /// three decimals without trailing zeros ("10", "2.5", "0.333"). No grouping separators.
    public static func number(_ seconds: Seconds) -> String {
        DecimalText.format(seconds, maximumFractionDigits: 3)
    }
}
