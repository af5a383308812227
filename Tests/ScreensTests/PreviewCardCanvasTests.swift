import Controls
import Drawing
import Media
import Terminal
import Testing
@testable import Screens

/// The scrub preview card, held whole against the canvas at 60 × 16: where it goes over the
/// controls, what it says, and its place for the frame.
@Suite("Preview card, whole canvas")
struct PreviewCardCanvasTests {
    /// The player paused at 0:30 of 2:00, chapters at 0, 40 and 80 s, the pointer over the
    /// scrubber at `column`; `frames` says whether the card will get pictures.
    static func hovered(column: Int, frames: Bool) -> PlayerScreen {
        var screen = PlayerCanvasTests.screen()
        var status = PlayerScreenTests.status(paused: true)
        status.chapters = [Chapter(title: "Intro", time: 0), Chapter(title: "The cat", time: 40), Chapter(title: nil, time: 80)]
        screen.update(status, now: 0)
        screen.previewAvailable = frames
        _ = screen.handle(.mouse(MouseEvent(.move, column: column, row: screen.layout.scrubber.y)), now: 0.1)
        return screen
    }

    @Test("over the scrubber, the card stands above it centred on the pointer: a place for the frame, then the time and the chapter there; it covers the transport at this height")
    func hover() {
        var screen = Self.hovered(column: 30, frames: true)
        CanvasExpectation(rows: [
            "                                                            ",
            "  A Title                                                   ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "               ↺                           0 ↻              ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                       1:01 · The cat                       ",
            "                                                            ",
            "                    │                  │                    ",
            "  0:30                     Intro                      2:00  ",
        ], looks: [
            "                                                            ",
            "  TTTTTTT                                                   ",
            "                                                            ",
            "                                                            ",
            "                 pppppppppppppppppppppppppp                 ",
            "                 phhhhhhhhhhhhhhhhhhhhhhhhp                 ",
            "                 phhhhhhhhhhhhhhhhhhhhhhhhp                 ",
            "                 phhhhhhhhhhhhhhhhhhhhhhhhp                 ",
            "               TTphhhhhhhhhhhhhhhhhhhhhhhhpTTT              ",
            "                 phhhhhhhhhhhhhhhhhhhhhhhhp                 ",
            "                 phhhhhhhhhhhhhhhhhhhhhhhhp                 ",
            "                 phhhhhhhhhhhhhhhhhhhhhhhhp                 ",
            "                 ppppppPPPPPPPPPPPPPPpppppp                 ",
            "                                                            ",
            "  aaaaaaaaaaaaaakkkk|kkkkkkkkkkkkkkkkkk|kkkkkkkkkkkkkkkkkk  ",
            "  tttt                     ddddd                      dddd  ",
        ], legend: PlayerCanvasTests.legend).expect(PlayerScreenTests.drawn(&screen, now: 0.1))
    }

    @Test("near the right edge the card ends at the screen's edge")
    func nearTheEdge() {
        var screen = Self.hovered(column: 57, frames: true)
        CanvasExpectation(rows: [
            "                                                            ",
            "  A Title                                                   ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "               ↺ 10           ▶                             ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                       2:00 · Chapter 3     ",
            "                                                            ",
            "                    │                  │                    ",
            "  0:30                     Intro                      2:00  ",
        ], looks: [
            "                                                            ",
            "  TTTTTTT                                                   ",
            "                                                            ",
            "                                                            ",
            "                                  pppppppppppppppppppppppppp",
            "                                  phhhhhhhhhhhhhhhhhhhhhhhhp",
            "                                  phhhhhhhhhhhhhhhhhhhhhhhhp",
            "                                  phhhhhhhhhhhhhhhhhhhhhhhhp",
            "               TTTT           T   phhhhhhhhhhhhhhhhhhhhhhhhp",
            "                                  phhhhhhhhhhhhhhhhhhhhhhhhp",
            "                                  phhhhhhhhhhhhhhhhhhhhhhhhp",
            "                                  phhhhhhhhhhhhhhhhhhhhhhhhp",
            "                                  pppppPPPPPPPPPPPPPPPPppppp",
            "                                                            ",
            "  aaaaaaaaaaaaaakkkk|kkkkkkkkkkkkkkkkkk|kkkkkkkkkkkkkkkkkk  ",
            "  tttt                     ddddd                      dddd  ",
        ], legend: PlayerCanvasTests.legend).expect(PlayerScreenTests.drawn(&screen, now: 0.1))
    }

    @Test("with no frames to come the card is the time and chapter alone, one row")
    func timeOnly() {
        var screen = Self.hovered(column: 57, frames: false)
        CanvasExpectation(rows: [
            "                                                            ",
            "  A Title                                                   ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "               ↺ 10           ▶           10 ↻              ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                           2:00 · Chapter 3 ",
            "                                                            ",
            "                    │                  │                    ",
            "  0:30                     Intro                      2:00  ",
        ], looks: [
            "                                                            ",
            "  TTTTTTT                                                   ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "               TTTT           T           TTTT              ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                          pPPPPPPPPPPPPPPPPp",
            "                                                            ",
            "  aaaaaaaaaaaaaakkkk|kkkkkkkkkkkkkkkkkk|kkkkkkkkkkkkkkkkkk  ",
            "  tttt                     ddddd                      dddd  ",
        ], legend: PlayerCanvasTests.legend).expect(PlayerScreenTests.drawn(&screen, now: 0.1))
    }
}
