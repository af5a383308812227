import Testing
@testable import Graphics
@testable import Terminal

@Suite("TmuxView: what tmux says of reel's pane and its clients")
struct TmuxViewTests {
    /// tmux 3.3a's answer to the query in kitty, reel in the right pane of a split, passthrough off.
    static let kittyAnswer = [
        "reel-pane\t3.3a\t40\t0\t40\t23\ton\tbottom\t0",
        "C\t0\t80\t24\t@0\ton\tbottom\t1796325528\t/dev/pts/8\tbpaste,ccolour,clipboard,cstyle,focus,title\tkitty(0.26.5)",
    ]

    @Test("the pane's line, the pane's own option and a line a client are read")
    func reads() throws {
        let view = try #require(TmuxView(lines: Self.kittyAnswer))
        #expect(view.version == "3.3a" && view.geometry == PaneGeometry(left: 40, top: 0, width: 40, height: 23))
        #expect(view.status == TmuxStatusLine(lines: 1, atTop: false) && view.origin == CellOrigin(column: 40, row: 0))
        #expect(!view.passthroughAllowed && view.paneOwnPassthrough == nil && view.hasPassthroughOption)
        #expect(view.clients == [PaneClient(width: 80, height: 24, windowID: "@0", created: 1796325528, tty: "/dev/pts/8",
                                            features: ["bpaste", "ccolour", "clipboard", "cstyle", "focus", "title"],
                                            termType: "kitty(0.26.5)")])
        #expect(view.allClientsKitty && !view.allClientsSixel)
        let own = try #require(TmuxView(lines: ["reel-pane\t3.5a\t0\t5\t80\t20\t2\ttop\ton", "allow-passthrough all"]))
        #expect(own.paneOwnPassthrough == "all" && own.passthroughAllowed && own.clients.isEmpty && !own.allClientsKitty)
        #expect(own.passthroughClaim == nil && view.passthroughClaim == nil)
        let claimed = try #require(TmuxView(lines: ["reel-pane\t3.5a\t0\t0\t80\t23\t1\tbottom\ton", "allow-passthrough on",
                                                    "@reel-passthrough 4242:-"]))
        #expect(claimed.paneOwnPassthrough == "on" && claimed.passthroughClaim == PassthroughClaim(process: 4242, own: nil),
                "a pane's passthrough claimed by reel 4242, which found it unset")
    }

    @Test("without the pane's line (tmux failed, or too old) nothing is known", arguments: [
        [], ["C\t0\t80\t24\t@0\ton\tbottom\t1\t/dev/pts/1\t\tkitty(0.26.5)"], ["reel-pane\t3.3a\t0"], ["no server running on /tmp/x"],
        ["reel-pane\t3.3a\t0\t0\t80\t23\tmany\tbottom\t0"], ["reel-pane\t3.3a\t0\t0\t80\t23\ton\tbottom\t0", "C\t0\twide\t24\t@0\ton\tbottom\t1\t/dev/pts/1\t\t"],
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
        let view = try #require(TmuxView(lines: ["reel-pane\t3.3a\t\(left)\t\(top)\t30\t10\t\(status)\t\(position)\t0"]))
        #expect(view.origin == expected)
    }

    @Test("passthrough is there from 3.3, on for on, all and 3.3a's 1", arguments: [
        ("3.3a", "0", true, false), ("3.5a", "on", true, true), ("3.5a", "all", true, true), ("3.3a", "1", true, true),
        ("3.2a", "", false, false), ("next-3.6", "off", true, false), ("2.9", "", false, false), ("master", "", false, false),
    ])
    func passthrough(version: String, value: String, hasOption: Bool, allowed: Bool) throws {
        let view = try #require(TmuxView(lines: ["reel-pane\t\(version)\t0\t0\t80\t23\ton\tbottom\t\(value)"]))
        #expect(view.hasPassthroughOption == hasOption)
        #expect(view.passthroughAllowed == allowed)
    }

    @Test("the query is one tmux run: the pane's line, the pane's own option, the clients, each aimed at the pane")
    func query() {
        let arguments = TmuxView.query(pane: "%3")
        #expect(arguments.filter { $0 == ";" }.count == 3)
        #expect(arguments.filter { $0 == "%3" }.count == 4)
        #expect(arguments.starts(with: ["display-message", "-p", "-t", "%3"]))
        #expect(!TmuxView.query(pane: nil).contains("-t"))
    }

    @Test("a client's line is one format, read alike by the question at the start and by the poll's")
    func sameClient() throws {
        let line = "C\t0\t120\t40\t@2\t2\ttop\t1796325528\t/dev/pts/5\tRGB,sixel\tWezTerm 20240203"
        let start = try #require(TmuxView(lines: ["reel-pane\t3.5a\t0\t0\t120\t38\t2\ttop\ton", line]))
        let poll = try #require(PaneView.parse(["P\t@2\t1\t0\t0\t0\t0\t120\t38", line]))
        let client = PaneClient(width: 120, height: 40, windowID: "@2", status: TmuxStatusLine(lines: 2, atTop: true),
                                created: 1796325528, tty: "/dev/pts/5", features: ["RGB", "sixel"], termType: "WezTerm 20240203")
        #expect(start.clients == [client] && poll.clients == [client])
        #expect(client.hasSixel && !client.isKitty && client.windowTop == 2)
        #expect(start.origin == CellOrigin(column: 0, row: 2) && poll.origin == start.origin, "one origin from the same place")
        #expect(TmuxView.query(pane: "%3").suffix(2) == ["-F", PaneClient.format])
        #expect(PaneView.query(pane: "%3").suffix(2) == ["-F", PaneClient.format])
    }
}
