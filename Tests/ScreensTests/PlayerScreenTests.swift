@testable import Commands
import Controls
import Drawing
import Media
@testable import ScreenParts
@testable import Session
import Testing
@testable import Terminal
@testable import Screens

/// The player screen as a value: input and mpv's status in, actions and a canvas out.
@Suite("Player screen")
struct PlayerScreenTests {
    static func screen(columns: Int = 80, rows: Int = 24, configure: (inout PlayerScreen.Configuration) -> Void = { _ in })
        -> PlayerScreen {
        var configuration = PlayerScreen.Configuration()
        configuration.fileName = "clip.mp4"
        configure(&configuration)
        var screen = PlayerScreen(configuration: configuration, columns: columns, rows: rows, now: 0)
        screen.update(status(), now: 0)
        return screen
    }

    static func status(position: Double = 30, duration: Double = 120, paused: Bool = false, atEnd: Bool = false,
                       title: String? = "A Title") -> MediaStatus {
        var status = MediaStatus()
        status.isLoaded = true
        status.position = position
        status.duration = duration
        status.isPaused = paused
        status.isAtEnd = atEnd
        status.title = title
        status.volume = 100
        return status
    }

    static func key(_ key: Key, _ modifiers: Modifiers = []) -> InputEvent { .key(KeyEvent(key, modifiers)) }
    static func char(_ character: Character) -> InputEvent { key(.character(character)) }

    static func text(_ canvas: Canvas, row: Int) -> String {
        (0..<canvas.width).map { canvas.text(of: canvas[$0, row]) }.joined()
    }

    static func drawn(_ screen: inout PlayerScreen, now: Double) -> Canvas {
        var canvas = Canvas(width: screen.layout.columns, height: screen.layout.rows)
        screen.draw(video: nil, encoder: FrameEncoder(), into: &canvas, now: now)
        return canvas
    }

    // MARK: Keys

    @Test("keys map to mpv actions", arguments: [
        (char(" "), [PlayerAction.togglePause]),
        (char("k"), [.togglePause]),
        (char("l"), [.seek(.by(10))]),
        (char("j"), [.seek(.by(-10))]),
        (char("5"), [.seek(.to(60, exact: true))]),
        (char("0"), [.seek(.to(0, exact: true))]),
        (key(.home), [.seek(.to(0, exact: true))]),
        (key(.end), [.seek(.to(120, exact: true))]),
        (char(","), [.frameBackStep]),
        (char("."), [.frameStep]),
        (key(.up), [.setVolume(105)]),
        (key(.down), [.setVolume(95)]),
        (char("m"), [.setMuted(true)]),
        (char("x"), [.close]),
        (key(.escape), [.close]),
        (key(.left), []),
        (char("c"), []),
    ] as [(InputEvent, [PlayerAction])])
    func keyActions(event: InputEvent, expected: [PlayerAction]) {
        var screen = Self.screen()
        #expect(screen.handle(event, now: 1) == expected)
    }

    @Test("volume up is capped at 130")
    func volumeUp() {
        var screen = Self.screen()
        var status = Self.status()
        status.volume = 128
        screen.update(status, now: 0)
        #expect(screen.handle(Self.key(.up), now: 1) == [.setVolume(130)])
    }

    @Test("play at the end starts again from 0; play while paused plays")
    func playAtEnd() {
        var screen = Self.screen()
        screen.update(Self.status(position: 120, paused: true, atEnd: true), now: 1)
        #expect(screen.handle(Self.char(" "), now: 2) == [.restartAndPlay])
        screen.update(Self.status(position: 50, paused: true), now: 3)
        #expect(screen.handle(Self.char(" "), now: 4) == [.togglePause])
    }

