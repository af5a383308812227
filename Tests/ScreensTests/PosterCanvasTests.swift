import Controls
import Drawing
@testable import ScreenParts
import Terminal
import Testing
@testable import Screens

/// The poster card before and during its opening circle, held whole against the canvas at
/// 60 × 16: text and looks, cell by cell (a half block's two colours are its two pixels).
@Suite("Poster screen, whole canvas")
struct PosterCanvasTests {
    static let red = PosterScreenTests.red
    static let blue = PosterScreenTests.blue

    /// Whether `color` is one of the backdrop's dark greys (its gradient runs from (28, 28, 32) to black).
    static func isBackdrop(_ color: RGB) -> Bool {
        color.r == color.g && color.b >= color.r && color.b - color.r <= 4 && color.b <= 32
    }

    static let legend: [Character: Look] = [
        ".": .cell("the backdrop's dark greys") { isBackdrop($0.fg) && isBackdrop($0.bg) },
        "c": .cell("a rounded corner: red beside the backdrop") { cell in
            cell.symbol == .upperHalf && (cell.fg == red && isBackdrop(cell.bg) || cell.bg == red && isBackdrop(cell.fg))
        },
        "r": .blank(red),
        "v": .blank(blue),
        "R": .text(red, on: blue),
        "V": .text(blue, on: red),
        "W": .text(Theme.text, on: nil, .bold),
        "d": .text(Theme.dimText, on: nil),
        "k": .text(Theme.track, on: nil),
        "~": .any,
    ]

    /// The card of "clip.mp4" (10 s long) with a red picture, at 60 × 16.
    static func screen() -> PosterScreen {
        PosterScreenTests.screen(columns: 60, rows: 16)
    }

    @Test("the card: the red picture fills the rounded frame on the backdrop, ▶ on its shaded disc in the middle, the title and the length under it")
    func card() {
        var screen = Self.screen()
        var canvas = Canvas(width: 60, height: 16)
        screen.draw(video: nil, encoder: FrameEncoder(), into: &canvas, now: 0)
        CanvasExpectation(rows: [
            "▀▀▀▀▀▀▀▀▀                                         ▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀                                           ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀                                           ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀                                           ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀                  ▀▀   ▀▀                  ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀                 ▀  ▀▀▀▀ ▀                 ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀                 ▀  ▀▶▀▀ ▀                 ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀                  ▀▀   ▀▀                  ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀                                           ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀                                           ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀                                           ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀                                         ▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀clip.mp4▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀0:10▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀Enter play · q quit▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
        ], looks: [
            "........crrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrc.........",
            "........rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr.........",
            "........rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr.........",
            "........rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr.........",
            "........rrrrrrrrrrrrrrrrrr~~~~~~~rrrrrrrrrrrrrrrrrr.........",
            "........rrrrrrrrrrrrrrrrr~~~~~~~~~rrrrrrrrrrrrrrrrr.........",
            "........rrrrrrrrrrrrrrrrr~~~~W~~~~rrrrrrrrrrrrrrrrr.........",
            "........rrrrrrrrrrrrrrrrrr~~~~~~~rrrrrrrrrrrrrrrrrr.........",
            "........rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr.........",
            "........rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr.........",
            "........rrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrr.........",
            "........crrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrrc.........",
            "............................................................",
            "........WWWWWWWW............................................",
            "........dddd....................kkkkkkkkkkkkkkkkkkk.........",
            "............................................................",
        ], legend: Self.legend).expect(canvas)
    }

    @Test("0.15 s into the opening, the blue video shows inside a circle round the middle and the red poster outside it, with ✕ to close")
    func opening() {
        var screen = Self.screen()
        _ = screen.handle(Input.enter, now: 0)
        let frame = screen.layout.frame
        var canvas = Canvas(width: 60, height: 16)
        screen.draw(video: PixelBuffer(width: frame.width, height: frame.height * 2, fill: Self.blue), encoder: FrameEncoder(),
                    into: &canvas, now: 0.15)
        CanvasExpectation(rows: [
            "▀▀▀▀▀▀▀▀▀              ▀▀         ▀▀           ▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀             ▀               ▀          ✕  ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀           ▀                   ▀       ▀▀▀ ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀          ▀       ▀▀▀▀▀▀▀       ▀          ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀         ▀      ▀▀  ▀    ▀▀      ▀         ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀                ▀    ▀▀▀▀ ▀                ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀                ▀    ▶▀▀▀ ▀                ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀         ▀      ▀▀  ▀    ▀▀      ▀         ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀          ▀       ▀▀▀▀▀▀▀       ▀          ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀           ▀                   ▀           ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀             ▀               ▀             ▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀              ▀▀         ▀▀              ▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀clip.mp4▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀Now playing▀▀▀▀▀▀▀▀▀▀▀▀▀▀Esc close · q quit▀▀▀▀▀▀▀▀▀",
            "▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀",
        ], looks: [
            "........crrrrrrrrrrrrrrRRvvvvvvvvvRRrrrrrrrrrrr~~~c.........",
            "........rrrrrrrrrrrrrRvvvvvvvvvvvvvvvRrrrrrrrrr~~~r.........",
            "........rrrrrrrrrrrRvvvvvvvvvvvvvvvvvvvRrrrrrrr~~~r.........",
            "........rrrrrrrrrrRvvvvvvv~~~~~~~vvvvvvvRrrrrrrrrrr.........",
            "........rrrrrrrrrRvvvvvv~~~~~~~~~~~vvvvvvRrrrrrrrrr.........",
            "........rrrrrrrrrvvvvvvv~~~~~~~~~~~vvvvvvvrrrrrrrrr.........",
            "........rrrrrrrrrvvvvvvv~~~~~~~~~~~vvvvvvvrrrrrrrrr.........",
            "........rrrrrrrrrVvvvvvv~~~~~~~~~~~vvvvvvVrrrrrrrrr.........",
            "........rrrrrrrrrrVvvvvvvv~~~~~~~vvvvvvvVrrrrrrrrrr.........",
            "........rrrrrrrrrrrVvvvvvvvvvvvvvvvvvvvVrrrrrrrrrrr.........",
            "........rrrrrrrrrrrrrVvvvvvvvvvvvvvvvVrrrrrrrrrrrrr.........",
            "........crrrrrrrrrrrrrrVVvvvvvvvvvVVrrrrrrrrrrrrrrc.........",
            "............................................................",
            "........WWWWWWWW............................................",
            "........ddddddddddd..............kkkkkkkkkkkkkkkkkk.........",
            "............................................................",
        ], legend: Self.legend).expect(canvas)
    }
}
