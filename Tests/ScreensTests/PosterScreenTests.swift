import Controls
import Drawing
import Media
@testable import ScreenParts
import Terminal
import Testing
@testable import Screens

/// Input events for the tests.
enum Input {
    static let enter = InputEvent.key(KeyEvent(.enter))
    static let escape = InputEvent.key(KeyEvent(.escape))

    static func click(_ column: Int, _ row: Int) -> InputEvent {
        .mouse(MouseEvent(.press(.left), column: column, row: row))
    }
}

/// The poster card as a value, with injected time: layout, input, and the composite of poster,
/// video and buttons read back from the canvas pixel by pixel.
@Suite("PosterScreen")
struct PosterScreenTests {
    static let red = RGB(255, 0, 0)
    static let blue = RGB(0, 0, 255)

    /// A 40 × 16 card for "clip.mp4" (10 s long) with a red picture: the frame is 36 × 10 cells at (2, 1).
    static func screen(columns: Int = 40, rows: Int = 16,
                       _ configure: (inout PosterScreen.Configuration) -> Void = { _ in }) -> PosterScreen {
        var configuration = PosterScreen.Configuration()
        configuration.fileName = "clip.mp4"
        configure(&configuration)
        var screen = PosterScreen(configuration: configuration, columns: columns, rows: rows)
        screen.setArt(.picture(PixelBuffer(width: 8, height: 4, fill: red)))
        var status = MediaStatus()
        status.duration = 10
        status.isLoaded = true
        screen.update(status, now: 0)
        return screen
    }

    static func draw(_ screen: inout PosterScreen, video: PixelBuffer? = nil, encoder: FrameEncoder = FrameEncoder(),
                     at now: Double) -> Canvas {
        var canvas = Canvas(width: 40, height: 16)
        screen.draw(video: video, encoder: encoder, into: &canvas, now: now)
        return canvas
    }

    /// A row's text, with half-block pixels read as blanks.
    static func text(of canvas: Canvas, row: Int) -> String {
        (0..<canvas.width).map { canvas[$0, row].symbol == .upperHalf ? " " : canvas.text(of: canvas[$0, row]) }.joined()
    }

    @Test("the card: the picture fills the rounded frame, with the title and the duration under it")
    func card() {
        var screen = Self.screen()
        #expect(screen.layout.frame == Rect(x: 2, y: 1, width: 36, height: 10))
        let canvas = Self.draw(&screen, at: 0)
        // Rounded corners cut the corner pixels; the rest of the frame is the picture.
        for (x, py) in [(2, 2), (37, 2), (2, 21), (37, 21)] {
            #expect(canvas.pixel(x: x, py: py) != Self.red, "corner pixel \(x), \(py)")
        }
        for (x, py) in [(3, 2), (2, 3), (4, 5), (35, 20), (20, 2), (2, 12)] {
            #expect(canvas.pixel(x: x, py: py) == Self.red, "pixel \(x), \(py)")
        }
        // Outside the frame is the backdrop.
        #expect(canvas.pixel(x: 0, py: 10) != Self.red)
        #expect(canvas.pixel(x: 20, py: 0) != Self.red)
        // The card in its frame, and the name and the line under it.
        CanvasExpectation(text: [
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀                                  ▀▀▀",
            "▀▀                                    ▀▀",
            "▀▀                                    ▀▀",
            "▀▀               ▀▀  ▀▀               ▀▀",
            "▀▀              ▀  ▀▀▀ ▀              ▀▀",
            "▀▀              ▀  ▀▶▀ ▀              ▀▀",
            "▀▀               ▀▀  ▀▀               ▀▀",
            "▀▀                                    ▀▀",
            "▀▀                                    ▀▀",
            "▀▀▀                                  ▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀clip.mp4▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀0:10▀▀▀▀▀▀▀▀▀▀▀▀▀Enter play · q quit▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
        ]).expect(canvas)
        #expect(!screen.needsRedraw)
    }

    @Test("an idle card stays still: nothing to wake for, nothing to redraw, the same canvas a minute on")
    func idleCardIsStill() {
        var screen = Self.screen()
        let first = Self.draw(&screen, at: 1)
        for now in [1.5, 2, 3, 10, 61] {
            screen.tick(now: now)
            #expect(!screen.needsRedraw, "at \(now)")
            #expect(!screen.isAnimating(at: now), "at \(now)")
        }
        #expect(screen.nextDeadline == nil)
        #expect(Self.draw(&screen, at: 61) == first)
    }

