/// One client of tmux: the window it shows, its status line, its terminal device and what tmux
/// knows of that terminal. Both of reel's questions to tmux (``TmuxView/query(pane:)`` at the
/// start, ``PaneView/query(pane:)`` every poll) list clients in ``format`` and read each line
/// with ``init(line:)``.
public struct PaneClient: Sendable, Equatable {
    /// Whether it is a control-mode client (`#{client_control_mode}`), which draws nothing.
    public var isControl: Bool
    /// Its terminal's size in cells.
    public var width: Int
    public var height: Int
    /// The window it shows: its session's current window (`#{window_id}`); empty when detached.
    public var windowID: String
    /// Its session's status line (`#{status}`, `#{status-position}`).
    public var status: TmuxStatusLine
    /// When it attached, in whole seconds of tmux's clock (`#{client_created}`; 0 when not said).
    public var created: Int64
    /// Its terminal's device (`#{client_tty}`, `/dev/pts/3`), where a delete can be written when
    /// tmux would drop it.
    public var tty: String
    /// The features tmux knows its terminal has (`#{client_termfeatures}`: `sixel`, `RGB`, …).
    public var features: [String]
    /// Its terminal's XTVERSION answer (`#{client_termtype}`: `kitty(0.26.5)`, `XTerm(379)`);
    /// empty when it gave none.
    public var termType: String

    /// A client with every field given.
    public init(isControl: Bool = false, width: Int, height: Int, windowID: String,
                status: TmuxStatusLine = .standard, created: Int64 = 0,
                tty: String, features: [String] = [], termType: String = "") {
        self.isControl = isControl
        self.width = width
        self.height = height
        self.windowID = windowID
        self.status = status
        self.created = created
        self.tty = tty
        self.features = features
        self.termType = termType
    }

    /// The first row of the window in its terminal: below a status line at the top.
    public var windowTop: Int { status.windowTop }
    /// Whether its terminal is kitty, by its own word.
    public var isKitty: Bool { termType.lowercased().hasPrefix("kitty") }
    /// Whether tmux knows its terminal draws sixel.
    public var hasSixel: Bool { features.contains("sixel") }

    /// The tag that opens a client's line.
    public static let tag = "C"
    /// tmux's format of a client's line, its fields apart by tabs (a terminal's type may hold
    /// spaces); the type comes last, so that even a tab in it stays in it. A client's window,
    /// status line and options are its session's.
    public static let format = ([tag, "#{client_control_mode}", "#{client_width}", "#{client_height}", "#{window_id}"]
        + TmuxStatusLine.format + ["#{client_created}", "#{client_tty}", "#{client_termfeatures}", "#{client_termtype}"])
        .joined(separator: "\t")

    /// The client of a line in ``format``; nil when it is not one.
    public init?(line: String) {
        let fields = line.split(separator: "\t", maxSplits: 10, omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 11, fields[0] == Self.tag, let width = Int(fields[2]), let height = Int(fields[3]),
              let status = TmuxStatusLine(status: fields[5], position: fields[6]) else { return nil }
        self.init(isControl: fields[1] == "1", width: width, height: height, windowID: fields[4], status: status,
                  created: Int64(fields[7]) ?? 0, tty: fields[8], features: fields[9].split(separator: ",").map(String.init),
                  termType: fields[10])
    }
}
