import Controls
import Drawing
import Media
@testable import ScreenParts
import Terminal
import Testing
@testable import Screens

/// The player screen's main states, each held whole against the canvas at 60 × 16 (no picture:
/// what is drawn over it), text and looks, cell by cell.
@Suite("Player screen, whole canvas")
struct PlayerCanvasTests {
    /// "clip.mp4", titled "A Title", playing at 0:30 of 2:00, from time 0.
    static func screen(_ configure: (inout PlayerScreen.Configuration) -> Void = { _ in }) -> PlayerScreen {
        PlayerScreenTests.screen(columns: 60, rows: 16, configure: configure)
    }

    static let legend: [Character: Look] = [
        " ": .blank(Theme.background),
        "t": .text(Theme.text, on: Theme.background),
        "T": .text(Theme.text, on: Theme.background, .bold),
        "d": .text(Theme.dimText, on: Theme.background),
        "a": .blank(Theme.accent),
        "k": .blank(Theme.track),
        "p": .blank(Theme.panel),
        "b": .text(Theme.border, on: Theme.panel),
        "P": .text(Theme.text, on: Theme.panel, .bold),
        "w": .text(Theme.text, on: Theme.panel),
        "D": .text(Theme.dimText, on: Theme.panel),
        "A": .text(Theme.accent, on: Theme.panel),
        "K": .text(Theme.accent, on: Theme.panel, .bold),
        "W": .text(Theme.text, on: nil, .bold),
        "h": .blank(Theme.placeholder),
        "s": .blank(Theme.selection),
        "S": .text(Theme.text, on: Theme.selection, .bold),
        "E": .text(Theme.dimText, on: Theme.selection),
        "c": .text(Theme.accent, on: Theme.track),
        "|": .text(Theme.panel, on: nil),
        "C": .text(Theme.text, on: Theme.captionBackground),
        "~": .any,
    ]

    /// The screen with its controls shown, at 0.5 s.
    static let shown = CanvasExpectation(rows: [
        "                                                            ",
        "  A Title                                                   ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "               ↺ 10          ❚❚           10 ↻              ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "  0:30                                                2:00  ",
    ], looks: [
        "                                                            ",
        "  TTTTTTT                                                   ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "               TTTT          TT           TTTT              ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "                                                            ",
        "  aaaaaaaaaaaaaakkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk  ",
        "  tttt                                                dddd  ",
    ], legend: legend)

    @Test("with the controls shown: the title, the transport, and the times under a scrubber played to 0:30 of 2:00")
    func controlsShown() {
        var screen = Self.screen()
        Self.shown.expect(PlayerScreenTests.drawn(&screen, now: 0.5))
    }

    @Test("with the controls hidden (3 s after the last input, faded by 4 s) nothing is drawn over the picture")
    func controlsHidden() {
        var screen = Self.screen()
        _ = screen.tick(now: 4)
        let canvas = PlayerScreenTests.drawn(&screen, now: 4)
        CanvasExpectation(blank: 60, 16, legend: Self.legend).expect(canvas)
    }

    @Test("paused, the transport shows ▶ where ❚❚ was, and the rest stays")
    func paused() {
        var screen = Self.screen()
        screen.update(PlayerScreenTests.status(paused: true), now: 1)
        // ▶ for ❚❚, one column to the right.
        let expected = Self.shown
            .with(row: 8, "               ↺ 10           ▶           10 ↻              ",
                   looks: "               TTTT           T           TTTT              ")
        expected.expect(PlayerScreenTests.drawn(&screen, now: 1.5))
    }

