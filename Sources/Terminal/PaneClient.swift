/// One client of tmux: the window it shows, its status line, its terminal device and what that
/// terminal said it is.
public struct PaneClient: Sendable, Equatable {
    /// Whether it is a control-mode client (`#{client_control_mode}`), which draws nothing.
    public var isControl: Bool
    /// Its terminal's size in cells.
    public var width: Int
    public var height: Int
    /// The window it shows: its session's current window (`#{window_id}`); empty when detached.
    public var windowID: String
    /// How many lines its status line takes (`#{status}`: off, on, 2…5).
    public var statusLines: Int
    /// Whether its status line is at the top (`#{status-position}`), which moves the window down.
    public var statusAtTop: Bool
    /// Its terminal's device (`#{client_tty}`), where a delete can be written when tmux would
    /// drop it.
    public var tty: String
    /// What its terminal answered to XTVERSION (`#{client_termtype}`); empty when it did not.
    public var termType: String

    /// A client with every field given.
    public init(isControl: Bool = false, width: Int, height: Int, windowID: String, statusLines: Int = 1,
                statusAtTop: Bool = false, tty: String, termType: String = "") {
        self.isControl = isControl
        self.width = width
        self.height = height
        self.windowID = windowID
        self.statusLines = statusLines
        self.statusAtTop = statusAtTop
        self.tty = tty
        self.termType = termType
    }

    /// The first row of the window in its terminal: below a status line at the top.
    public var windowTop: Int { statusAtTop ? statusLines : 0 }

    /// The client of a `C control width height window status position tty termtype` line; nil
    /// when it is not one.
    init?(line: String) {
        let fields = line.split(separator: " ", maxSplits: 8, omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 8, fields[0] == "C", let width = Int(fields[2]), let height = Int(fields[3]),
              let status = PaneView.statusLineCount(fields[5]) else { return nil }
        self.init(isControl: fields[1] == "1", width: width, height: height, windowID: fields[4], statusLines: status,
                  statusAtTop: fields[6] == "top", tty: fields[7], termType: fields.count > 8 ? fields[8] : "")
    }
}
