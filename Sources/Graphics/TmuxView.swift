import Terminal

/// What tmux says of reel's pane and of the clients that show it: one answer to
/// ``query(pane:)``'s commands, read by ``init(lines:)``. Pure.
///
/// The picture is drawn by the clients' terminals, placed from the pane's place in the window
/// (`#{pane_left}`, `#{pane_top}`) below a status line at the top, and it goes through
/// passthrough only where `allow-passthrough` lets it.
public struct TmuxView: Sendable, Equatable {
    /// tmux's version as it says it (`3.3a`, `3.5a`, `next-3.6`).
    public var version = ""
    /// Where the pane sits in its window.
    public var geometry = PaneGeometry.zero
    /// The pane's session's status line.
    public var status = TmuxStatusLine.none
    /// `allow-passthrough` as it applies to the pane (`on`, `all`, `off`; 3.3a says 1 or 0).
    public var passthrough = "off"
    /// The pane's own `allow-passthrough`, nil when it has none (it inherits the window's).
    public var paneOwnPassthrough: String?
    /// The claim of the reel that turned it on (``PassthroughClaim``), nil when there is none.
    public var passthroughClaim: PassthroughClaim?
    /// The clients attached to the pane's session.
    public var clients: [PaneClient] = []

    /// A view with nothing known.
    public init() {}

    /// The tag of the pane's line in the answer.
    static let paneTag = "reel-pane"

    /// tmux's commands (one `tmux` run, the commands apart by `;` arguments) whose output
    /// ``init(lines:)`` reads: the pane's line, the pane's own `allow-passthrough` and its claim
    /// (``PassthroughClaim/query(pane:)``: nothing for what is unset), and a line for every client
    /// on the pane's session (``PaneClient/format``).
    public static func query(pane: String?) -> [String] {
        let target = pane.map { ["-t", $0] } ?? []
        return ["display-message", "-p"] + target + [paneFormat, ";"] + PassthroughClaim.query(pane: pane)
            + [";", "list-clients"] + target + ["-F", PaneClient.format]
    }

    /// tmux's format of the pane's line, its fields apart by tabs.
    static let paneFormat = ([paneTag, "#{version}"] + PaneGeometry.format + TmuxStatusLine.format + ["#{allow-passthrough}"])
        .joined(separator: "\t")

    /// The view in tmux's answer to ``query(pane:)``; nil without the pane's line (tmux failed,
    /// or is too old to know these formats), or when it or a client's line is not as asked.
    public init?(lines: [String]) {
        var sawPane = false
        (paneOwnPassthrough, passthroughClaim) = PassthroughClaim.paneState(lines: lines)
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch fields.first {
            case TmuxView.paneTag?:
                guard fields.count == 9, let geometry = PaneGeometry(fields: fields[2...5]),
                      let status = TmuxStatusLine(status: fields[6], position: fields[7]) else { return nil }
                sawPane = true
                version = fields[1]
                self.geometry = geometry
                self.status = status
                passthrough = fields[8]
            case PaneClient.tag?:
                guard let client = PaneClient(line: line) else { return nil }
                clients.append(client)
            default:
                break  // the pane's options, read above
            }
        }
        guard sawPane else { return nil }
    }

    /// The pane's top-left cell in the client's terminal: where an image's cursor move starts.
    public var origin: CellOrigin { geometry.origin(windowTop: status.windowTop) }

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
