import Foundation
import Testing

/// The scrub preview in a real tmux: raw SGR mouse reports into the pane, the card read back.
@Suite("Scrub preview end to end", .serialized)
struct ScrubPreviewEndToEndTests {
    /// A 100 × 30 pane: the scrubber is row 28 (0-based), from column 2, 96 cells wide.
    static let scrubberRow = 28
    static func time(atColumn column: Int, duration: Double = 12.003) -> Int {
        Int(Double(column - 2) / 95 * duration)
    }

    static func start(_ extra: [String] = [], file: String = "chapters.mkv") throws -> TmuxSession {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--pause"] + extra + [Paths.sample(file)])
        try tmux.waitFor("Chapters and a Title")
        try tmux.waitFor("0:12")
        return tmux
    }

    /// An SGR mouse report: `code` 35 is a move with no button, 32 a drag with the left button,
    /// 0 a press; `release` ends with `m`.
    static func mouse(_ tmux: TmuxSession, _ code: Int, column: Int, row: Int = scrubberRow, release: Bool = false) throws {
        try tmux.sendBytes(Array("\u{1B}[<\(code);\(column + 1);\(row + 1)\(release ? "m" : "M")".utf8))
    }

    /// The row and column of `text` on screen.
    static func place(of text: String, in screen: String) -> (row: Int, column: Int)? {
        for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) { return (row, line.distance(from: line.startIndex, to: range.lowerBound)) }
        }
        return nil
    }

    static func label(_ seconds: Int, _ chapter: String) -> String { "0:\(String(format: "%02d", seconds)) · \(chapter)" }

    @Test("hovering over the scrubber shows a card above it with the time and the chapter, and leaving takes it away")
    func hover() throws {
        let tmux = try Self.start()
        // Motion reports (1003) are on while the controls show.
        #expect(try tmux.paneVariable("mouse_all_flag") == "1")
        let column = 60
        try Self.mouse(tmux, 35, column: column)
        let label = Self.label(Self.time(atColumn: column), "Middle")
        let screen = try tmux.waitFor(label)
        let place = try #require(Self.place(of: label, in: screen))
        #expect(place.row < Self.scrubberRow - 1, "the card never covers the scrubber:\n\(screen)")
        #expect(abs(place.column + label.count / 2 - column) <= 2, "centred on the pointer: \(place)")
        // Leaving the scrubber (up into the picture) takes the card away.
        try Self.mouse(tmux, 35, column: column, row: 10)
        try tmux.waitForScreen { !$0.contains(label) }
        // Hidden controls: no motion reports, and no card; clicks are still reported (1002).
        try tmux.send("c")
        try tmux.waitForScreen { _ in (try? tmux.paneVariable("mouse_all_flag")) == "0" }
        #expect(try tmux.paneVariable("mouse_button_flag") == "1")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }

    @Test("a drag moves the card with the pointer, and the release takes it away and lands exactly")
    func drag() throws {
        let tmux = try Self.start()
        try Self.mouse(tmux, 0, column: 20)
        try tmux.waitFor(Self.label(Self.time(atColumn: 20), "Intro"))
        for column in [40, 70, 90] {
            try Self.mouse(tmux, 32, column: column)
            let chapter = Self.time(atColumn: column) < 4 ? "Intro" : Self.time(atColumn: column) < 8 ? "Middle" : "End"
            let label = Self.label(Self.time(atColumn: column), chapter)
            let screen = try tmux.waitFor(label)
            let place = try #require(Self.place(of: label, in: screen))
            #expect(abs(place.column + label.count / 2 - min(column, 100 - label.count / 2 - 1)) <= 3, "at \(column): \(place)")
        }
        try Self.mouse(tmux, 0, column: 90, release: true)
        let landed = Self.time(atColumn: 90)
        try DoubleTapEndToEndTests.expectElapsed(tmux, landed)
        try tmux.waitForScreen { !$0.contains(Self.label(landed, "End")) }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("in the t menu, the selected chapter shows its card, which goes with the menu")
    func menuChapters() throws {
        let tmux = try Self.start()
        try tmux.send("t")
        try tmux.waitFor("Tracks and chapters")
        // Down, one step at a time, through the tracks to the chapter Middle: each step waits
        // for the selection to move (the screen, colours and all, to change and settle; the
        // video is paused), or a slow reel (seen under ThreadSanitizer) is sent a Down more
        // than it has drawn and goes past Middle.
        var middle = ""
        for _ in 0..<8 where !middle.contains("0:03 · Middle") {
            let before = try tmux.capture(escapes: true)
            try tmux.send("Down")
            var moved = try tmux.waitForScreen(escapes: true) { $0 != before }
            while true {
                Thread.sleep(forTimeInterval: 0.2)
                let again = try tmux.capture(escapes: true)
                if again == moved { break }
                moved = again
            }
            middle = try tmux.capture()
        }
        middle = try tmux.waitFor("0:03 · Middle")
        #expect(middle.contains("Tracks and chapters"))
        try tmux.send("Down")
        try tmux.waitFor("0:07 · End")
        try tmux.send("Escape")
        try tmux.waitForScreen { !$0.contains("Tracks and chapters") && !$0.contains("0:07 · End") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("the screen reader hears the preview: its time and chapter")
    func screenReader() throws {
        let tmux = try Self.start(["--screen-reader"])
        // With the status row the scrubber sits one row higher.
        try Self.mouse(tmux, 35, column: 60, row: Self.scrubberRow - 1)
        try tmux.waitFor("Preview 0:\(String(format: "%02d", Self.time(atColumn: 60))), chapter 2: Middle")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("--scrub-preview=no shows no card and asks for no motion reports")
    func off() throws {
        let tmux = try Self.start(["--scrub-preview=no"])
        #expect(try tmux.paneVariable("mouse_all_flag") == "0")
        #expect(try tmux.paneVariable("mouse_button_flag") == "1", "clicks, drags and the wheel are still reported")
        try Self.mouse(tmux, 0, column: 60)
        try DoubleTapEndToEndTests.expectElapsed(tmux, Self.time(atColumn: 60))
        #expect(try !tmux.capture().contains("· Middle"))
        try Self.mouse(tmux, 0, column: 60, release: true)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
