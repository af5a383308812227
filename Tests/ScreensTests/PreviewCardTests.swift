import Controls
import Drawing
import Testing
import Terminal
@testable import Screens

/// The scrub preview card on the player screen: where it goes, what it says, when it goes.
@Suite("Preview card")
struct PreviewCardTests {
    /// An 80 × 24 screen on a 120 s item with chapters at 0, 40 and 80 s, controls up.
    static func screen(configure: (inout PlayerScreen.Configuration) -> Void = { _ in }) -> PlayerScreen {
        var screen = PlayerScreenTests.screen(configure: configure)
        var status = PlayerScreenTests.status(paused: true)
        status.chapters = [ChapterMark(time: 0, title: "Intro"), ChapterMark(time: 40, title: "The cat"), ChapterMark(time: 80, title: nil)]
        screen.update(status, now: 0)
        screen.previewAvailable = true
        return screen
    }

    static func move(_ column: Int, row: Int) -> InputEvent { .mouse(MouseEvent(.move, column: column, row: row)) }

    /// The scrubber's row on an 80 × 24 screen, and the time at a column (2…77).
    static let bar = 22
    static func time(_ column: Int) -> Seconds { Double(column - 2) / 75 * 120 }

    @Test("a move over the scrubber asks for the frame there and draws the card above it, centred on the pointer")
    func hover() {
        var screen = Self.screen()
        #expect(screen.wantsPointerMotion(at: 0))
        let actions = screen.handle(Self.move(40, row: Self.bar), now: 0.1)
        #expect(actions == [.preview(Self.time(40))])
        let canvas = PlayerScreenTests.drawn(&screen, now: 0.1)
        #expect(canvas.reportsPointerMotion)
        let label = "1:00 · The cat"
        let row = (0..<Self.bar).last { PlayerScreenTests.text(canvas, row: $0).contains(label) }
        #expect(row == Self.bar - 2, "the card ends above the scrubber's hit area")
        let text = PlayerScreenTests.text(canvas, row: row ?? 0)
        let characters = Array(text), wanted = Array(label)
        let start = (0...(characters.count - wanted.count)).first { Array(characters[$0..<($0 + wanted.count)]) == wanted } ?? -100
        #expect(abs(start + label.count / 2 - 40) <= 2, "label at \(start)")
        // Seven rows of picture above the label, on the card's panel.
        #expect(canvas[40, Self.bar - 10].bg == Theme.panel)
        #expect(screen.previewPixelSize(encoder: FrameEncoder()) != nil)
    }

    @Test("the same cell again asks nothing; a move off the scrubber takes the card away")
    func leave() {
        var screen = Self.screen()
        _ = screen.handle(Self.move(40, row: Self.bar), now: 0.1)
        #expect(screen.handle(Self.move(40, row: Self.bar), now: 0.2).isEmpty)
        #expect(screen.handle(Self.move(40, row: 5), now: 0.3) == [.preview(nil)])
        #expect(screen.previewTime == nil)
        #expect(screen.handle(Self.move(41, row: 5), now: 0.4).isEmpty)
    }

    @Test("near the edge the card stays on screen; with no frames to come it shows the time alone")
    func edgesAndTimeOnly() {
        var screen = Self.screen()
        _ = screen.handle(Self.move(77, row: Self.bar), now: 0.1)
        let canvas = PlayerScreenTests.drawn(&screen, now: 0.1)
        #expect(PlayerScreenTests.text(canvas, row: Self.bar - 2).contains("2:00 · Chapter 3"))
        #expect(canvas[79, Self.bar - 2].bg == Theme.panel && canvas[79, Self.bar - 9].bg == Theme.panel, "the card ends at the edge")
        screen.previewAvailable = false
        let timeOnly = PlayerScreenTests.drawn(&screen, now: 0.1)
        #expect(PlayerScreenTests.text(timeOnly, row: Self.bar - 2).contains("2:00 · Chapter 3"))
        #expect(timeOnly[70, Self.bar - 4].bg != Theme.panel, "no picture above the time")
    }

    @Test("a drag shows the card and the release takes it away")
    func drag() {
        var screen = Self.screen()
        let press = screen.handle(.mouse(MouseEvent(.press(.left), column: 20, row: Self.bar)), now: 0.1)
        #expect(press.contains(.preview(Self.time(20))))
        let drag = screen.handle(.mouse(MouseEvent(.drag(.left), column: 60, row: 10)), now: 0.2)
        #expect(drag.contains(.preview(Self.time(60))), "a drag off the bar still moves the card")
        let release = screen.handle(.mouse(MouseEvent(.release(.left), column: 60, row: 10)), now: 0.3)
        #expect(release.contains(.preview(nil)) && release.contains(.seek(.to(Self.time(60), exact: true))), "\(release)")
    }

    @Test("the screen reader says the preview's time and chapter")
    func spoken() {
        var screen = Self.screen { $0.screenReader = true }
        // With the status row, the scrubber is one row up.
        _ = screen.handle(Self.move(40, row: Self.bar - 1), now: 0.1)
        #expect(screen.spokenLines.last == "Preview 1:00, chapter 2: The cat")
    }

    @Test("with --scrub-preview=no, or the controls hidden, there is no card and no motion reports")
    func off() {
        var off = Self.screen { $0.scrubPreview = false }
        #expect(!off.wantsPointerMotion(at: 0))
        #expect(off.handle(Self.move(40, row: Self.bar), now: 0.1).isEmpty)
        var hidden = Self.screen()
        _ = hidden.handle(Self.move(40, row: Self.bar), now: 0.1)
        _ = hidden.handle(PlayerScreenTests.char("c"), now: 0.2)
        #expect(hidden.tick(now: 1).contains(.preview(nil)), "the card goes with the controls")
        #expect(!hidden.wantsPointerMotion(at: 1))
        #expect(!PlayerScreenTests.drawn(&hidden, now: 1).reportsPointerMotion)
    }
}

extension PreviewCardTests {
    @Test("a move over the picture draws nothing: motion reports cost no screens")
    func movesAreFree() {
        var screen = Self.screen()
        _ = PlayerScreenTests.drawn(&screen, now: 0)
        #expect(screen.handle(Self.move(30, row: 8), now: 0.1).isEmpty)
        #expect(!screen.needsRedraw)
        _ = screen.handle(Self.move(30, row: Self.bar), now: 0.2)
        #expect(screen.needsRedraw, "the card came")
    }
}
