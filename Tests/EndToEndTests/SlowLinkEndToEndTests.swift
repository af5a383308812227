import Foundation
import Testing

/// reel over a slow link like SSH's (``SlowLink``: scripts/linkproxy between the tmux pane and
/// reel, holding up to a megabyte as sshd and TCP do), issue 49.
///
/// The figures are bytes, not times: how much of the link's backlog stood between a key and its
/// effect on screen. A reel that writes pictures faster than the link carries them fills the
/// megabyte and every key waits behind it (at 800 kbit/s, about 10 s); a reel that writes its
/// next picture only once the terminal has answered for the last keeps at most a frame or two
/// in the link, so its keys' effects come after a few tens of kilobytes. The limit of 200 kB
/// (2 s at 800 kbit/s) sits far from both, so a noisy machine cannot move a result across it.
@Suite("Over a slow link end to end", .serialized)
struct SlowLinkEndToEndTests {
    /// More of the link's bytes than this between a key and its effect means a backlog.
    static let backlog = 200_000

    /// The clip: photographs with grain, every frame costly in cells; subtitles; 24 s.
    static let film = Paths.sample("film.mkv")

    /// reel playing the film behind a link of `rate`, once the link has carried 300 kB (at
    /// 800 kbit/s, 3 s: long enough for a reel that does not pace itself to fill it).
    static func playing(rate: String = "800kbit", answers: Bool = true, _ extra: [String] = []) throws -> SlowLink {
        let link = try SlowLink(rate: rate, answers: answers, ["--no-audio", "--hide-delay=30", "--loop"] + extra + [film])
        try link.tmux.waitFor("❚❚", timeout: 30)
        link.waitForDelivered(300_000)
        return link
    }

    @Test("while playing at 800 kbit/s the link holds a frame or two, not a megabyte of pictures")
    func oneFrameInFlight() throws {
        let link = try Self.playing()
        let from = link.events.count
        link.waitForDelivered(link.delivered + 300_000)
        let held = link.mostHeld(from: from)
        #expect(held < Self.backlog, "the link held up to \(held) bytes of reel's pictures")
        _ = try link.send("q")
        #expect(link.waitForExit()?.code == 0)
    }