    @Test("the ▶ sits in the centre on a disc of at least 3 × 3 cells")
    func playButton() {
        var screen = Self.screen()
        let canvas = Self.draw(&screen, at: 0)
        #expect(canvas.text(of: canvas[20, 6]) == "▶")
        #expect(screen.layout.playButton == Rect(x: 16, y: 4, width: 7, height: 4))
        // The disc darkens the picture around the triangle.
        let shaded = canvas.pixel(x: 17, py: 12)
        #expect(shaded.r < 200 && shaded.g == 0)

        var small = PosterScreen(configuration: .init(), columns: 12, rows: 7)
        #expect(small.layout.playButton.width >= 3 && small.layout.playButton.height >= 3)
        var tiny = Canvas(width: 12, height: 7)
        small.draw(video: nil, encoder: FrameEncoder(), into: &tiny, now: 0)
        let frame = small.layout.frame
        #expect(tiny.text(of: tiny[frame.x + frame.width / 2, frame.y + frame.height / 2]) == "▶")
    }

    @Test("Enter, Space and a click on ▶ start playback and the reveal; nothing else does", arguments: [
        Input.enter, .key(KeyEvent(.character(" "))), Input.click(20, 5), Input.click(16, 4),
    ])
    func starts(event: InputEvent) {
        var screen = Self.screen()
        #expect(screen.handle(event, now: 1) == [.play])
        #expect(screen.phase(at: 1.1) == .opening)
        #expect(screen.handle(event, now: 1.2) == [])
        #expect(screen.isAnimating(at: 1.2))
        #expect(screen.nextDeadline == 1.6)
    }

    @Test("clicks away from ▶ and other keys do nothing", arguments: [
        Input.click(5, 3), Input.click(15, 5), .key(KeyEvent(.character("k"))), .key(KeyEvent(.left)),
    ])
    func ignores(event: InputEvent) {
        var screen = Self.screen()
        #expect(screen.handle(event, now: 1) == [])
        #expect(screen.phase(at: 2) == .poster)
    }

    @Test("Esc quits when started on a file, and goes back to the library from one")
    func escape() {
        var screen = Self.screen()
        #expect(screen.handle(Input.escape, now: 0) == [.quit])
        var fromLibrary = Self.screen { $0.canClose = true }
        #expect(fromLibrary.handle(Input.escape, now: 0) == [.back])
        let canvas = Self.draw(&fromLibrary, at: 0)
        CanvasExpectation(text: [
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀                                  ▀▀▀",
            "▀▀                                    ▀▀",
            "▀▀                                    ▀▀",
            "▀▀               ▀▀  ▀▀               ▀▀",
            "▀▀              ▀  ▀▀▀ ▀              ▀▀",
            "▀▀              ▀  ▀▶▀ ▀              ▀▀",
            "▀▀               ▀▀  ▀▀               ▀▀",
            "▀▀                                    ▀▀",
            "▀▀                                    ▀▀",
            "▀▀▀                                  ▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀clip.mp4▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀0:10▀▀Enter play · Esc back · q quit▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
        ]).expect(canvas)
    }

    @Test("while the video opens, Esc, x and a click on ✕ pause and close it", arguments: [
        Input.escape, .key(KeyEvent(.character("x"))), Input.click(36, 2),
    ])
    func closesWhileOpening(event: InputEvent) {
        var screen = Self.screen { $0.canClose = true }
        _ = screen.handle(Input.enter, now: 0)
        #expect(screen.handle(event, now: 0.3) == [.pause])
        #expect(screen.phase(at: 0.3) == .closing)
        #expect(screen.phase(at: 0.9) == .poster)
    }

    @Test("the line reads Now playing while the video is open, and the duration again once closed")
    func captionLine() {
        var screen = Self.screen()
        #expect(screen.captionLine == "0:10")
        _ = screen.handle(Input.enter, now: 0)
        let canvas = Self.draw(&screen, at: 0.3)
        CanvasExpectation(text: [
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀  ▀                            ▀▀▀▀▀▀",
            "▀▀                                 ✕  ▀▀",
            "▀▀ ▀                                ▀ ▀▀",
            "▀▀                ▀▀▀                 ▀▀",
            "▀▀                  ▀▀▀▀              ▀▀",
            "▀▀                  ▶▀▀▀              ▀▀",
            "▀▀                ▀▀▀                 ▀▀",
            "▀▀ ▀                                ▀ ▀▀",
            "▀▀                                    ▀▀",
            "▀▀▀  ▀                            ▀  ▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀clip.mp4▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀Now playing▀▀▀▀▀▀▀Esc close · q quit▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
        ]).expect(canvas)
        screen.close(now: 5)
        CanvasExpectation(text: [
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀                                  ▀▀▀",
            "▀▀                                    ▀▀",
            "▀▀                                    ▀▀",
            "▀▀               ▀▀  ▀▀               ▀▀",
            "▀▀              ▀  ▀▀▀ ▀              ▀▀",
            "▀▀              ▀  ▀▶▀ ▀              ▀▀",
            "▀▀               ▀▀  ▀▀               ▀▀",
            "▀▀                                    ▀▀",
            "▀▀                                    ▀▀",
            "▀▀▀                                  ▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀clip.mp4▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀0:10▀▀▀▀▀▀▀▀▀▀▀▀▀Enter play · q quit▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
        ]).expect(Self.draw(&screen, at: 6))
    }

