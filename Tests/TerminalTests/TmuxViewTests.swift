import Testing
@testable import Terminal

@Suite("TmuxView: what tmux says of reel's pane and its clients")
struct TmuxViewTests {
    /// tmux 3.3a's answer to the query in kitty, reel in the right pane of a split, passthrough off.
    static let kittyAnswer = [
        "reel-pane\t3.3a\t40\t0\ton\tbottom\t0",
        "reel-client\t1796325528\tkitty(0.26.5)\tbpaste,ccolour,clipboard,cstyle,focus,title\t/dev/pts/8",
    ]

    @Test("the pane's line, the pane's own option and a line a client are read")
    func reads() throws {
        let view = try #require(TmuxView(lines: Self.kittyAnswer))
        #expect(view.version == "3.3a" && view.paneLeft == 40 && view.paneTop == 0 && view.statusRowsAbove == 0)
        #expect(!view.passthroughAllowed && view.paneOwnPassthrough == nil && view.hasPassthroughOption)
        #expect(view.clients == [TmuxView.Client(created: 1796325528, termType: "kitty(0.26.5)",
                                                 features: ["bpaste", "ccolour", "clipboard", "cstyle", "focus", "title"],
                                                 tty: "/dev/pts/8")])
        #expect(view.allClientsKitty && !view.allClientsSixel)
        let own = try #require(TmuxView(lines: ["reel-pane\t3.5a\t0\t5\t2\ttop\ton", "allow-passthrough all"]))
        #expect(own.paneOwnPassthrough == "all" && own.passthroughAllowed && own.clients.isEmpty && !own.allClientsKitty)
    }

    @Test("without the pane's line (tmux failed, or too old) nothing is known", arguments: [
        [], ["reel-client\t1\tkitty(0.26.5)\t\t/dev/pts/1"], ["reel-pane\t3.3a\t0"], ["no server running on /tmp/x"],
    ])
    func unknown(lines: [String]) {
        #expect(TmuxView(lines: lines) == nil)
    }

    @Test("the pane's origin in the client is below a status line at the top, and only there", arguments: [
        ("on", "bottom", 3, 7, CellOrigin(column: 3, row: 7)),
        ("on", "top", 3, 7, CellOrigin(column: 3, row: 8)),
        ("2", "top", 0, 0, CellOrigin(column: 0, row: 2)),
        ("off", "top", 50, 12, CellOrigin(column: 50, row: 12)),
    ])
    func origin(status: String, position: String, left: Int, top: Int, expected: CellOrigin) throws {
        let view = try #require(TmuxView(lines: ["reel-pane\t3.3a\t\(left)\t\(top)\t\(status)\t\(position)\t0"]))
        #expect(view.origin == expected)
    }

    @Test("passthrough is there from 3.3, on for on, all and 3.3a's 1", arguments: [
        ("3.3a", "0", true, false), ("3.5a", "on", true, true), ("3.5a", "all", true, true), ("3.3a", "1", true, true),
        ("3.2a", "", false, false), ("next-3.6", "off", true, false), ("2.9", "", false, false), ("master", "", false, false),
    ])
    func passthrough(version: String, value: String, hasOption: Bool, allowed: Bool) throws {
        let view = try #require(TmuxView(lines: ["reel-pane\t\(version)\t0\t0\ton\tbottom\t\(value)"]))
        #expect(view.hasPassthroughOption == hasOption)
        #expect(view.passthroughAllowed == allowed)
    }

    @Test("the query is one tmux run: the pane's line, the pane's own option, the clients, each aimed at the pane")
    func query() {
        let arguments = TmuxView.query(pane: "%3")
        #expect(arguments.filter { $0 == ";" }.count == 2)
        #expect(arguments.filter { $0 == "%3" }.count == 3)
        #expect(arguments.starts(with: ["display-message", "-p", "-t", "%3"]))
        #expect(!TmuxView.query(pane: nil).contains("-t"))
    }
}
