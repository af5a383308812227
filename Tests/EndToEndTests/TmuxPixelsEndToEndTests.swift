import Foundation
import Testing

/// reel's picture in pixels inside tmux (issue 38): real kitty and real xterm as a VT340 under
/// Xvfb, each running a real tmux client, Debian's 3.3a and bookworm-backports' 3.5a, with reel
/// paused on the cat of film.mkv in the window's left pane and a static pane split beside it,
/// tmux at its default settings (its status line at the bottom). Judged on screenshots: a picture
/// in pixels has many colours in a cell, cells have two (``Screenshot/photographicCells(in:cell:)``).
@Suite("Pixels in tmux end to end", .serialized, .enabled(if: XTerminal.available))
struct TmuxPixelsEndToEndTests {
    static let kinds: [XTerminal.Kind] = [.kitty, .xterm]
    /// How long after a window switch or a detach nothing of the picture may be on the screen.
    static let goneWithin = 0.5

    /// reel paused at 8 s (the cat), with its controls up, in tmux in `kind`, at about 100x30
    /// cells; `before` runs once the split is there and before reel starts.
    /// (`arguments`: reel's, instead of that.)
    func start(_ kind: XTerminal.Kind, _ build: TmuxInTerminal.Build,
               arguments: [String] = ["--no-audio", "--no-resume", "--no-sub", "--pause", "--start=8", "--stats", Paths.sample("film.mkv")],
               before: (TmuxInTerminal) throws -> Void = { _ in }) throws -> TmuxInTerminal {
        let session = kind == .kitty
            ? try TmuxInTerminal(.kitty, build, reelArguments: arguments, width: 800, height: 540)
            : try TmuxInTerminal(.xterm, build, reelArguments: arguments, width: 100, height: 30)
        try before(session)
        session.start()
        return session
    }

    /// The share of a picture's lit cells that must be photographic for it to be in pixels:
    /// measured, sixel (256 colours) 50 to 85 %, kitty graphics over 95 %, cells under 1 %.
    static let pixels = 0.3

    /// Waits for the picture in pixels in reel's pane and expects it there: enough of the pane's
    /// lit cells photographic. The screenshot. With `required`, the test goes no further without
    /// it (what follows would only fail again, each after its own wait).
    @discardableResult
    func waitForPicture(_ session: TmuxInTerminal, _ what: String, required: Bool = false,
                        sourceLocation: SourceLocation = #_sourceLocation) throws -> Screenshot {
        let pane = try session.rect(of: session.reelPane), cell = try session.cellSize()
        let shot = try session.terminal.waitForScreen(timeout: 40) {
            let found = $0.photographicCells(in: pane, cell: cell)
            return found.share >= Self.pixels && found.lit >= 50
        }
        let found = shot.photographicCells(in: pane, cell: cell)
        let why = "\(what): the picture in pixels in reel's pane \(pane); "
            + "\(Int(found.share * 100)) % of its \(found.lit) lit cells photographic\n\(session.diagnostics)"
        if required {
            try #require(found.share >= Self.pixels && found.lit >= 50, Comment(rawValue: why), sourceLocation: sourceLocation)
        } else {
            #expect(found.share >= Self.pixels && found.lit >= 50, Comment(rawValue: why), sourceLocation: sourceLocation)
        }
        return shot
    }

    /// Expects none of the picture on `shot`: no photographic cell (of `cell` pixels) in the whole window.
    func expectNoPicture(_ shot: Screenshot, _ session: TmuxInTerminal, cell: (width: Int, height: Int), _ what: String,
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let window = TmuxInTerminal.Rect(x: 0, y: 0, width: shot.width, height: shot.height)
        let left = shot.photographicCellCount(in: window, cell: cell)
        #expect(left == 0, "\(what): \(left) cells of the picture still on the screen\n\(session.diagnostics)", sourceLocation: sourceLocation)
    }

    /// The share of near-white pixels (the controls' glyphs) over the picture in reel's pane.
    func whiteOverPicture(_ shot: Screenshot, pane: TmuxInTerminal.Rect) -> Double {
        guard let box = shot.litBox(in: pane) else { return 0 }
        return shot.share(x: box.x, y: box.y, width: box.width, height: box.height, near: (255, 255, 255), tolerance: 60)
    }