    /// Every frame pixel clear of the buttons: the video inside the circle, the poster outside,
    /// the backdrop in the cut corners.
    @Test("halfway through the reveal the video shows inside the circle and the poster outside it",
          arguments: [0.1, 0.15, 0.3])
    func composite(after: Double) {
        var screen = Self.screen()
        _ = screen.handle(Input.enter, now: 0)
        let canvas = Self.draw(&screen, video: PixelBuffer(width: 36, height: 20, fill: Self.blue), at: after)
        let reveal = screen.stage.reveal(at: after)
        let mask = reveal.mask(at: after, width: 36, height: 20)
        let corners = screen.layout.corners
        let scale = reveal.playButton(at: after).scale
        var inside = 0, outside = 0
        for py in 0..<20 {
            for px in 0..<36 {
                let (x, y) = (Double(px) + 0.5, Double(py) + 0.5)
                // Clear of the ▶ disc (3.5 × 4 pixel radii at rest) and of the ✕ in the top-right corner.
                let dx = (x - 18) / (3.5 * scale + 1), dy = (y - 10) / (4 * scale + 1)
                if dx * dx + dy * dy <= 1 || (px >= 31 && py < 6) { continue }
                let pixel = canvas.pixel(x: 2 + px, py: 2 + py)
                if !corners.contains(x: x, y: y / 2) {
                    #expect(pixel != Self.red && pixel != Self.blue, "corner pixel \(px), \(py)")
                } else if mask.contains(x: x, y: y) {
                    inside += 1
                    #expect(pixel == Self.blue, "pixel \(px), \(py) inside the circle")
                } else {
                    outside += 1
                    #expect(pixel == Self.red, "pixel \(px), \(py) outside the circle")
                }
            }
        }
        #expect(inside > 40 && outside > 40, "inside \(inside), outside \(outside)")
    }

    @Test("with reduce-motion the video cross-fades in over the whole frame")
    func crossFade() {
        var screen = Self.screen { $0.reduceMotion = true }
        _ = screen.handle(Input.enter, now: 0)
        let canvas = Self.draw(&screen, video: PixelBuffer(width: 36, height: 20, fill: Self.blue), at: 0.3)
        let opacity = screen.stage.reveal(at: 0.3).videoOpacity(at: 0.3)
        let faded = Self.red.blended(with: Self.blue, alpha: opacity)
        for (x, py) in [(3, 2), (20, 2), (36, 20), (4, 12)] {
            #expect(canvas.pixel(x: x, py: py) == faded, "pixel \(x), \(py)")
        }
        #expect(screen.phase(at: 0.6) == .player)
    }

    @Test("after the reveal the frame grows to the terminal and the corners straighten")
    func grows() throws {
        var screen = Self.screen()
        _ = screen.handle(Input.enter, now: 0)
        let card = Rect(x: 2, y: 1, width: 36, height: 10)
        #expect(screen.videoArea(at: 0) == nil)
        #expect(screen.videoArea(at: 0.01) == card)
        #expect(screen.videoArea(at: 0.6) == card)
        let growing = try #require(screen.videoArea(at: 0.7))
        #expect(growing.x <= card.x && growing.maxX >= card.maxX && growing.y <= card.y && growing.maxY >= card.maxY)
        #expect(growing.width * growing.height > card.width * card.height)
        #expect(growing.width * growing.height < 40 * 16)
        #expect(screen.videoArea(at: 0.9) == Rect(x: 0, y: 0, width: 40, height: 16))
        #expect(screen.phase(at: 0.9) == .player)
        let canvas = Self.draw(&screen, video: PixelBuffer(width: growing.width, height: growing.height * 2, fill: Self.blue), at: 0.7)
        #expect(canvas.pixel(x: 20, py: growing.maxY * 2 - 1) == Self.blue)
        #expect(canvas.pixel(x: 20, py: growing.maxY * 2) != Self.blue)
        // The video's pixels are checked above; of the text, only the ▶ button, gone, matters.
        #expect(Self.text(of: canvas, row: 6).contains("▶") == false)
        // Closing from the player shrinks it back, then the circle closes.
        screen.close(now: 2)
        #expect(screen.phase(at: 2.1) == .shrinking)
        #expect(screen.videoArea(at: 2.3) == Rect(x: 2, y: 1, width: 36, height: 10))
        #expect(screen.videoArea(at: 2.9) == nil)
    }