    @Test("a double tap of l ripples over the right half, with ▶▶ and its tally +20 s inside the ring")
    func skipRipple() {
        var screen = Self.screen()
        _ = screen.handle(PlayerScreenTests.char("c"), now: 0.1)
        _ = screen.handle(PlayerScreenTests.char("l"), now: 1)
        _ = screen.handle(PlayerScreenTests.char("l"), now: 1.1)
        let canvas = PlayerScreenTests.drawn(&screen, now: 1.4)
        CanvasExpectation(rows: [
            "                                                            ",
            "  A Title                                                   ",
            "                                      ▀▀▀▀      ▀▀▀▀        ",
            "                                    ▀▀              ▀▀      ",
            "                                  ▀▀                  ▀▀    ",
            "                                 ▀▀                    ▀▀   ",
            "                                 ▀                      ▀   ",
            "                                ▀▀      ▀      ▀     ▶▶  ▀  ",
            "               ↺ 10          ❚❚ ▀         10 ↻           ▀  ",
            "                                 ▀      ▀      ▀   +20 s▀   ",
            "                                 ▀▀                    ▀▀   ",
            "                                  ▀▀                  ▀▀    ",
            "                                    ▀▀              ▀▀      ",
            "                                      ▀▀▀▀      ▀▀▀▀        ",
            "                                                            ",
            "  0:30                                                2:00  ",
        ], looks: [
            "                                                            ",
            "  TTTTTTT                                                   ",
            "                                      ~~~~~~~~~~~~~~        ",
            "                                    ~~~~~~~~~~~~~~~~~~      ",
            "                                  ~~~~~~~~~~~~~~~~~~~~~~    ",
            "                                 ~~~~~~~~~~~~~~~~~~~~~~~~   ",
            "                                 ~~~~~~~~~~~~~~~~~~~~~~~~   ",
            "                                ~~~~~~~~~~~~~~~~~~~~~WW~~~  ",
            "               TTTT          TT ~~~~~~~~~~WWWW~~~~~~~~~~~~  ",
            "                                 ~~~~~~~~~~~~~~~~~~WWWWW~   ",
            "                                 ~~~~~~~~~~~~~~~~~~~~~~~~   ",
            "                                  ~~~~~~~~~~~~~~~~~~~~~~    ",
            "                                    ~~~~~~~~~~~~~~~~~~      ",
            "                                      ~~~~~~~~~~~~~~        ",
            "  aaaaaaaaaaaaaakkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk  ",
            "  tttt                                                dddd  ",
        ], legend: Self.legend).expect(canvas)
    }

    @Test("a notice shows bold in a panel across the middle, over the controls")
    func notice() {
        var screen = Self.screen()
        screen.notify("Audio delay +0.1 s", now: 1, duration: 0)
        // The notice, on a bold panel line.
        let expected = Self.shown
            .with(row: 4, "                     Audio delay +0.1 s                     ",
                   looks: "                    PPPPPPPPPPPPPPPPPPPP                    ")
        expected.expect(PlayerScreenTests.drawn(&screen, now: 1.2))
    }

    @Test("the help's first page: a bordered panel over all but the times row, keys bold, help dim, the page line in the accent")
    func helpPage() {
        var screen = Self.screen()
        screen.setHelpShown(true)
        let canvas = PlayerScreenTests.drawn(&screen, now: 1)
        CanvasExpectation(rows: [
            "╭──────────────────────────────────────────────────────────╮",
            "│ Keys                                       picture: half │",
            "│                                                          │",
            "│ Space, k         play / pause; at the end, start again   │",
            "│ ← / →            twice within 0.4 s: skip back / forward │",
            "│                  10 s, more taps add up; once: show the  │",
            "│                  controls                                │",
            "│ j / l            skip back / forward 10 s at once        │",
            "│ ↑ / ↓            volume + / − 5                          │",
            "│ m                mute / sound on                         │",
            "│ 0 … 9            jump to 0 % … 90 %                      │",
            "│ Home / End       jump to the start / the end             │",
            "│ , / .            one frame back / forward (paused)       │",
            "│ page 1 of 4 · ↓ PgDn Space: next · ↑ PgUp: back · any o… │",
            "╰──────────────────────────────────────────────────────────╯",
            "  0:30                                                2:00  ",
        ], looks: [
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
            "bpKKKKpppppppppppppppppppppppppppppppppppppppDDDDDDDDpDDDDpb",
            "bppppppppppppppppppppppppppppppppppppppppppppppppppppppppppb",
            "bpPPPPPPPPpppppppppDDDDpDpDDDDDDpDDpDDDpDDDDpDDDDDpDDDDDpppb",
            "bpPPPPPppppppppppppDDDDDpDDDDDDpDDDpDDpDDDDpDDDDpDpDDDDDDDpb",
            "bppppppppppppppppppDDpDDpDDDDpDDDDpDDDpDDDpDDDDDpDDDDpDDDppb",
            "bppppppppppppppppppDDDDDDDDppppppppppppppppppppppppppppppppb",
            "bpPPPPPppppppppppppDDDDpDDDDpDpDDDDDDDpDDpDpDDpDDDDppppppppb",
            "bpPPPPPppppppppppppDDDDDDpDpDpDpDppppppppppppppppppppppppppb",
            "bpPppppppppppppppppDDDDpDpDDDDDpDDpppppppppppppppppppppppppb",
            "bpPPPPPppppppppppppDDDDpDDpDpDpDpDDpDppppppppppppppppppppppb",
            "bpPPPPPPPPPPpppppppDDDDpDDpDDDpDDDDDpDpDDDpDDDpppppppppppppb",
            "bpPPPPPppppppppppppDDDpDDDDDpDDDDpDpDDDDDDDpDDDDDDDDpppppppb",
            "bpAAAApApAApApApApAAAApAAAAAApAAAApApApAAAAApAAAApApAAApAApb",
            "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
            "  tttt                                                dddd  ",
        ], legend: Self.legend).expect(canvas)
    }

