import Foundation
import Testing
import TestTerminal

/// Double-tap skips in the real binary: keys, clicks, the tally label, the ripple, and mpv's
/// position moving by exactly the skipped time (read back from the screen, paused).
@Suite("Double tap end to end", .serialized)
struct DoubleTapEndToEndTests {
    static let title = "Long clip for seeking"

    /// Starts the long clip paused at `start` with the controls held up.
    static func paused(at start: String, extra: [String] = []) throws -> TmuxSession {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--start=\(start)"] + extra + [Paths.sample("long.mp4")])
        try tmux.waitFor(title)
        return tmux
    }

    static func elapsed(_ tmux: TmuxSession) throws -> Int? {
        try PlayerEndToEndTests.times(in: tmux.capture()).map { PlayerEndToEndTests.seconds($0.0) }
    }

    /// Waits until the elapsed time on screen is `seconds`.
    static func expectElapsed(_ tmux: TmuxSession, _ seconds: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try tmux.waitForScreen(sourceLocation: sourceLocation) { screen in
            PlayerEndToEndTests.times(in: screen).map { PlayerEndToEndTests.seconds($0.0) == seconds } ?? false
        }
    }

    /// The column of `text` on the first row that has it.
    static func column(of text: String, in screen: String) -> Int? {
        for line in screen.split(separator: "\n") {
            if let range = line.range(of: text) { return line.distance(from: line.startIndex, to: range.lowerBound) }
        }
        return nil
    }

    @Test("a double → shows +10 s in the right half and moves mpv by 10 s")
    func doubleRight() throws {
        let tmux = try Self.paused(at: "30")
        try Self.expectElapsed(tmux, 30)
        try tmux.send("Right", "Right")
        let screen = try tmux.waitFor("+10 s")
        #expect((Self.column(of: "+10 s", in: screen) ?? 0) > 50, "label not in the right half:\n\(screen)")
        try Self.expectElapsed(tmux, 40)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("four quick → presses show +30 s and move 30 s")
    func fourPresses() throws {
        let tmux = try Self.paused(at: "30")
        try Self.expectElapsed(tmux, 30)
        try tmux.send("Right", "Right", "Right", "Right")
        try tmux.waitFor("+30 s")
        try Self.expectElapsed(tmux, 60)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("switching to ← starts a new tally at -10 s, in the left half")
    func switchSides() throws {
        let tmux = try Self.paused(at: "30")
        try tmux.send("Right", "Right")
        try tmux.waitFor("+10 s")
        try tmux.send("Left", "Left")
        let screen = try tmux.waitFor("-10 s")
        #expect((Self.column(of: "-10 s", in: screen) ?? 99) < 50, "label not in the left half")
        try Self.expectElapsed(tmux, 30)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("skipping before the start lands at 0:00 and past the end at the end")
    func clamps() throws {
        let tmux = try Self.paused(at: "3")
        try tmux.send("Left", "Left", "Left")
        try tmux.waitFor("-20 s")
        try Self.expectElapsed(tmux, 0)
        try tmux.send("End")
        try Self.expectElapsed(tmux, 150)
        try tmux.send("Right", "Right", "Right")
        try tmux.waitFor("+20 s")
        // At the end nothing moves: once the skips are handled, still the end.
        try tmux.sync()
        #expect(try Self.elapsed(tmux) == 150)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0, "reel did not survive skipping past the end")
    }

    @Test("j and l skip at once")
    func jAndL() throws {
        let tmux = try Self.paused(at: "30")
        try tmux.send("l")
        try tmux.waitFor("+10 s")
        try Self.expectElapsed(tmux, 40)
        // The tally resets when its label has gone; then j starts a new one.
        try tmux.waitForScreen { !$0.contains("+10 s") }
        try tmux.send("j")
        try tmux.waitFor("-10 s")
        try Self.expectElapsed(tmux, 30)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a double click on the right half skips, dims that half and ripples around the click")
    func doubleClick() throws {
        // The red segment stays red across a half-second skip, so every change of colour on
        // screen is the feedback's own.
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--start=0.5", "--seek-interval=0.5",
                                    Paths.sample("segments.mp4")])
        try tmux.waitFor("Colour segments")
        try tmux.send("c")
        try tmux.waitForScreen { !$0.contains("Colour segments") }
        // The controls fade out over 0.25 s: wait until the screen holds still.
        var previous = try tmux.capture(escapes: true)
        try tmux.waitForScreen(escapes: true) { screen in
            defer { previous = screen }
            return screen == previous
        }
        let before = ScreenCells(try tmux.capture(escapes: true))
        // Click twice at column 75, row 15 (0-based), in one write so that the two clicks arrive
        // well inside the 0.3 s double-click window however busy the machine is; then look at once.
        let click = Array("\u{1B}[<0;76;16M\u{1B}[<0;76;16m".utf8)
        try tmux.sendBytes(click + click)
        var dimmed = false, ripple = false, labelled = false, leftUntouched = true
        for _ in 0..<30 where !(dimmed && ripple && labelled) {
            labelled = try labelled || tmux.capture().contains("+0.5 s")
            let during = ScreenCells(try tmux.capture(escapes: true))
            // Far from the click in the tapped half: darker than before (the 0.22 dim).
            if let old = before.topColor(column: 95, row: 3), let new = during.topColor(column: 95, row: 3) {
                dimmed = dimmed || Self.brightness(new) < Self.brightness(old) - 10
            }
            // At the click: lighter than the dimmed half around it (the white ripple).
            if let centre = during.topColor(column: 75, row: 15), let far = during.topColor(column: 95, row: 3) {
                ripple = ripple || Self.brightness(centre) > Self.brightness(far) + 15
            }
            // The other half never changes.
            if let old = before.topColor(column: 10, row: 15), let new = during.topColor(column: 10, row: 15) {
                leftUntouched = leftUntouched && abs(Self.brightness(old) - Self.brightness(new)) < 3
            }
        }
        #expect(labelled, "no +0.5 s label")
        #expect(dimmed, "the right half was not dimmed")
        #expect(leftUntouched, "the left half changed")
        // The ripple lives 0.55 s; a sanitizer can slow reel's drawing past it.
        if ProcessInfo.processInfo.environment["REEL_SANITIZER"] == nil {
            #expect(ripple, "no ripple around the click")
        }
        #expect(try !tmux.capture().contains("Colour segments"), "a double click brought up the controls")
        try tmux.send("c")
        try Self.expectElapsed(tmux, 1)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    static func brightness(_ color: (Int, Int, Int)) -> Double {
        0.299 * Double(color.0) + 0.587 * Double(color.1) + 0.114 * Double(color.2)
    }
}