    @Test("a sound file without a cover gets a card with its title")
    func titleCard() {
        var screen = PosterScreen(configuration: .init(), columns: 40, rows: 16)
        var status = MediaStatus()
        status.title = "Chime in C"
        status.tracks = [Track(id: 1, kind: .audio)]
        status.isLoaded = true
        screen.update(status, now: 0)
        screen.setArt(.titleCard)
        let canvas = Self.draw(&screen, at: 0)
        CanvasExpectation(text: [
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀♪▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀Chime in C▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▶▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
        ] + Array(repeating: "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀", count: 5) + [
            "▀▀Chime in C▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀Enter play · q quit▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
        ]).expect(canvas)
        #expect(canvas.pixel(x: 4, py: 4) == Theme.posterCardTop.blended(with: Theme.posterCardBottom, alpha: 2.0 / 19))
    }

    @Test("the frame keeps its aspect ratio; an invalid one means 16:9", arguments: [
        (4.0 / 3, Rect(x: 4, y: 0, width: 32, height: 12)), (0, Rect(x: 2, y: 1, width: 36, height: 10)),
        (-1, Rect(x: 2, y: 1, width: 36, height: 10)), (.nan, Rect(x: 2, y: 1, width: 36, height: 10)),
    ] as [(Double, Rect)])
    func aspect(ratio: Double, frame: Rect) {
        #expect(Self.screen { $0.aspectRatio = ratio }.layout.frame == frame)
    }

    @Test("quadrant cells: the circle and the picture line up on 4 × 8 samples a cell")
    func quadrant() {
        var screen = Self.screen()
        _ = screen.handle(Input.enter, now: 0)
        let canvas = Self.draw(&screen, video: PixelBuffer(width: 144, height: 80, fill: Self.blue),
                               encoder: FrameEncoder(blitter: .quadrant), at: 0.3)
        #expect(canvas[12, 6] == .blank(Self.blue))
        // The corners outside the circle, whole cells of the poster at 4 × 8 samples.
        #expect(canvas[2, 2] == .blank(Self.red))
        #expect(canvas[37, 9] == .blank(Self.red))
    }

    @Test("a picture that arrives later replaces the plain frame")
    func pictureArrives() {
        var screen = PosterScreen(configuration: .init(), columns: 40, rows: 16)
        var canvas = Self.draw(&screen, at: 0)
        #expect(canvas.pixel(x: 10, py: 4) == Theme.posterLoading)
        screen.setArt(.picture(PixelBuffer(width: 3, height: 3, fill: Self.blue)))
        #expect(screen.needsRedraw)
        canvas = Self.draw(&screen, at: 0)
        #expect(canvas.pixel(x: 10, py: 4) == Self.blue)
    }
}

/// The card's shape follows the video's, unless --aspect says otherwise.
@Suite("PosterScreen shape")
struct PosterShapeTests {
    @Test("with no --aspect a portrait video gets a portrait card; with one, the card keeps it")
    func followsTheVideo() {
        var configuration = PosterScreen.Configuration()
        configuration.aspectRatio = nil
        var screen = PosterScreen(configuration: configuration, columns: 100, rows: 30)
        let wide = screen.layout.frame
        #expect(Double(wide.width) * 0.5 > Double(wide.height), "16:9 until the video is known")
        let changed = screen.setVideoAspect(180.0 / 320.0, now: 0)
        #expect(changed)
        let tall = screen.layout.frame
        #expect(Double(tall.width) * 0.5 < Double(tall.height), "portrait: \(tall)")
        configuration.aspectRatio = 16.0 / 9.0
        var fixed = PosterScreen(configuration: configuration, columns: 100, rows: 30)
        let kept = !fixed.setVideoAspect(180.0 / 320.0, now: 0)
        #expect(kept)
        #expect(fixed.layout.frame == wide)
    }
}
