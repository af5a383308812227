import Foundation
import Testing
import TestTerminal

/// The real binary in a real tmux: the player screen, its chrome, keys and exit.
@Suite("Player end to end", .serialized)
struct PlayerEndToEndTests {
    /// Reads "m:ss" times on the bottom row: (elapsed, total).
    static func times(in screen: String) -> (String, String)? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines.reversed() {
            let words = line.split(separator: " ").filter { $0.contains(":") && $0.allSatisfy { $0.isNumber || $0 == ":" } }
            if words.count >= 2 { return (String(words.first!), String(words.last!)) }
        }
        return nil
    }

    static func seconds(_ text: String) -> Int {
        text.split(separator: ":").reduce(0) { $0 * 60 + (Int($1) ?? 0) }
    }

    @Test("the title and the times show, and the time advances")
    func titleAndTimes() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=30", Paths.sample("long.mp4")])
        let first = try tmux.waitForScreen { $0.contains("Long clip for seeking") && Self.times(in: $0) != nil }
        let start = try #require(Self.times(in: first))
        #expect(start.1 == "2:30")
        let later = try tmux.waitForScreen { screen in
            Self.times(in: screen).map { Self.seconds($0.0) >= Self.seconds(start.0) + 2 } ?? false
        }
        #expect(later.contains("Long clip for seeking"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("the chrome hides after hideDelay + 0.5 s, and a key brings it back")
    func chromeHidesAndReturns() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=1", Paths.sample("long.mp4")])
        try tmux.waitFor("Long clip for seeking")
        let hidden = try tmux.waitForScreen(timeout: 4) { !$0.contains("Long clip for seeking") && Self.times(in: $0) == nil }
        #expect(!hidden.contains("2:30"))
        try tmux.send("Up")
        try tmux.waitFor("Long clip for seeking")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    /// That nothing moves while paused (the chrome stays past its hide delay) is ChromeEngine's
    /// and PlayerScreen's, tested with a fake clock; here, that Space reaches mpv both ways.
    @Test("space pauses (▶, mpv's frames stop) and plays again (❚❚, the time moves on)")
    func spacePauses() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=1", Paths.sample("long.mp4")])
        try tmux.waitFor("❚❚")
        try tmux.send("Space")
        let screen = try tmux.waitFor("▶")
        let paused = try #require(Self.times(in: screen))
        #expect(screen.contains("Long clip for seeking"), "chrome hid while paused")
        let mark = tmux.trace.mark
        try tmux.send("Space")
        try tmux.waitFor("❚❚")
        #expect(tmux.trace.waitFor(" frame ", after: mark) != nil, "no frame after playing again:\n\(tmux.trace.tail)")
        try tmux.waitForScreen { Self.times(in: $0).map { Self.seconds($0.0) > Self.seconds(paused.0) } ?? false }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a resize re-lays out at once, from 10×3 (time only) to 300×100")
    func resize() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--start=75", Paths.sample("long.mp4")])
        try tmux.waitFor("Long clip for seeking")
        try tmux.resize(width: 10, height: 3)
        let tiny = try tmux.waitForScreen { $0.contains("1:15") }
        #expect(!tiny.contains("Long"))
        try tmux.resize(width: 300, height: 100)
        let huge = try tmux.waitForScreen { $0.contains("Long clip for seeking") && $0.contains("2:30") }
        let lines = huge.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 100)
        #expect(lines.contains { $0.hasSuffix("2:30  ") || $0.hasSuffix("2:30") })
        try tmux.resize(width: 60, height: 20)
        try tmux.waitForScreen { screen in
            screen.split(separator: "\n").contains { $0.contains("1:15") && $0.contains("2:30") }
        }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }

    /// That the controls stay at the end past the hide delay is ChromeEngine's (`ended`), tested
    /// with a fake clock; here, that reel reaches the end and stays, still taking keys.
    @Test("at the end the last frame stays with the controls up; --keep-open=no quits there with 0")
    func endOfFile() throws {
        let stays = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=0.5", "--start=9", Paths.sample("segments.mp4")])
        try stays.waitForScreen(timeout: 8) { $0.contains("0:10") && $0.contains("Replay") && $0.contains("Colour segments") }
        // Input after the end is handled (a focus report), and the controls are still up.
        try stays.sync()
        #expect(try stays.capture().contains("Colour segments"), "the controls hid at the end")
        #expect(stays.waitForExit(timeout: 0.2) == nil, "reel quit at the end with keep-open")
        try stays.send("q")
        #expect(stays.waitForExit() == 0)

        let quits = try TmuxSession([Paths.reel, "--no-audio", "--keep-open=no", "--start=9", Paths.sample("segments.mp4")])
        #expect(quits.waitForExit(timeout: 8) == 0)
        try quits.expectTerminalRestored()
    }

    @Test("colours follow COLORTERM: 24-bit when it says so, else the 256-colour palette; --colors overrides")
    func colourModes() throws {
        func sgr(_ environment: [String: String], _ extra: [String] = []) throws -> String {
            let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause"] + extra + [Paths.sample("demo.mp4")], environment: environment)
            try tmux.waitFor("reel demo")
            let screen = try tmux.capture(escapes: true)
            try tmux.send("q")
            _ = tmux.waitForExit()
            return screen
        }
        let truecolor = try sgr(["COLORTERM": "truecolor"])
        #expect(truecolor.contains("38;2;") || truecolor.contains("48;2;"))
        let palette = try sgr(["COLORTERM": ""])
        #expect(!palette.contains("38;2;") && !palette.contains("48;2;"), "24-bit colour without COLORTERM")
        #expect(palette.contains("38;5;") || palette.contains("48;5;"))
        let forced = try sgr(["COLORTERM": ""], ["--colors=truecolor"])
        #expect(forced.contains("38;2;") || forced.contains("48;2;"))
    }

    @Test("q exits 0 with the alternate screen off and the tty sane")
    func quitRestoresTerminal() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", Paths.sample("demo.mp4")])
        try tmux.waitFor("reel demo: running clock")
        #expect(try tmux.paneVariable("alternate_on") == "1")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
        #expect(tmux.standardError.isEmpty, "stderr: \(tmux.standardError)")
    }

    @Test("a file that is not media exits 1 with one line on stderr, terminal untouched")
    func nonMediaFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reel-e2e-\(getpid()).mp4").path
        try String(repeating: "not a video\n", count: 100).write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tmux = try TmuxSession([Paths.reel, path])
        #expect(tmux.waitForExit() == 1)
        let lines = tmux.standardError.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(tmux.standardError)")
        #expect(lines.first?.contains(path) == true)
        #expect(lines.first?.contains("Failed to recognize file format") == true)
        try tmux.expectTerminalRestored()
    }

    /// That the chrome never hides in screen-reader mode is ChromeEngine's, tested with a fake clock.
    @Test("--screen-reader shows the chrome and writes status lines")
    func screenReader() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--screen-reader", "--hide-delay=0.5", Paths.sample("long.mp4")])
        let playing = try tmux.waitFor("Playing")
        #expect(playing.contains("Long clip for seeking"), "no chrome in screen-reader mode")
        try tmux.send("Space")
        try tmux.waitFor("Paused")
        try tmux.send("l")
        try tmux.waitFor("Skipped forward 10 seconds to")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    struct Segment: Sendable, CustomTestStringConvertible {
        let key: String
        let red: Int, green: Int, blue: Int
        var testDescription: String { "key \(key)" }
    }

    @Test("the picture after a jump into each colour segment has that colour", arguments: [
        Segment(key: "1", red: 255, green: 0, blue: 0),
        Segment(key: "3", red: 0, green: 255, blue: 0),
        Segment(key: "5", red: 0, green: 0, blue: 255),
        Segment(key: "7", red: 255, green: 255, blue: 255),
        Segment(key: "9", red: 255, green: 255, blue: 0),
    ])
    func segmentColours(segment: Segment) throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", Paths.sample("segments.mp4")], width: 80, height: 24)
        try tmux.waitFor("Colour segments")
        try tmux.send("Space")
        try tmux.waitFor("▶")
        let mark = tmux.trace.mark
        try tmux.send(segment.key)
        #expect(tmux.trace.waitFor(" seeked", after: mark) != nil, "the jump never landed:\n\(tmux.trace.tail)")
        try tmux.send("c")
        try tmux.waitForScreen { !$0.contains("Colour segments") }
        var matched = false
        var seen: (Int, Int, Int)?
        for _ in 0..<40 where !matched {
            let cells = ScreenCells(try tmux.capture(escapes: true))
            seen = cells.topColor(column: 40, row: 12)
            if let (r, g, b) = seen {
                matched = abs(r - segment.red) <= 40 && abs(g - segment.green) <= 40 && abs(b - segment.blue) <= 40
            }
            if !matched { Thread.sleep(forTimeInterval: 0.1) }
        }
        #expect(matched, "centre cell is \(String(describing: seen))")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
