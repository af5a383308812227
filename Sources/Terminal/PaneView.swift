/// What tmux says, at one moment, of reel's pane and of the clients that could show it: whether
/// its window is the one shown, zoom, copy mode, where the pane sits, the status line, and each
/// client's terminal. ``PaneWatch`` decides from a series of these when the picture may be drawn.
///
/// It is parsed from the answer to one tmux command line (``query(pane:)``): a `P` line of the
/// pane's formats, then a `C` line a client attached to the pane's session.
public struct PaneView: Sendable, Equatable {
    /// Whether the pane's window is its session's current window (`#{window_active}`).
    public var windowActive: Bool
    /// Whether the pane is its window's active pane (`#{pane_active}`).
    public var paneActive: Bool
    /// Whether the window is zoomed (`#{window_zoomed_flag}`): then only the active pane shows.
    public var zoomed: Bool
    /// Whether the pane is in a mode (`#{pane_in_mode}`: copy mode, choose-tree…), which tmux
    /// draws over the pane's own screen.
    public var inMode: Bool
    /// Where the pane sits in its window and its size, in cells.
    public var geometry: PaneGeometry
    /// How many lines the status line takes (`#{status}`: off, on, 2…5).
    public var statusLines: Int
    /// Whether the status line is at the top (`#{status-position}`), which moves the window down.
    public var statusAtTop: Bool
    /// The clients attached to the pane's session.
    public var clients: [PaneClient]

    /// A view with every field given.
    public init(windowActive: Bool, paneActive: Bool, zoomed: Bool, inMode: Bool, geometry: PaneGeometry,
                statusLines: Int, statusAtTop: Bool, clients: [PaneClient]) {
        self.windowActive = windowActive
        self.paneActive = paneActive
        self.zoomed = zoomed
        self.inMode = inMode
        self.geometry = geometry
        self.statusLines = statusLines
        self.statusAtTop = statusAtTop
        self.clients = clients
    }

    /// The clients that draw on a terminal (control-mode clients draw nothing).
    public var viewers: [PaneClient] { clients.filter { !$0.isControl } }

    /// The pane's top-left cell in each client's terminal, counted from 0: below a status line at
    /// the top.
    public var origin: PaneOrigin {
        PaneOrigin(column: geometry.left, row: geometry.top + (statusAtTop ? statusLines : 0))
    }

    /// Whether every viewer shows the whole pane with nothing of tmux over it: its window shown,
    /// not zoomed onto another pane, not in a mode, at least one viewer, and the pane within each
    /// viewer's window area (a client smaller than the window shows only a part of it, following
    /// the cursor).
    public var showsPane: Bool {
        guard windowActive, !inMode, !zoomed || paneActive, !viewers.isEmpty else { return false }
        return viewers.allSatisfy { client in
            geometry.left + geometry.width <= client.width
                && geometry.top + geometry.height <= client.height - statusLines
        }
    }

    /// The tmux arguments (after `tmux -S <socket>`) whose output ``parse(_:)`` reads: the pane's
    /// formats, then its session's clients, in one run of tmux.
    public static func query(pane: String) -> [String] {
        ["display-message", "-p", "-t", pane, "-F", paneFormat, ";", "list-clients", "-t", pane, "-F", clientFormat]
    }

    static let paneFormat = "P #{window_active} #{pane_active} #{window_zoomed_flag} #{pane_in_mode} "
        + "#{pane_left} #{pane_top} #{pane_width} #{pane_height} #{status} #{status-position}"
    static let clientFormat = "C #{client_control_mode} #{client_width} #{client_height} #{client_tty} #{client_termtype}"

    /// The view in tmux's answer (``query(pane:)``'s output as lines); nil when its pane line is
    /// missing or not as asked (an older tmux, an error).
    public static func parse(_ lines: [String]) -> PaneView? {
        guard let first = lines.first else { return nil }
        let fields = first.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 11, fields[0] == "P" else { return nil }
        let flags = fields[1...4].map { $0 == "1" }
        let numbers = fields[5...8].compactMap { Int($0) }
        guard numbers.count == 4, let status = statusLineCount(fields[9]) else { return nil }
        var clients: [PaneClient] = []
        for line in lines.dropFirst() {
            guard let client = PaneClient(line: line) else { return nil }
            clients.append(client)
        }
        return PaneView(windowActive: flags[0], paneActive: flags[1], zoomed: flags[2], inMode: flags[3],
                        geometry: PaneGeometry(left: numbers[0], top: numbers[1], width: numbers[2], height: numbers[3]),
                        statusLines: status, statusAtTop: fields[10] == "top", clients: clients)
    }

    /// The lines of tmux's `status` option: `off` none, `on` one, or a number of them.
    static func statusLineCount(_ value: String) -> Int? {
        switch value {
        case "off": return 0
        case "on": return 1
        default: return Int(value).flatMap { (0...5).contains($0) ? $0 : nil }
        }
    }
}

/// Where a pane sits in its window, in cells: `#{pane_left} #{pane_top} #{pane_width} #{pane_height}`.
public struct PaneGeometry: Sendable, Equatable {
    public var left: Int
    public var top: Int
    public var width: Int
    public var height: Int

    /// A pane at (`left`, `top`) of `width` × `height` cells.
    public init(left: Int, top: Int, width: Int, height: Int) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }
}

/// The top-left cell of reel's pane in the terminal of a client of tmux, counted from 0: where
/// an image placed through tmux's passthrough (which tmux does not move) must go.
public struct PaneOrigin: Sendable, Equatable {
    public var column: Int
    public var row: Int

    /// The cell at `column`, `row`.
    public init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }
}

/// One client of tmux attached to the pane's session: its terminal device and what that
/// terminal said it is.
public struct PaneClient: Sendable, Equatable {
    /// Whether it is a control-mode client (`#{client_control_mode}`), which draws nothing.
    public var isControl: Bool
    /// Its terminal's size in cells.
    public var width: Int
    public var height: Int
    /// Its terminal's device (`#{client_tty}`), where a delete can be written when tmux would
    /// drop it.
    public var tty: String
    /// What its terminal answered to XTVERSION (`#{client_termtype}`); empty when it did not.
    public var termType: String

    /// A client with every field given.
    public init(isControl: Bool = false, width: Int, height: Int, tty: String, termType: String = "") {
        self.isControl = isControl
        self.width = width
        self.height = height
        self.tty = tty
        self.termType = termType
    }

    /// The client of a `C control width height tty termtype` line; nil when it is not one.
    init?(line: String) {
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 5, fields[0] == "C", let width = Int(fields[2]), let height = Int(fields[3]) else { return nil }
        self.init(isControl: fields[1] == "1", width: width, height: height, tty: fields[4],
                  termType: fields.count > 5 ? fields[5] : "")
    }
}
