import Testing
@testable import Graphics
@testable import Terminal

/// tmux's answer about reel's pane, parsed; and when that answer says the pane is wholly shown.
@Suite("PaneView: what tmux says of reel's pane and its clients")
struct PaneViewTests {
    /// A status line of one row at the top.
    static let top = TmuxStatusLine(lines: 1, atTop: true)

    @Test("the pane's line and the clients' lines become the view")
    func parse() throws {
        let view = try #require(PaneView.parse([
            "P\t@2\t0\t1\t0\t51\t2\t49\t27",
            "C\t0\t100\t30\t@2\ton\ttop\t0\t/dev/pts/3\t\tkitty(0.26.5)",
            "C\t1\t80\t24\t@2\ton\ttop\t0\t/dev/pts/4\t\t",
            "C\t0\t120\t40\t@2\ton\ttop\t0\t/dev/pts/5\t\tWezTerm 20240203",
            "C\t0\t100\t30\t@7\toff\tbottom\t0\t/dev/pts/6\t\tXTerm(379)",
        ]))
        #expect(view.windowID == "@2" && !view.paneActive && view.zoomed && !view.inMode)
        #expect(view.geometry == PaneGeometry(left: 51, top: 2, width: 49, height: 27))
        #expect(view.origin == CellOrigin(column: 51, row: 3), "a status line at the top moves the pane down")
        #expect(view.clients == [
            PaneClient(width: 100, height: 30, windowID: "@2", status: Self.top, tty: "/dev/pts/3", termType: "kitty(0.26.5)"),
            PaneClient(isControl: true, width: 80, height: 24, windowID: "@2", status: Self.top, tty: "/dev/pts/4"),
            PaneClient(width: 120, height: 40, windowID: "@2", status: Self.top, tty: "/dev/pts/5", termType: "WezTerm 20240203"),
            PaneClient(width: 100, height: 30, windowID: "@7", status: TmuxStatusLine(lines: 0, atTop: false), tty: "/dev/pts/6", termType: "XTerm(379)"),
        ])
        #expect(view.viewers.map(\.tty) == ["/dev/pts/3", "/dev/pts/5"], "a control-mode client draws nothing; another window's client shows none of it")
    }

    @Test("the status option's lines: off, on, or a number; at the bottom the pane is where tmux says", arguments: [
        ("off", 0), ("on", 1), ("2", 2), ("5", 5),
    ])
    func statusLines(value: String, lines: Int) throws {
        let view = try #require(PaneView.parse(["P\t@0\t1\t0\t0\t0\t0\t100\t24", "C\t0\t100\t30\t@0\t\(value)\tbottom\t0\t/dev/pts/1\t\t"]))
        #expect(view.clients.first?.status.lines == lines && view.origin == CellOrigin(column: 0, row: 0))
        let top = try #require(PaneView.parse(["P\t@0\t1\t0\t0\t0\t0\t100\t24", "C\t0\t100\t30\t@0\t\(value)\ttop\t0\t/dev/pts/1\t\t"]))
        #expect(top.origin == CellOrigin(column: 0, row: lines))
    }

    @Test("clients whose status lines put the pane in different places: no origin, not shown")
    func origins() throws {
        let view = try #require(PaneView.parse(["P\t@0\t1\t0\t0\t0\t0\t100\t24", "C\t0\t100\t30\t@0\ton\ttop\t0\t/dev/pts/1\t\t",
                                                "C\t0\t100\t30\t@0\ton\tbottom\t0\t/dev/pts/2\t\t"]))
        #expect(view.origin == nil && !view.showsPane)
    }

    @Test("anything else than the answer asked for is no view", arguments: [
        [], [""], ["P\t@0\t1\t0\t0\t0\t0\t100"], ["P\t@0\t1\t0\t0\tx\t0\t100\t29"], ["P\t1\t1\t0\t0\t0\t0\t100\t29"],
        ["no server running on /tmp/x"], ["P\t@0\t1\t0\t0\t0\t0\t100\t29", "C\t0\twide\t30\t@0\ton\tbottom\t0\t/dev/pts/1\t\t"],
        ["P\t@0\t1\t0\t0\t0\t0\t100\t29", "C\t0\t100\t30\t@0\tmany\tbottom\t0\t/dev/pts/1\t\t"], ["P\t@0\t1\t0\t0\t0\t0\t100\t29", "C\t0\t100\t30\t/dev/pts/1\t"],
        ["C\t0\t100\t30\t@0\ton\tbottom\t0\t/dev/pts/1\t\t", "P\t@0\t1\t0\t0\t0\t0\t100\t29"], ["P @0 1 0 0 0 0 100 29"],
    ])
    func malformed(lines: [String]) {
        #expect(PaneView.parse(lines) == nil)
    }

    /// A view of a 50 × 29 pane at `left`, `top` in a window with one client of 100 × 30.
    static func view(windowActive: Bool = true, paneActive: Bool = true, zoomed: Bool = false, inMode: Bool = false,
                     left: Int = 0, top: Int = 0, width: Int = 50, height: Int = 29, clients: [PaneClient]? = nil) -> PaneView {
        PaneView(windowID: windowActive ? "@0" : "@9", paneActive: paneActive, zoomed: zoomed, inMode: inMode,
                 geometry: PaneGeometry(left: left, top: top, width: width, height: height),
                 clients: clients ?? [client("/dev/pts/1")])
    }

    /// A client of 100 × 30 (or `width`) showing window `@0`.
    static func client(_ tty: String, width: Int = 100, window: String = "@0", control: Bool = false) -> PaneClient {
        PaneClient(isControl: control, width: width, height: 30, windowID: window, tty: tty)
    }

    @Test("the pane is shown only in its window, not zoomed away, not in a mode, with a client that has room for it", arguments: [
        (view(), true),
        (view(windowActive: false), false),
        (view(zoomed: true), true),
        (view(paneActive: false, zoomed: true), false),
        (view(paneActive: false), true),
        (view(inMode: true), false),
        (view(clients: []), false),
        (view(clients: [client("/dev/pts/2", control: true)]), false),
        (view(clients: [client("/dev/pts/2", window: "@1")]), false),
        (view(clients: [client("/dev/pts/1"), client("/dev/pts/2", window: "@1")]), true),
        (view(left: 50), true),
        (view(left: 51), false),
        (view(top: 1), false),
        (view(clients: [client("/dev/pts/1"), client("/dev/pts/2", width: 40)]), false),
    ])
    func shown(view: PaneView, shown: Bool) {
        #expect(view.showsPane == shown)
    }

    @Test("one run of tmux asks for the pane, then for its session's clients")
    func query() {
        let arguments = PaneView.query(pane: "%3")
        #expect(arguments.prefix(4) == ["display-message", "-p", "-t", "%3"])
        #expect(arguments.contains(";") && arguments.suffix(3).prefix(2) == ["list-clients", "-F"])
    }
}