    @Test("without a title the file name stands in its place")
    func untitled() {
        var screen = Self.screen()
        screen.update(PlayerScreenTests.status(title: nil), now: 1)
        let expected = Self.shown
            .with(row: 1, "  clip.mp4                                                  ",
                   looks: "  TTTTTTTT                                                  ")
        expected.expect(PlayerScreenTests.drawn(&screen, now: 1.5))
    }

    @Test("a tiny terminal (10 × 3) shows only the time, on a panel in the middle row")
    func tiny() {
        var screen = PlayerScreenTests.screen(columns: 10, rows: 3)
        CanvasExpectation(rows: [
            "          ",
            "   0:30   ",
            "          ",
        ], looks: [
            "          ",
            "   wwww   ",
            "          ",
        ], legend: Self.legend).expect(PlayerScreenTests.drawn(&screen, now: 0.5))
    }

    /// The screen with a dialogue line at the bottom and a sign placed at the top (`\pos`), in ASS.
    static func subtitled() -> PlayerScreen {
        var screen = Self.screen()
        var status = PlayerScreenTests.status()
        status.subtitleText = "Voici Chelsea, la chatte.\nLE CHAT"
        status.subtitleASS = "{\\i1}Voici Chelsea{\\i0}, la chatte.\n{\\pos(480,60)}LE CHAT"
        status.videoSize = VideoSize(width: 640, height: 360)
        screen.update(status, now: 0)
        return screen
    }

    @Test("subtitles: each line on a dark box a cell wider than its text, no styling; the dialogue above the controls, the sign near the top")
    func subtitlesOverControls() {
        var screen = Self.subtitled()
        let expected = Self.shown
            .with(row: 4, "                          LE CHAT                           ",
                   looks: "                         CCCCCCCCC                          ")
            .with(row: 12, "                 Voici Chelsea, la chatte.                  ",
                    looks: "                CCCCCCCCCCCCCCCCCCCCCCCCCCC                 ")
        expected.expect(PlayerScreenTests.drawn(&screen, now: 0.5))
    }

    @Test("subtitles with the controls hidden: the dialogue drops to one row above the bottom, the sign to the top row but one")
    func subtitlesAlone() {
        var screen = Self.subtitled()
        _ = screen.tick(now: 10)
        let expected = CanvasExpectation(blank: 60, 16, legend: Self.legend)
            .with(row: 1, "                          LE CHAT                           ",
                   looks: "                         CCCCCCCCC                          ")
            .with(row: 14, "                 Voici Chelsea, la chatte.                  ",
                    looks: "                CCCCCCCCCCCCCCCCCCCCCCCCCCC                 ")
        expected.expect(PlayerScreenTests.drawn(&screen, now: 10))
    }
}
