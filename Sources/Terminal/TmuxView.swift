/// What tmux says of reel's pane and of the clients that show it: one answer to
/// ``query(pane:)``'s commands, read by ``init(lines:)``. Pure.
///
/// The picture is drawn by the clients' terminals, placed from the pane's place in the window
/// (`#{pane_left}`, `#{pane_top}`) below a status line at the top, and it goes through
/// passthrough only where `allow-passthrough` lets it.
public struct TmuxView: Sendable, Equatable {
    /// One client attached to the pane's session.
    public struct Client: Sendable, Equatable {
        /// When it attached, in whole seconds of tmux's clock (0 when not said).
        public var created: Int64
        /// Its terminal's XTVERSION answer (`kitty(0.26.5)`, `XTerm(379)`), empty when it gave none.
        public var termType: String
        /// The features tmux knows its terminal has (`#{client_termfeatures}`: `sixel`, `RGB`, …).
        public var features: [String]
        /// Its terminal device (`/dev/pts/3`).
        public var tty: String

        /// A client with these values.
        public init(created: Int64, termType: String, features: [String] = [], tty: String = "") {
            self.created = created
            self.termType = termType
            self.features = features
            self.tty = tty
        }

        /// Whether its terminal is kitty, by its own word.
        public var isKitty: Bool { termType.lowercased().hasPrefix("kitty") }
        /// Whether tmux knows its terminal draws sixel.
        public var hasSixel: Bool { features.contains("sixel") }
    }

    /// tmux's version as it says it (`3.3a`, `3.5a`, `next-3.6`).
    public var version = ""
    /// The pane's top-left cell in the window.
    public var paneLeft = 0
    public var paneTop = 0
    /// The status line's rows above the window (0 when it is off or at the bottom).
    public var statusRowsAbove = 0
    /// `allow-passthrough` as it applies to the pane (`on`, `all`, `off`; 3.3a says 1 or 0).
    public var passthrough = "off"
    /// The pane's own `allow-passthrough`, nil when it has none (it inherits the window's).
    public var paneOwnPassthrough: String?
    /// The clients attached to the pane's session.
    public var clients: [Client] = []

    /// A view with nothing known.
    public init() {}

    /// The tag of the pane's line in the answer.
    static let paneTag = "reel-pane"
    /// The tag of each client's line.
    static let clientTag = "reel-client"

    /// tmux's commands (one `tmux` run, the commands apart by `;` arguments) whose output
    /// ``init(lines:)`` reads: the pane's line, the pane's own `allow-passthrough` (nothing when
    /// unset), and a line for every client on the pane's session.
    public static func query(pane: String?) -> [String] {
        let target = pane.map { ["-t", $0] } ?? []
        let paneFormat = [paneTag, "#{version}", "#{pane_left}", "#{pane_top}", "#{status}", "#{status-position}",
                          "#{allow-passthrough}"].joined(separator: "\t")
        let clientFormat = [clientTag, "#{client_created}", "#{client_termtype}", "#{client_termfeatures}",
                            "#{client_tty}"].joined(separator: "\t")
        return ["display-message", "-p"] + target + [paneFormat, ";", "show-options", "-p"] + target
            + ["allow-passthrough", ";", "list-clients"] + target + ["-F", clientFormat]
    }

    /// The view in tmux's answer to ``query(pane:)``; nil without the pane's line (tmux failed,
    /// or is too old to know these formats).
    public init?(lines: [String]) {
        var sawPane = false
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch fields.first {
            case TmuxView.paneTag? where fields.count >= 7:
                sawPane = true
                version = fields[1]
                paneLeft = Int(fields[2]) ?? 0
                paneTop = Int(fields[3]) ?? 0
                statusRowsAbove = fields[5] == "top" ? TmuxView.statusRows(fields[4]) : 0
                passthrough = fields[6]
            case TmuxView.clientTag? where fields.count >= 5:
                clients.append(Client(created: Int64(fields[1]) ?? 0, termType: fields[2],
                                      features: fields[3].split(separator: ",").map(String.init), tty: fields[4]))
            default:
                let words = line.split(separator: " ", maxSplits: 1).map(String.init)
                if words.count == 2, words[0] == "allow-passthrough" { paneOwnPassthrough = words[1] }
            }
        }
        guard sawPane else { return nil }
    }

    /// The status line's rows for `#{status}`: `on` is one, `2`…`5` that many, `off` none.
    static func statusRows(_ value: String) -> Int {
        if value == "on" { return 1 }
        return Int(value) ?? 0
    }

    /// The pane's top-left cell in the client's terminal: where an image's cursor move starts.
    public var origin: CellOrigin {
        CellOrigin(column: paneLeft, row: paneTop + statusRowsAbove)
    }

    /// Whether passthrough is on for the pane (`on`, `all`, or 3.3a's 1).
    public var passthroughAllowed: Bool { ["on", "all", "1"].contains(passthrough) }

    /// tmux's version as (major, minor), nil when it does not read as one (`next-3.6` reads 3.6).
    public var versionNumber: (major: Int, minor: Int)? {
        let digits = version.drop { !$0.isNumber }
        let parts = digits.split(separator: ".", maxSplits: 1)
        guard let major = parts.first.flatMap({ Int($0) }) else { return nil }
        let minor = parts.count > 1 ? Int(parts[1].prefix { $0.isNumber }) ?? 0 : 0
        return (major, minor)
    }

    /// Whether this tmux has `allow-passthrough` (3.3 and later).
    public var hasPassthroughOption: Bool { isAtLeast(3, 3) }

    /// Whether this tmux is `major`.`minor` or later.
    func isAtLeast(_ major: Int, _ minor: Int) -> Bool {
        guard let number = versionNumber else { return false }
        return number.major > major || (number.major == major && number.minor >= minor)
    }

    /// Whether every client's terminal is kitty (and there is one).
    public var allClientsKitty: Bool { !clients.isEmpty && clients.allSatisfy(\.isKitty) }
    /// Whether tmux knows every client's terminal draws sixel (and there is one), and can draw
    /// sixel itself (3.4 and later; 3.3a has the feature's name but no images).
    public var allClientsSixel: Bool { isAtLeast(3, 4) && !clients.isEmpty && clients.allSatisfy(\.hasSixel) }
}
