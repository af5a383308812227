import Terminal

/// What tmux says, at one moment, of reel's pane and of the clients that could show it: its
/// window, zoom, copy mode, where the pane sits, and each client's window, status line and
/// terminal. ``PaneWatch`` decides from a series of these when the picture may be drawn.
///
/// It is parsed from the answer to one tmux command line (``query(pane:)``): a `P` line of the
/// pane's formats, then a `C` line a client of the server (``PaneClient``). A client shows the pane when its
/// session's current window is the pane's (also from another session of a group): tmux sends
/// passthrough to exactly those.
public struct PaneView: Sendable, Equatable {
    /// The pane's window (`#{window_id}`, `@3`).
    public var windowID: String
    /// Whether the pane is its window's active pane (`#{pane_active}`).
    public var paneActive: Bool
    /// Whether the window is zoomed (`#{window_zoomed_flag}`): then only the active pane shows.
    public var zoomed: Bool
    /// Whether the pane is in a mode (`#{pane_in_mode}`: copy mode, choose-tree…), which tmux
    /// draws over the pane's own screen.
    public var inMode: Bool
    /// Where the pane sits in its window and its size, in cells.
    public var geometry: PaneGeometry
    /// The server's clients.
    public var clients: [PaneClient]

    /// A view with every field given.
    public init(windowID: String, paneActive: Bool, zoomed: Bool, inMode: Bool, geometry: PaneGeometry, clients: [PaneClient]) {
        self.windowID = windowID
        self.paneActive = paneActive
        self.zoomed = zoomed
        self.inMode = inMode
        self.geometry = geometry
        self.clients = clients
    }

    /// The clients whose terminal shows the pane's window (control-mode clients draw nothing).
    public var viewers: [PaneClient] { clients.filter { !$0.isControl && $0.windowID == windowID } }

    /// The pane's top-left cell in the viewers' terminals, counted from 0 (below a status line at
    /// the top); nil without a viewer, or when their status lines put it in different places
    /// (an image through passthrough lands at the same place on every one).
    public var origin: CellOrigin? {
        let origins = viewers.map { geometry.origin(windowTop: $0.windowTop) }
        guard let first = origins.first, origins.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    /// Whether every viewer shows the whole pane with nothing of tmux over it, in the same place:
    /// not zoomed onto another pane, not in a mode, at least one viewer, and the pane within each
    /// viewer's window area (a client smaller than the window shows only a part of it, following
    /// the cursor).
    public var showsPane: Bool {
        guard !inMode, !zoomed || paneActive, origin != nil else { return false }
        return viewers.allSatisfy { client in
            geometry.left + geometry.width <= client.width
                && geometry.top + geometry.height <= client.height - client.status.lines
        }
    }

    /// The tmux arguments (after `tmux -S <socket>`) whose output ``parse(_:)`` reads: the pane's
    /// formats, then the server's clients (``PaneClient/format``), in one run of tmux.
    public static func query(pane: String) -> [String] {
        ["display-message", "-p", "-t", pane, "-F", paneFormat, ";", "list-clients", "-F", PaneClient.format]
    }

    /// tmux's format of the pane's line, its fields apart by tabs.
    static let paneFormat = (["P", "#{window_id}", "#{pane_active}", "#{window_zoomed_flag}", "#{pane_in_mode}"]
        + PaneGeometry.format).joined(separator: "\t")

    /// The view in tmux's answer (``query(pane:)``'s output as lines); nil when its pane line is
    /// missing or not as asked (an older tmux, an error), or a client's line is not.
    public static func parse(_ lines: [String]) -> PaneView? {
        guard let first = lines.first else { return nil }
        let fields = first.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 9, fields[0] == "P", fields[1].hasPrefix("@"),
              let geometry = PaneGeometry(fields: fields[5...8]) else { return nil }
        let flags = fields[2...4].map { $0 == "1" }
        var clients: [PaneClient] = []
        for line in lines.dropFirst() {
            guard let client = PaneClient(line: line) else { return nil }
            clients.append(client)
        }
        return PaneView(windowID: fields[1], paneActive: flags[0], zoomed: flags[1], inMode: flags[2],
                        geometry: geometry, clients: clients)
    }
}
