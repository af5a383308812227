import Testing
@testable import Terminal

/// tmux's answer about reel's pane, parsed; and when that answer says the pane is wholly shown.
@Suite("PaneView: what tmux says of reel's pane and its clients")
struct PaneViewTests {
    @Test("the pane's line and the clients' lines become the view")
    func parse() throws {
        let view = try #require(PaneView.parse([
            "P 1 0 1 0 51 2 49 27 on top",
            "C 0 100 30 /dev/pts/3 kitty(0.26.5)",
            "C 1 80 24 /dev/pts/4 ",
            "C 0 120 40 /dev/pts/5 WezTerm 20240203",
        ]))
        #expect(view.windowActive && !view.paneActive && view.zoomed && !view.inMode)
        #expect(view.geometry == PaneGeometry(left: 51, top: 2, width: 49, height: 27))
        #expect(view.statusLines == 1 && view.statusAtTop)
        #expect(view.origin == PaneOrigin(column: 51, row: 3), "a status line at the top moves the pane down")
        #expect(view.clients == [
            PaneClient(width: 100, height: 30, tty: "/dev/pts/3", termType: "kitty(0.26.5)"),
            PaneClient(isControl: true, width: 80, height: 24, tty: "/dev/pts/4"),
            PaneClient(width: 120, height: 40, tty: "/dev/pts/5", termType: "WezTerm 20240203"),
        ])
        #expect(view.viewers.map(\.tty) == ["/dev/pts/3", "/dev/pts/5"], "a control-mode client draws nothing")
    }

    @Test("the status option's lines: off, on, or a number", arguments: [
        ("off", 0), ("on", 1), ("2", 2), ("5", 5),
    ])
    func statusLines(value: String, lines: Int) throws {
        let view = try #require(PaneView.parse(["P 1 1 0 0 0 0 100 29 \(value) bottom"]))
        #expect(view.statusLines == lines && !view.statusAtTop && view.origin == PaneOrigin(column: 0, row: 0))
    }

    @Test("anything else than the answer asked for is no view", arguments: [
        [], [""], ["P 1 1 0 0 0 0 100 29 on"], ["P 1 1 0 0 x 0 100 29 on bottom"], ["P 1 1 0 0 0 0 100 29 many bottom"],
        ["no server running on /tmp/x"], ["P 1 1 0 0 0 0 100 29 on bottom", "C 0 wide 30 /dev/pts/1 "],
        ["C 0 100 30 /dev/pts/1 ", "P 1 1 0 0 0 0 100 29 on bottom"],
    ])
    func malformed(lines: [String]) {
        #expect(PaneView.parse(lines) == nil)
    }

    /// A view of a 50 × 29 pane at `left`, `top` in a window with one client of 100 × 30.
    static func view(windowActive: Bool = true, paneActive: Bool = true, zoomed: Bool = false, inMode: Bool = false,
                     left: Int = 0, top: Int = 0, width: Int = 50, height: Int = 29, clients: [PaneClient]? = nil) -> PaneView {
        PaneView(windowActive: windowActive, paneActive: paneActive, zoomed: zoomed, inMode: inMode,
                 geometry: PaneGeometry(left: left, top: top, width: width, height: height), statusLines: 1, statusAtTop: false,
                 clients: clients ?? [PaneClient(width: 100, height: 30, tty: "/dev/pts/1")])
    }

    @Test("the pane is shown only in its window, not zoomed away, not in a mode, with a client that has room for it", arguments: [
        (view(), true),
        (view(windowActive: false), false),
        (view(zoomed: true), true),
        (view(paneActive: false, zoomed: true), false),
        (view(paneActive: false), true),
        (view(inMode: true), false),
        (view(clients: []), false),
        (view(clients: [PaneClient(isControl: true, width: 100, height: 30, tty: "/dev/pts/2")]), false),
        (view(left: 50), true),
        (view(left: 51), false),
        (view(top: 1), false),
        (view(clients: [PaneClient(width: 100, height: 30, tty: "/dev/pts/1"), PaneClient(width: 40, height: 30, tty: "/dev/pts/2")]), false),
    ])
    func shown(view: PaneView, shown: Bool) {
        #expect(view.showsPane == shown)
    }

    @Test("one run of tmux asks for the pane, then for its session's clients")
    func query() {
        let arguments = PaneView.query(pane: "%3")
        #expect(arguments.prefix(4) == ["display-message", "-p", "-t", "%3"])
        #expect(arguments.contains(";") && arguments.suffix(4).prefix(3) == ["-t", "%3", "-F"])
    }
}
