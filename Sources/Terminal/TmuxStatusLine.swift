/// A tmux session's status line as its clients' terminals show it: how many rows it takes
/// (`#{status}`) and whether it is at the top (`#{status-position}`), where it moves the window down.
public struct TmuxStatusLine: Sendable, Equatable {
    /// Its rows: `off` none, `on` one, `2`…`5` that many.
    public var lines: Int
    /// Whether it is at the top of the terminal.
    public var atTop: Bool

    /// No status line: the window starts at the terminal's top row.
    public static let none = TmuxStatusLine(lines: 0, atTop: false)
    /// tmux's own default: one row, at the bottom.
    public static let standard = TmuxStatusLine(lines: 1, atTop: false)
}

extension TmuxStatusLine {
    /// tmux's formats of it, in the order ``init(status:position:)`` reads them.
    public static let format = ["#{status}", "#{status-position}"]

    /// The status line of tmux's `status` and `status-position` values; nil when `status` is
    /// none of off, on, 0…5.
    public init?(status: String, position: String) {
        switch status {
        case "off": lines = 0
        case "on": lines = 1
        default:
            guard let count = Int(status), (0...5).contains(count) else { return nil }
            lines = count
        }
        atTop = position == "top"
    }

    /// The first row of the window in the terminal: below the status line when it is at the top.
    public var windowTop: Int { atTop ? lines : 0 }
}
