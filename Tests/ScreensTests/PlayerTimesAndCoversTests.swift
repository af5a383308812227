import Controls
import Drawing
@testable import ListScreen
import Media
import Terminal
import Testing
@testable import Screens

/// Issue 36's small defects on the player screen, checked on whole rows of the canvas: the time
/// shown once while dragging, one time format per file, the resume notice after starting over,
/// the time left rounded up, the `t` menu over the pills, and a jump after a skip.
@Suite("Player times and what covers what")
struct PlayerTimesAndCoversTests {
    typealias T = PlayerScreenTests

    /// An 80 × 24 player on a 2-hour file (the scrubber's column c is at 96 × (c − 2) s), paused.
    static func twoHours(position: Double = 3568, configure: (inout PlayerScreen.Configuration) -> Void = { _ in }) -> PlayerScreen {
        var screen = T.screen(configure: configure)
        screen.update(T.status(position: position, duration: 7200, paused: true), now: 0)
        screen.previewAvailable = true
        return screen
    }

    static func rows(_ canvas: Canvas) -> [String] { (0..<canvas.height).map { T.text(canvas, row: $0) } }
    static let blank = String(repeating: " ", count: 80)
    static func words(_ row: String) -> [Substring] { row.split(separator: " ") }

    // MARK: 1. The time once while dragging