    @Test("on the last frame, paused (at the end, as the session decides), the time reads the full length and play starts again")
    func lastFrame() {
        var screen = Self.screen()
        var status = Self.status(position: 149.934, duration: 150, paused: true, atEnd: true)
        status.tracks = [Track(id: 1, kind: .video, isSelected: true, frameRate: 15)]
        screen.update(status, now: 1)
        let canvas = Self.drawn(&screen, now: 1.1)
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
        ] + Array(repeating: "                                                                                ", count: 10) + [
            "                       ↺ 10          Replay           10 ↻                      ",
        ] + Array(repeating: "                                                                                ", count: 10) + [
            "  2:30                                                                    2:30  ",
        ]).expect(canvas)
        #expect(screen.handle(Self.char(" "), now: 2) == [.restartAndPlay])
        status.position = 149.5
        status.isAtEnd = false
        screen.update(status, now: 3)
        #expect(screen.handle(Self.char(" "), now: 4) == [.togglePause])
    }

    @Test("a double tap of → skips forward; further taps in the window add up")
    func doubleTapRight() {
        var screen = Self.screen()
        #expect(screen.handle(Self.key(.right), now: 1.0) == [])
        #expect(screen.handle(Self.key(.right), now: 1.2) == [.seek(.by(10))])
        #expect(screen.handle(Self.key(.right), now: 1.5) == [.seek(.by(10))])
        #expect(screen.doubleTap.tally(at: 1.5)?.label == "+20 s")
        // The other side needs its own double tap, and starts at one interval.
        #expect(screen.handle(Self.key(.left), now: 1.6) == [])
        #expect(screen.handle(Self.key(.left), now: 1.7) == [.seek(.by(-10))])
        #expect(screen.doubleTap.tally(at: 1.7)?.label == "-10 s")
    }

    @Test("taps further apart than the double-tap window (0.4 s, or --double-tap-window) only show the controls")
    func slowTaps() {
        var screen = Self.screen()
        #expect(screen.handle(Self.key(.right), now: 1.0) == [])
        #expect(screen.handle(Self.key(.right), now: 1.41) == [])
        #expect(screen.isChromeShown(at: 1.41))
        // Two presses typed 0.3 s apart are a double tap; a window set to 0.25 s turns them down.
        var typed = Self.screen()
        _ = typed.handle(Self.key(.right), now: 1.0)
        #expect(typed.handle(Self.key(.right), now: 1.3) == [.seek(.by(10))])
        var narrow = Self.screen { $0.skips.doubleTapWindow = 0.25 }
        _ = narrow.handle(Self.key(.right), now: 1.0)
        #expect(narrow.handle(Self.key(.right), now: 1.3) == [])
    }

    @Test("--seek-interval=0 turns skipping off, on keys and buttons")
    func skippingOff() {
        var screen = Self.screen { $0.skips.interval = 0 }
        #expect(screen.handle(Self.key(.right), now: 1.0) == [])
        #expect(screen.handle(Self.key(.right), now: 1.1) == [])
        #expect(screen.handle(Self.char("l"), now: 1.2) == [])
        #expect(screen.layout.back == nil && screen.layout.forward == nil)
    }

    @Test("the help overlay is a mode of its own, which the loop opens and closes (GlobalCommand)")
    func helpOverlay() {
        var screen = Self.screen()
        #expect(screen.keyMode == .commands)
        screen.setHelpShown(true)
        #expect(screen.help.isShown && screen.keyMode == .help && screen.needsRedraw)
        screen.setHelpShown(false)
        #expect(!screen.help.isShown && screen.keyMode == .commands)
        #expect(screen.handle(Self.char("?"), now: 1) == [] && !screen.help.isShown, "? is not the screen's to handle")
    }

    // MARK: Chrome visibility

    @Test("the chrome hides hideDelay after activity while playing, and not while paused")
    func autoHide() {
        var screen = Self.screen()
        _ = screen.handle(Self.char("m"), now: 1)
        _ = screen.tick(now: 3.99)
        #expect(screen.isChromeShown(at: 3.99))
        _ = screen.tick(now: 4.3)
        #expect(!screen.isChromeShown(at: 4.3))
        screen.update(Self.status(paused: true), now: 5)
        _ = screen.tick(now: 20)
        #expect(screen.isChromeShown(at: 20))
    }

    @Test("a notice stays 1.5 s, or --notice-duration, and never less than its own time", arguments: [
        (PlayerScreen.Configuration.standardNoticeDuration, 0.0, 1.5), (10, 0, 10), (10, 3, 10), (1.5, 4, 4),
    ])
    func noticeDuration(configured: Double, asked: Double, lasts: Double) {
        var screen = Self.screen { $0.noticeDuration = configured }
        screen.notify("Audio delay +0.1 s", now: 1, duration: asked)
        // Whether the notice is there at a moment, at either edge of its time: where it shows is
        // the whole canvases' of TracksAndCardsTests.
        func shows(at now: Double) -> Bool {
            var copy = screen
            _ = copy.tick(now: now)
            let canvas = Self.drawn(&copy, now: now)
            return (0..<canvas.height).contains { Self.text(canvas, row: $0).contains("Audio delay +0.1 s") }
        }
        #expect(shows(at: 1 + lasts - 0.05))
        #expect(!shows(at: 1 + lasts + 0.05))
    }

    @Test("the end brings up the controls, unless it ends the run (the session's decision: --keep-open=no with nothing next)",
          arguments: [(true, nil, true), (false, nil, false), (false, 1, true)] as [(Bool, Int?, Bool)])
    func controlsAtEnd(keepsOpen: Bool, next: Int?, shown: Bool) {
        var screen = Self.screen()
        var playing = Self.status(position: 119)
        playing.phase = .playing(item: 0)
        screen.update(playing, now: 1)
        _ = screen.tick(now: 5)
        #expect(!screen.isChromeShown(at: 5))
        var end = Self.status(position: 120, atEnd: true)
        end.phase = .ended(item: 0, upNext: next.map { .init(item: $0, start: 6, deadline: 11) })
        if !keepsOpen, next == nil { end.runEnd = .finished }
        screen.update(end, now: 6)
        _ = screen.tick(now: 6.5)
        #expect(screen.isChromeShown(at: 6.5) == shown)
    }

    @Test("the controls' text fades with the pixels, or, without text fades, comes at once and goes as the fade starts",
          arguments: [true, false])
    func textFade(fadesText: Bool) {
        var screen = Self.screen { $0.fadesText = fadesText }
        let video = PixelBuffer(width: 80, height: 48, fill: RGB(r: 255, g: 255, b: 255))
        func draw(at now: Double) -> Canvas {
            var canvas = Canvas(width: 80, height: 24)
            screen.draw(video: video, encoder: FrameEncoder(), into: &canvas, now: now)
            return canvas
        }
        let row = screen.layout.title.y, column = screen.layout.title.x
        let shown = draw(at: 1)
        #expect(shown[column, row].fg == Theme.text)
        // Hidden after 3 s, fading over 0.25 s: halfway through the fade out.
        _ = screen.tick(now: 3.1)
        let fadingOut = draw(at: 3.1)
        // Only whether the title is drawn at all mid-fade: the picture under it is a white frame.
        #expect(Self.text(fadingOut, row: row).contains("A Title") == fadesText)
        // The pixels fade either way: the scrim at the top is lighter than when shown, darker than when gone.
        _ = screen.tick(now: 3.5)
        let gone = draw(at: 3.5)
        let corner = { (canvas: Canvas) in canvas[0, 0].bg.r }
        #expect(corner(shown) < corner(fadingOut) && corner(fadingOut) < corner(gone))
        // Fading in: the text is faded, or already whole.
        _ = screen.handle(Self.char("m"), now: 4)
        let fadingIn = draw(at: 4.1)
        #expect(Self.text(fadingIn, row: row).contains("A Title"))
        #expect((fadingIn[column, row].fg == Theme.text) == !fadesText)
    }

    @Test("a click on the video toggles the chrome only after the double-click window")
    func clickTogglesAfterWindow() {
        var screen = Self.screen()
        let click = InputEvent.mouse(MouseEvent(.press(.left), column: 10, row: 5))
        #expect(screen.handle(click, now: 1) == [])
        #expect(screen.isChromeShown(at: 1.1))
        _ = screen.tick(now: 1.41)
        #expect(!screen.isChromeShown(at: 1.7))
    }

    @Test("a double click on the right half skips forward and leaves the chrome as it was")
    func doubleClickSkips() {
        var screen = Self.screen()
        let click = InputEvent.mouse(MouseEvent(.press(.left), column: 70, row: 5))
        #expect(screen.handle(click, now: 1) == [])
        #expect(screen.handle(click, now: 1.2) == [.seek(.by(10))])
        _ = screen.tick(now: 1.6)
        #expect(screen.isChromeShown(at: 1.6))
    }

    @Test("a click on a control runs it and never counts as a tap on the video")
    func clickOnControls() {
        var screen = Self.screen()
        let layout = screen.layout
        let play = InputEvent.mouse(MouseEvent(.press(.left), column: layout.playPause.x + 3, row: layout.playPause.y + 1))
        #expect(screen.handle(play, now: 1) == [.togglePause])
        #expect(screen.handle(play, now: 1.1) == [.togglePause])
        let back = InputEvent.mouse(MouseEvent(.press(.left), column: layout.back!.x + 1, row: layout.back!.y))
        #expect(screen.handle(back, now: 2) == [.seek(.by(-10))])
    }

    @Test("dragging the scrubber seeks by keyframes, then exactly on release, with the chrome held up")
    func scrubberDrag() {
        var screen = Self.screen()
        let bar = screen.layout.scrubber
        let row = bar.y
        let press = screen.handle(.mouse(MouseEvent(.press(.left), column: bar.x, row: row)), now: 1)
        // (With the scrub preview's card, which asks for its frame and goes at the release.)
        #expect(press == [.seek(.to(0, exact: false)), .preview(0)])
        _ = screen.handle(.mouse(MouseEvent(.drag(.left), column: bar.x + bar.width / 2, row: row)), now: 1.2)
        _ = screen.tick(now: 5)
        #expect(screen.isChromeShown(at: 5), "chrome hid while scrubbing")
        let release = screen.handle(.mouse(MouseEvent(.release(.left), column: bar.maxX - 1, row: row)), now: 6)
        #expect(release == [.seek(.to(120, exact: true)), .preview(nil)])
    }

    @Test("the wheel over the scrubber seeks ±5 s")
    func wheel() {
        var screen = Self.screen()
        let bar = screen.layout.scrubber
        #expect(screen.handle(.mouse(MouseEvent(.wheelUp, column: bar.x + 3, row: bar.y)), now: 1) == [.seek(.by(5))])
        #expect(screen.handle(.mouse(MouseEvent(.wheelDown, column: bar.x + 3, row: bar.y)), now: 1.1) == [.seek(.by(-5))])
        #expect(screen.handle(.mouse(MouseEvent(.wheelDown, column: 5, row: 3)), now: 1.2) == [])
    }

    // MARK: Layout

    @Test("every control is at least 3 cells wide", arguments: [(80, 24), (40, 12), (24, 6), (300, 100)])
    func hitAreas(columns: Int, rows: Int) {
        let layout = PlayerLayout(columns: columns, rows: rows, canClose: true, showsSkipButtons: true, screenReader: false)
        for rect in [layout.close, layout.back, layout.playPause, layout.forward, layout.scrubberHitArea].compactMap({ $0 }) {
            #expect(rect.width >= 3, "\(rect) is narrower than 3 cells at \(columns)×\(rows)")
        }
    }

    // MARK: Drawing

    @Test("times read h:mm:ss from an hour on, for both sides")
    func hourTimes() {
        var screen = Self.screen()
        screen.update(Self.status(position: 303, duration: 3720), now: 1)
        let canvas = Self.drawn(&screen, now: 1.1)
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
        ] + Array(repeating: "                                                                                ", count: 10) + [
            "                       ↺ 10            ❚❚             10 ↻                      ",
        ] + Array(repeating: "                                                                                ", count: 9) + [
            "        ▎                                                                       ",
            "  0:05:03                                                              1:02:00  ",
        ]).expect(canvas)
    }

    @Test("a hostile title draws inert: no escape reaches the canvas")
    func hostileTitle() {
        var screen = Self.screen()
        screen.update(Self.status(title: "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{08}bad\u{202E}"), now: 1)
        let canvas = Self.drawn(&screen, now: 1.1)
        let row = Self.text(canvas, row: screen.layout.title.y)
        #expect(!row.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x202E })
        CanvasExpectation(text: [
            "                                                                                ",
            "  ␛]0;pwned␇␛[2J␈bad                                                            ",
        ] + Array(repeating: "                                                                                ", count: 10) + [
            "                       ↺ 10            ❚❚             10 ↻                      ",
        ] + Array(repeating: "                                                                                ", count: 10) + [
            "  0:30                                                                    2:00  ",
        ]).expect(canvas)
    }

    /// The top pixel's colour of a drawn cell: fg for a half block, else the background.
    static func top(_ canvas: Canvas, _ x: Int, _ y: Int) -> RGB {
        let cell = canvas[x, y]
        return cell.symbol == .upperHalf ? cell.fg : cell.bg
    }

    @Test("a double click dims its half and ripples from the click; --reduce-motion keeps the dim and drops the ripple",
          arguments: [false, true])
    func rippleAndReduceMotion(reduceMotion: Bool) {
        var screen = Self.screen { $0.reduceMotion = reduceMotion }
        let grey = PixelBuffer(width: 80, height: 48, fill: RGB(128, 128, 128))
        _ = screen.handle(Self.char("c"), now: 0.1)  // controls off, so only the skip shows
        let click = InputEvent.mouse(MouseEvent(.press(.left), column: 60, row: 12))
        _ = screen.handle(click, now: 1)
        _ = screen.handle(click, now: 1.1)
        var canvas = Canvas(width: 80, height: 24)
        screen.draw(video: grey, encoder: FrameEncoder(), into: &canvas, now: 1.25)
        let far = Self.top(canvas, 75, 2), near = Self.top(canvas, 60, 12), left = Self.top(canvas, 10, 2)
        #expect(left == RGB(128, 128, 128), "the other half changed")
        #expect(far.r < 110, "the tapped half is not dimmed: \(far)")
        if reduceMotion {
            #expect(near == far, "a ripple drawn with reduce-motion")
        } else {
            #expect(near.r > far.r + 10, "no ripple at the click: \(near) vs \(far)")
        }
    }

    @Test("the screen reader hears state changes and where a skip landed")
    func screenReaderLines() {
        var screen = Self.screen { $0.screenReader = true }
        screen.update(Self.status(paused: true), now: 1)
        #expect(screen.statusLine == "Paused")
        screen.update(Self.status(paused: false), now: 2)
        #expect(screen.statusLine == "Playing")
        _ = screen.handle(Self.char("l"), now: 3)
        _ = screen.handle(Self.char("l"), now: 3.1)
        screen.update(Self.status(position: 50), now: 3.5)
        screen.seekCompleted(now: 3.5)
        #expect(screen.statusLine == "Skipped forward 20 seconds to 0:50")
        screen.update(Self.status(position: 120, paused: true, atEnd: true), now: 4)
        #expect(screen.statusLine == "End of video")
        var canvas = Canvas(width: 80, height: 24)
        screen.draw(video: nil, encoder: FrameEncoder(), into: &canvas, now: 5)
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
        ] + Array(repeating: "                                                                                ", count: 10) + [
            "                       ↺ 10          Replay           10 ↻                      ",
        ] + Array(repeating: "                                                                                ", count: 9) + [
            "  2:00                                                                    2:00  ",
            " End of video                                                                   ",
        ]).expect(canvas)
    }

    @Test("the scrubber is disabled, with 'live', when the length is unknown")
    func unknownDuration() {
        var screen = Self.screen()
        var status = Self.status()
        status.duration = nil
        screen.update(status, now: 1)
        let canvas = Self.drawn(&screen, now: 1.1)
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
        ] + Array(repeating: "                                                                                ", count: 10) + [
            "                       ↺ 10            ❚❚             10 ↻                      ",
        ] + Array(repeating: "                                                                                ", count: 10) + [
            "  0:30                                                                    live  ",
        ]).expect(canvas)
        let bar = screen.layout.scrubber
        #expect(screen.handle(.mouse(MouseEvent(.press(.left), column: bar.x + 4, row: bar.y)), now: 2) == [])
    }
}

/// The transport grows with the screen.
@Suite("Player layout at large sizes")
struct PlayerLayoutScaleTests {
    @Test("buttons grow one step per 15 rows beyond 30, as the width allows, and stay clickable", arguments: [
        (80, 24, 1), (120, 40, 1), (160, 45, 2), (200, 60, 3), (300, 100, 3), (100, 60, 1),
    ])
    func scale(columns: Int, rows: Int, expected: Int) throws {
        let layout = PlayerLayout(columns: columns, rows: rows, canClose: false, showsSkipButtons: true, screenReader: false)
        #expect(layout.buttonScale == expected)
        #expect(layout.playPause.height == 1 + 2 * expected)
        let back = try #require(layout.back), forward = try #require(layout.forward)
        #expect(back.maxX < layout.playPause.x && layout.playPause.maxX < forward.x)
        #expect(layout.control(atColumn: layout.playPause.x, row: layout.playPause.y) == .playPause)
        #expect(layout.control(atColumn: forward.maxX - 1, row: forward.maxY - 1) == .forward)
        #expect(layout.transportRow == layout.playPause.y + expected)
    }
}