    /// Plays at 800 kbit/s, sends `keys`, and checks that `effect` reached the screen with less
    /// than a backlog of the link's bytes after them.
    static func expectAhead(_ keys: [String], _ effect: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let link = try playing()
        let sent = try link.sendKeys(keys, sourceLocation: sourceLocation)
        let shown = try #require(try link.deliveredWhenShown(effect), "\(effect) never showed", sourceLocation: sourceLocation)
        #expect(shown - sent < backlog, "\(shown - sent) bytes reached the screen between \(keys) and \(effect)",
                sourceLocation: sourceLocation)
        _ = try link.send("q")
        #expect(link.waitForExit()?.code == 0, sourceLocation: sourceLocation)
    }

    @Test("Space at 800 kbit/s: the pause shows ahead of the pictures before it")
    func pauseAhead() throws {
        try Self.expectAhead(["Space"], "▶")
    }

    @Test("a double → at 800 kbit/s: its +10 s label shows ahead of the pictures before it")
    func doubleTapAhead() throws {
        try Self.expectAhead(["Right", "Right"], "+10 s")
    }

    @Test("q at 800 kbit/s: the session ends after little more of the link's bytes")
    func quitPromptly() throws {
        let link = try Self.playing()
        let sent = try link.send("q")
        let exit = try #require(link.waitForExit(), "reel and the link never ended")
        #expect(exit.code == 0)
        #expect(exit.delivered - sent < Self.backlog, "\(exit.delivered - sent) bytes reached the screen between q and the end")
        // The proxy logs its end before it gives the pane its settings back: wait for the pane's.
        #expect(link.tmux.waitForExit() == 0)
        try link.tmux.expectTerminalRestored()
    }

    /// The subtitle on screen is the one mpv shows now (asked over mpv's IPC just before and just
    /// after the screen is read): drawn with its picture, not behind a backlog nor alone ahead.
    @Test("subtitles at 800 kbit/s arrive with their picture: the line on screen is the one mpv shows")
    func subtitlesWithPicture() throws {
        let socket = NSTemporaryDirectory() + "reel-link-ipc-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        defer { unlink(socket) }
        let link = try Self.playing(["--input-ipc-server=\(socket)"])
        #expect(IPCEndToEndTests.waitForSocket(socket))
        let cues = ["The first line", "Two lines:", "Chelsea, the cat", "This long line", "Un café crème",
                    "Next stop", "Three, two, one", "The last line"]
        func subText() -> String {
            let reply = (try? Subprocess.run("/bin/sh", ["-c", "printf '%s\\n' \"$1\" | socat -t 0.2 - UNIX-CONNECT:\"$2\"", "sh",
                                                         #"{"command":["get_property","sub-text"]}"#, socket])) ?? ""
            return reply
        }
        var agreed = Set<String>()
        var disagreed: [String] = []
        let deadline = Date().addingTimeInterval(50)
        while agreed.count < 3, Date() < deadline {
            let before = subText()
            let screen = try link.tmux.capture()
            let after = subText()
            if let cue = cues.first(where: { screen.contains($0) }) {
                if before.contains(cue) || after.contains(cue) { agreed.insert(cue) } else { disagreed.append(cue) }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(agreed.count >= 3, "the subtitle on screen was mpv's for only \(agreed.sorted()); another for \(disagreed.count) looks")
        _ = try link.send("q")
        #expect(link.waitForExit()?.code == 0)
    }

    /// Screens of the picture's rows (with colours) read every 0.1 s over 3 s: how many differ.
    static func differentPictures(_ tmux: TmuxSession, looks: Int = 30) throws -> Int {
        var seen = Set<String>()
        for _ in 0..<looks {
            let rows = try tmux.capture(escapes: true).split(separator: "\n", omittingEmptySubsequences: false)
            seen.insert(rows.prefix(20).joined(separator: "\n"))
            Thread.sleep(forTimeInterval: 0.1)
        }
        return seen.count
    }

    @Test("at 8 Mbit/s the picture keeps moving")
    func movingAtEightMegabits() throws {
        let link = try Self.playing(rate: "8mbit")
        let pictures = try Self.differentPictures(link.tmux)
        #expect(pictures >= 10, "only \(pictures) different pictures in 30 looks 0.1 s apart")
        _ = try link.send("q")
        #expect(link.waitForExit()?.code == 0)
    }

    @Test("a terminal that never answers (no DSR, no DA1) still plays, pauses and quits")
    func terminalThatNeverAnswers() throws {
        let link = try Self.playing(rate: "8mbit", answers: false)
        #expect(link.events.contains { $0.name == "swallowed" }, "reel asked the terminal nothing")
        let pictures = try Self.differentPictures(link.tmux)
        #expect(pictures >= 5, "only \(pictures) different pictures in 30 looks 0.1 s apart")
        _ = try link.send("Space")
        #expect(try link.deliveredWhenShown("▶", timeout: 20) != nil, "the pause never showed")
        _ = try link.send("q")
        #expect(link.waitForExit()?.code == 0)
    }

    @Test("a link that stalls 5 s and recovers: reel stays responsive, and the screen catches up at once")
    func stallAndRecover() throws {
        let link = try Self.playing()
        let mark = link.events.count
        try link.stall()
        let stalled = try #require(link.waitForEvent("stall", after: mark, timeout: 10))
        // A key in the stall reaches reel and is handled there at once (its screen waits for the link).
        let traceMark = link.tmux.trace.mark
        _ = try link.send("Space")
        link.tmux.trace.waitForHandledInput(after: traceMark)
        let flowing = try #require(link.waitForEvent("flow", after: stalled, timeout: 20))
        let atFlow = link.events[...flowing].last { $0.name == "level" }?.numbers ?? []
        let heldAtFlow = atFlow.count > 1 ? atFlow[1] : 0
        #expect(heldAtFlow < Self.backlog, "reel piled \(heldAtFlow) bytes into the stalled link")
        let delivered = atFlow.first ?? 0
        let shown = try #require(try link.deliveredWhenShown("▶"), "the pause never showed")
        #expect(shown - delivered < Self.backlog, "\(shown - delivered) bytes reached the screen after the link recovered before the pause")
        _ = try link.send("q")
        #expect(link.waitForExit()?.code == 0)
    }
}
