/// What tmux says, at one moment, of reel's pane and of the clients that could show it: its
/// window, zoom, copy mode, where the pane sits, and each client's window, status line and
/// terminal. ``PaneWatch`` decides from a series of these when the picture may be drawn.
///
/// It is parsed from the answer to one tmux command line (``query(pane:)``): a `P` line of the
/// pane's formats, then a `C` line a client of the server. A client shows the pane when its
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
    public var origin: PaneOrigin? {
        let origins = viewers.map { PaneOrigin(column: geometry.left, row: geometry.top + $0.windowTop) }
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
                && geometry.top + geometry.height <= client.height - client.statusLines
        }
    }

    /// The tmux arguments (after `tmux -S <socket>`) whose output ``parse(_:)`` reads: the pane's
    /// formats, then the server's clients, in one run of tmux.
    public static func query(pane: String) -> [String] {
        ["display-message", "-p", "-t", pane, "-F", paneFormat, ";", "list-clients", "-F", clientFormat]
    }

    static let paneFormat = "P #{window_id} #{pane_active} #{window_zoomed_flag} #{pane_in_mode} "
        + "#{pane_left} #{pane_top} #{pane_width} #{pane_height}"
    /// A client's window, status line and options are its session's.
    static let clientFormat = "C #{client_control_mode} #{client_width} #{client_height} #{window_id} "
        + "#{status} #{status-position} #{client_tty} #{client_termtype}"

    /// The view in tmux's answer (``query(pane:)``'s output as lines); nil when its pane line is
    /// missing or not as asked (an older tmux, an error).
    public static func parse(_ lines: [String]) -> PaneView? {
        guard let first = lines.first else { return nil }
        let fields = first.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 9, fields[0] == "P", fields[1].hasPrefix("@") else { return nil }
        let flags = fields[2...4].map { $0 == "1" }
        let numbers = fields[5...8].compactMap { Int($0) }
        guard numbers.count == 4 else { return nil }
        var clients: [PaneClient] = []
        for line in lines.dropFirst() {
            guard let client = PaneClient(line: line) else { return nil }
            clients.append(client)
        }
        return PaneView(windowID: fields[1], paneActive: flags[0], zoomed: flags[1], inMode: flags[2],
                        geometry: PaneGeometry(left: numbers[0], top: numbers[1], width: numbers[2], height: numbers[3]),
                        clients: clients)
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