    /// Expects reel's `allow-passthrough` for its pane as it was before reel (`set` as
    /// `show-options -p` printed it), and the one in force the same as the static pane's.
    func expectPassthrough(_ session: TmuxInTerminal, set: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let reel = try session.paneOption("allow-passthrough", pane: session.reelPane)
        let other = try session.paneOption("allow-passthrough", pane: session.staticPane)
        #expect(reel.set == set, "allow-passthrough set on reel's pane: '\(reel.set)', not '\(set)'", sourceLocation: sourceLocation)
        if set.isEmpty {
            #expect(reel.value == other.value, "allow-passthrough in force: '\(reel.value)', not '\(other.value)'", sourceLocation: sourceLocation)
        }
    }

    @Test("the picture is in pixels in reel's pane beside a split, the controls show over it, and q leaves no image and allow-passthrough unset",
          arguments: kinds, TmuxInTerminal.Build.both)
    func besideSplit(kind: XTerminal.Kind, build: TmuxInTerminal.Build) throws {
        let session = try start(kind, build)
        let pane = try session.rect(of: session.reelPane), right = try session.rect(of: session.staticPane)
        let cell = try session.cellSize()
        try waitForPicture(session, "paused, with the controls up", required: true)
        // c hides the controls: the bare picture, where the pane is.
        try session.press("c")
        let bare = try session.terminal.waitForStillScreen()
        let picture = try #require(bare.litBox(in: pane), "nothing lit in reel's pane\n\(session.diagnostics)")
        #expect(abs((picture.x + picture.width / 2) - (pane.x + pane.width / 2)) <= cell.width
                && abs((picture.y + picture.height / 2) - (pane.y + pane.height / 2)) <= cell.height,
                "the picture \(picture) centred in reel's pane \(pane)\n\(session.diagnostics)")
        let found = bare.photographicCells(in: pane, cell: cell)
        #expect(found.share >= Self.pixels, "the bare picture in pixels: \(Int(found.share * 100)) % of \(found.lit) cells\n\(session.diagnostics)")
        // Nothing of it over the split (its word on its first row aside) nor over the status line.
        let below = TmuxInTerminal.Rect(x: right.x, y: right.y + cell.height, width: right.width, height: right.height - cell.height)
        #expect(bare.share(x: below.x, y: below.y, width: below.width, height: below.height) { max($0.r, $0.g, $0.b) > 40 } < 0.002,
                "the split beside reel's pane stays dark\n\(session.diagnostics)")
        let status = TmuxInTerminal.Rect(x: 0, y: pane.y + pane.height, width: bare.width, height: cell.height)
        #expect(bare.photographicCellCount(in: status, cell: cell) == 0, "the status line is tmux's")
        // c shows them again: their glyphs' white over the picture.
        try session.press("c")
        let white = { (shot: Screenshot) in self.whiteOverPicture(shot, pane: pane) }
        let controls = try session.terminal.waitForScreen(timeout: 10) { white($0) > white(bare) + 0.002 }
        #expect(white(controls) > white(bare) + 0.002,
                "the controls' text over the picture: \(white(controls)) white against \(white(bare)) without\n\(session.diagnostics)")
        #expect(controls.photographicCells(in: pane, cell: cell).share >= Self.pixels, "the picture still in pixels under the controls")
        // q: reel ends, and leaves neither its picture nor passthrough behind.
        try session.tmux(["send-keys", "-t", session.reelPane, "q"])
        #expect(session.waitForReelExit() == 0, "\(session.diagnostics)")
        let after = try session.terminal.waitForScreen(timeout: 10) { $0.photographicCellCount(in: pane, cell: cell) == 0 }
        try expectNoPicture(after, session, cell: cell, "after q")
        try expectPassthrough(session, set: "")
        print("\(kind) in \(build): \(session.reelStandardError.split(separator: "\n").last ?? "")")
    }

    @Test("another window leaves nothing of the picture 0.5 s after the switch, and coming back draws it again",
          arguments: kinds, TmuxInTerminal.Build.both)
    func windowSwitch(kind: XTerminal.Kind, build: TmuxInTerminal.Build) throws {
        let session = try start(kind, build)
        let cell = try session.cellSize()
        try waitForPicture(session, "before the switch", required: true)
        let switched = Date()
        try session.tmux(["new-window", "-t", "e2e", "sh -c 'exec sleep 100000'"])
        try expectNoPicture(try session.screenshot(after: switched, seconds: Self.goneWithin), session, cell: cell,
                            "\(Self.goneWithin) s after another window was selected")
        try session.tmux(["select-window", "-t", "e2e:0"])
        try waitForPicture(session, "back on reel's window")
        // And once more, by tmux's last-window, as a person's prefix-l does.
        let again = Date()
        try session.tmux(["last-window", "-t", "e2e"])
        try expectNoPicture(try session.screenshot(after: again, seconds: Self.goneWithin), session, cell: cell, "after last-window")
        try session.tmux(["last-window", "-t", "e2e"])
        try waitForPicture(session, "back again")
        try session.tmux(["send-keys", "-t", session.reelPane, "q"])
        #expect(session.waitForReelExit() == 0, "\(session.diagnostics)")
    }

    /// Playing, a frame goes every 33 ms; the one written as the window changes is dropped by
    /// tmux (its pane is no longer shown), and with it the delete of the frame before, which
    /// stayed over the other window until reel deleted it again with the hide.
    @Test("a playing picture: another window leaves nothing of it 0.5 s after the switch, at every switch",
          arguments: kinds, TmuxInTerminal.Build.both)
    func windowSwitchWhilePlaying(kind: XTerminal.Kind, build: TmuxInTerminal.Build) throws {
        // The protocol named: under load `auto` may step down to cells when the frames do not keep up.
        let session = try start(kind, build, arguments: ["--no-audio", "--no-resume", "--no-sub", "--loop", "--stats",
                                                         kind == .kitty ? "--graphics=kitty" : "--graphics=sixel",
                                                         Paths.sample("photo-pan.mp4")])
        let cell = try session.cellSize()
        for round in 1...3 {
            try waitForPicture(session, "playing, before switch \(round)", required: true)
            let switched = Date()
            try session.tmux(round == 1 ? ["new-window", "-t", "e2e", "sh -c 'exec sleep 100000'"] : ["last-window", "-t", "e2e"])
            try expectNoPicture(try session.screenshot(after: switched, seconds: Self.goneWithin), session, cell: cell,
                                "switch \(round): \(Self.goneWithin) s after another window was selected, playing")
            try session.tmux(["last-window", "-t", "e2e"])
        }
        try session.tmux(["send-keys", "-t", session.reelPane, "q"])
        #expect(session.waitForReelExit() == 0, "\(session.diagnostics)")
    }

    @Test("detaching leaves nothing of the picture, a new client draws it again, and SIGTERM leaves no image and allow-passthrough as it was set",
          arguments: kinds, TmuxInTerminal.Build.both)
    func detachAndAttach(kind: XTerminal.Kind, build: TmuxInTerminal.Build) throws {
        // Passthrough already on for reel's pane, as a person's tmux.conf may have it: it must
        // stay so, whatever reel sets while it draws.
        let session = try start(kind, build) { try $0.tmux(["set-option", "-p", "-t", $0.reelPane, "allow-passthrough", "on"]) }
        let pane = try session.rect(of: session.reelPane), cell = try session.cellSize()
        try waitForPicture(session, "before the detach", required: true)
        let detached = Date()
        try session.detach()
        try expectNoPicture(try session.screenshot(after: detached, seconds: Self.goneWithin), session, cell: cell,
                            "\(Self.goneWithin) s after the client detached")
        try session.attach()
        try waitForPicture(session, "in the new client")
        let pid = try #require(try session.reelPID(), "reel is not running\n\(session.diagnostics)")
        kill(pid, SIGTERM)
        #expect(session.waitForReelExit() == 143, "\(session.diagnostics)")
        let after = try session.terminal.waitForScreen(timeout: 10) { $0.photographicCellCount(in: pane, cell: cell) == 0 }
        try expectNoPicture(after, session, cell: cell, "after SIGTERM")
        try expectPassthrough(session, set: "allow-passthrough on")
    }
}