    @Test("while dragging, the card says the time and the row under it is empty: the time shows once above the bar")
    func dragShowsTimeOnce() {
        var screen = Self.twoHours()
        let bar = screen.layout.scrubber
        _ = screen.handle(.mouse(MouseEvent(.press(.left), column: 20, row: bar.y)), now: 0.1)
        _ = screen.handle(.mouse(MouseEvent(.drag(.left), column: 39, row: bar.y)), now: 0.2)
        let rows = Self.rows(T.drawn(&screen, now: 0.3))
        // 96 × 37 = 3552 s. The rows that hold the time, searched over the whole screen: it is
        // there once above the bar and on the clock, nowhere else.
        #expect(rows.indices.filter { rows[$0].contains("0:59:12") } == [bar.y - 2, screen.layout.timesRow],
                "the card's row and the clock, nothing else:\n\(rows.joined(separator: "\n"))")
        #expect(Self.words(rows[bar.y - 2]) == ["0:59:12"], "the card's last row is its time: \(rows[bar.y - 2])")
        #expect(rows[bar.y - 1] == Self.blank, "the row between the card and the bar: \(rows[bar.y - 1])")
    }

    @Test("with --scrub-preview=no there is no card, and the label over the thumb says the time instead")
    func dragWithoutCard() {
        var screen = Self.twoHours { $0.scrubPreview = false }
        let bar = screen.layout.scrubber
        _ = screen.handle(.mouse(MouseEvent(.press(.left), column: 39, row: bar.y)), now: 0.1)
        let rows = Self.rows(T.drawn(&screen, now: 0.2))
        #expect(Self.words(rows[bar.y - 1]) == ["0:59:12"], "\(rows[bar.y - 1])")
        #expect(rows.indices.filter { rows[$0].contains("0:59:12") } == [bar.y - 1, screen.layout.timesRow])
    }

    // MARK: 2. One format per file

    @Test("in a 2-hour file the card, the notices, the chapters, the progress line and the time left all read h:mm:ss")
    func oneFormatPerFile() {
        var screen = Self.twoHours()
        _ = screen.handle(PreviewCardTests.move(39, row: screen.layout.scrubber.y), now: 0.1)
        screen.showResumeNotice(at: 720, now: 0.1)
        let rows = Self.rows(T.drawn(&screen, now: 0.2))
        #expect(Self.words(rows[screen.layout.scrubber.y - 2]) == ["0:59:12"])
        #expect(rows[screen.toastRow].trimmedOfSpaces == "Resumed at 0:12:00 · Home to start over")
        #expect(Self.words(rows[screen.layout.timesRow]) == ["0:59:28", "2:00:00"])

        screen.setShowsRemaining(true)
        let remaining = Self.rows(T.drawn(&screen, now: 0.3))
        #expect(Self.words(remaining[screen.layout.timesRow]) == ["0:59:28", "−1:00:32"])

        var status = T.status(position: 5400, duration: 7200, paused: true)
        status.chapters = [Chapter(title: "Opening", time: 0), Chapter(title: "The cat", time: 2400)]
        screen.update(status, now: 1)
        let left = Self.rows(T.drawn(&screen, now: 1.1))
        #expect(Self.words(left[screen.layout.timesRow]) == ["1:30:00", "The", "cat", "−0:30:00"])
        _ = screen.handle(T.char("t"), now: 2)
        let menu = Self.rows(T.drawn(&screen, now: 2.1))
        // The chapter's row, wherever the menu puts it; its end is checked whole below.
        let chapterRow = menu.first { $0.contains("The cat") && $0.contains("│") }
        #expect(chapterRow.map { Self.words($0).suffix(4) } == ["0:40:00", "The", "cat", "│"], "\(chapterRow ?? "none")")
    }

    @Test("the progress line and the screen reader's landing read as the clock")
    func progressLineAndSpeech() {
        var screen = Self.twoHours { $0.progressLine = true }
        _ = screen.handle(T.char("c"), now: 0.1)
        let line = Self.rows(T.drawn(&screen, now: 2))[23]
        #expect(line.hasSuffix(" ❚❚ 0:59:28 "), "\(line)")
        var speaking = Self.twoHours { $0.screenReader = true }
        speaking.seekCompleted(now: 2)
        #expect(speaking.statusLine == "Moved to 0:59:28")
    }

    @Test("a short file keeps m:ss everywhere")
    func shortFile() {
        var screen = T.screen()
        screen.showResumeNotice(at: 4, now: 0)
        let rows = Self.rows(T.drawn(&screen, now: 0.1))
        #expect(rows[screen.toastRow].trimmedOfSpaces == "Resumed at 0:04 · Home to start over")
        #expect(Self.words(rows[screen.layout.timesRow]) == ["0:30", "2:00"])
    }

    // MARK: 3. The resume notice and starting over

    @Test("the resume notice goes when playback starts over (Home, 0, a drag to the start), and stays for any other move",
          arguments: [0.0, 0.3])
    func resumeNoticeGoes(start: Double) {
        var screen = T.screen()
        screen.update(T.status(position: 4, duration: 8, paused: true), now: 0)
        screen.showResumeNotice(at: 4, now: 0)
        screen.update(T.status(position: 3, duration: 8, paused: true), now: 0.5)
        // A skip back is no start over: the notice stays.
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
            "                                                                                ",
            "                                                                                ",
            "                      Resumed at 0:04 · Home to start over                      ",
        ] + Array(repeating: "                                                                                ", count: 7) + [
            "                       ↺ 10             ▶             10 ↻                      ",
        ] + Array(repeating: "                                                                                ", count: 9) + [
            "                              ▌                                                 ",
            "  0:03                                                                    0:08  ",
        ]).expect(T.drawn(&screen, now: 0.6))
        #expect(screen.handle(T.key(.home), now: 1) == [.seek(.to(0, exact: true))])
        screen.update(T.status(position: start, duration: 8, paused: true), now: 1.1)
        let rows = Self.rows(T.drawn(&screen, now: 1.2))
        #expect(rows[screen.toastRow] == Self.blank, "\(rows[screen.toastRow])")
    }

    @Test("another notice is not taken away by a move to the start")
    func otherNoticeStays() {
        var screen = T.screen()
        screen.update(T.status(position: 4, duration: 8, paused: true), now: 0)
        screen.notify("Volume 80 %", now: 0, duration: 4)
        screen.update(T.status(position: 0, duration: 8, paused: true), now: 0.5)
        let rows = Self.rows(T.drawn(&screen, now: 0.6))
        #expect(rows[screen.toastRow].trimmedOfSpaces == "Volume 80 %")
    }

    // MARK: 4. The time left rounds up

    @Test("0.84 s before the end of an 8 s file the time left reads 0:01, on the clock and in continue watching")
    func leftRoundsUp() {
        var screen = T.screen()
        screen.update(T.status(position: 7.16, duration: 8, paused: true), now: 0)
        screen.setShowsRemaining(true)
        let rows = Self.rows(T.drawn(&screen, now: 0.1))
        #expect(Self.words(rows[screen.layout.timesRow]) == ["0:07", "−0:01"])
        let line = HistoryLine(progress: 7.16 / 8, timeLeft: 0.84, when: "just now", place: (7.16, 8))
        #expect(line.text == "0:01 left · just now")
        #expect(line.spoken == "89 percent, 1 second left, just now")
        #expect(HistoryLine(progress: 1, timeLeft: 0, when: "just now", place: (8, 8)).text == "finished · just now")
        // The length the clock shows less the time it shows: 0:12 − 0:05 in a file of 12.04 s.
        let fractional = HistoryLine(progress: 5 / 12.04, timeLeft: 7.04, when: "just now", place: (5, 12.04))
        #expect(fractional.text == "0:07 left · just now" && fractional.spoken == "41 percent, 7 seconds left, just now")
        #expect(HistoryLine(progress: 0.25, timeLeft: 0.2, when: "today").text == "0:01 left · today", "no length: rounded up")
        #expect(HistoryLine(progress: 0.5, timeLeft: 3600, when: "today", place: (3600, 7200)).text == "1:00:00 left · today")
        #expect(HistoryLine(progress: 0.75, timeLeft: 1800, when: "today", place: (5400, 7200)).text == "0:30:00 left · today")
    }

    // MARK: 6. The menu over the pills

    @Test("with the t menu up, no pill shows at its edges: the transport row is the panel's row and blanks")
    func menuCoversPills() {
        var screen = T.screen()
        screen.update(T.status(paused: true), now: 0)
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
        ] + Array(repeating: "                                                                                ", count: 10) + [
            "                       ↺ 10             ▶             10 ↻                      ",
        ] + Array(repeating: "                                                                                ", count: 10) + [
            "  0:30                                                                    2:00  ",
        ]).expect(T.drawn(&screen, now: 0.1))
        _ = screen.handle(T.char("t"), now: 1)
        let canvas = T.drawn(&screen, now: 1.1)
        let row = screen.layout.transportRow
        let panel = screen.menuPanel(TracksMenu(status: screen.status))
        #expect(panel.y < row && panel.maxY > row, "the menu covers the transport row: \(panel)")
        let outside = (0..<canvas.width).filter { $0 < panel.x || $0 >= panel.maxX }.map { canvas.text(of: canvas[$0, row]) }
        #expect(outside.allSatisfy { $0 == " " }, "\(T.text(canvas, row: row))")
        let inside = T.text(canvas, row: row).dropFirst(panel.x).prefix(panel.width)
        #expect(inside.first == "│" && inside.last == "│", "\(inside)")
    }

    // MARK: 8. A jump clears the skip's feedback

    @Test("j then a jump (a digit, Home, End, a chapter) leaves no ◀◀ -10 s over the new place",
          arguments: [T.char("5"), T.key(.home), T.key(.end), T.key(.pageDown)])
    func jumpClearsSkipFeedback(jump: InputEvent) {
        var screen = T.screen()
        var status = T.status(position: 60, duration: 120, paused: true)
        status.chapters = [Chapter(title: "One", time: 0), Chapter(title: "Two", time: 90)]
        status.chapterIndex = 0
        screen.update(status, now: 0)
        _ = screen.handle(T.char("j"), now: 1)
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
        ] + Array(repeating: "                                                                                ", count: 6) + [
            "              ▀▀        ▀▀                                                      ",
            "            ▀▀            ▀▀                                                    ",
            "           ▀▀              ▀▀                                                   ",
            "         ◀◀▀         ▀      ▀                                                   ",
            "           ▀           ↺ 10 ▀           ▶             10 ↻                      ",
            "        -10 s        ▀     ▀▀                                                   ",
            "            ▀▀            ▀▀                                                    ",
            "              ▀▀        ▀▀                                                      ",
        ] + Array(repeating: "                                                                                ", count: 6) + [
            "                                                           │                    ",
            "  1:00                                One                                 2:00  ",
        ]).expect(T.drawn(&screen, now: 1.1))
        _ = screen.handle(jump, now: 1.2)
        let canvas = T.drawn(&screen, now: 1.3)
        let rows = Self.rows(canvas)
        // Where the jump lands differs with each argument (the whole screens after a jump are
        // PlayerCanvasTests'); here only the skip's feedback, which must be gone, matters.
        #expect(!rows.contains { $0.contains("◀◀") || $0.contains("-10 s") }, "\(rows.joined(separator: "\n"))")
        // The left half is not dimmed any more: it matches the right half.
        for y in [3, 6] { #expect(T.top(canvas, 10, y) == T.top(canvas, canvas.width - 11, y), "row \(y)") }
    }
}

extension String {
    /// The text without the blanks at its two ends.
    var trimmedOfSpaces: String {
        String(String(drop { $0 == " " }.reversed()).drop { $0 == " " }.reversed())
    }
}
