import Controls
import Drawing
import Media
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
        status.chapters = [Chapter(title: "Intro", time: 0), Chapter(title: "The cat", time: 40), Chapter(title: nil, time: 80)]
        screen.update(status, now: 0)
        screen.previewAvailable = true
        return screen
    }

    static func move(_ column: Int, row: Int) -> InputEvent { .mouse(MouseEvent(.move, column: column, row: row)) }

    /// The scrubber's row on an 80 × 24 screen, and the time at a column (2…77).
    static let bar = 22
    static func time(_ column: Int) -> Seconds { Double(column - 2) / 75 * 120 }

    @Test("a move over the scrubber asks for the frame there and asks for the pointer's moves")
    func hover() {
        var screen = Self.screen()
        #expect(screen.wantsPointerMotion(at: 0))
        let actions = screen.handle(Self.move(40, row: Self.bar), now: 0.1)
        #expect(actions == [.preview(Self.time(40))])
        let canvas = PlayerScreenTests.drawn(&screen, now: 0.1)
        #expect(canvas.reportsPointerMotion)
        // Where the card goes and what it says: PreviewCardCanvasTests.
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
