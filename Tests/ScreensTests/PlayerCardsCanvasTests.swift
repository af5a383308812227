import Controls
import Drawing
@testable import Terminal
@testable import Session
import Testing
@testable import Screens

/// The cards the session puts on the player screen (opening, failure, up next) and the t menu,
/// each held whole against the canvas at 60 × 16.
@Suite("Player cards, whole canvas")
struct PlayerCardsCanvasTests {
    /// A network stream, talk.mp4, opening since time 0.
    static func opening() -> MediaStatus {
        var status = MediaStatus()
        status.phase = .opening(item: 0, since: 0)
        status.itemName = "talk.mp4"
        status.isNetworkStream = true
        return status
    }

    @Test("opening a stream: a card with a spinner, what opens, how far, and how to cancel, and nothing else")
    func opening() {
        var screen = PlayerCanvasTests.screen()
        screen.update(Self.opening(), now: 0)
        let canvas = PlayerScreenTests.drawn(&screen, now: 0.2)
        CanvasExpectation(rows: [
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                 ╭───────────────────────╮                  ",
            "                 │  ⠹ Opening talk.mp4   │                  ",
            "                 │      Connecting…      │                  ",
            "                 │ Esc: cancel · q: quit │                  ",
            "                 ╰───────────────────────╯                  ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
        ], looks: [
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                 bbbbbbbbbbbbbbbbbbbbbbbbb                  ",
            "                 bppPPPPPPPPPPPPPPPPPPpppb                  ",
            "                 bppppppDDDDDDDDDDDppppppb                  ",
            "                 bpDDDDpDDDDDDpDpDDpDDDDpb                  ",
            "                 bbbbbbbbbbbbbbbbbbbbbbbbb                  ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
        ], legend: PlayerCanvasTests.legend).expect(canvas)
    }

    @Test("buffering: the card says how much has come, and widens to fit it")
    func buffering() {
        var screen = PlayerCanvasTests.screen()
        var status = Self.opening()
        status.opening = .buffering(percent: 40, bytes: 2_000_000)
        screen.update(status, now: 0)
        let canvas = PlayerScreenTests.drawn(&screen, now: 0.2)
        CanvasExpectation(rows: [
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                ╭─────────────────────────╮                 ",
            "                │   ⠹ Opening talk.mp4    │                 ",
            "                │ Buffering 40 % · 2.0 MB │                 ",
            "                │  Esc: cancel · q: quit  │                 ",
            "                ╰─────────────────────────╯                 ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
        ], looks: [
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                bbbbbbbbbbbbbbbbbbbbbbbbbbb                 ",
            "                bpppPPPPPPPPPPPPPPPPPPppppb                 ",
            "                bpDDDDDDDDDpDDpDpDpDDDpDDpb                 ",
            "                bppDDDDpDDDDDDpDpDDpDDDDppb                 ",
            "                bbbbbbbbbbbbbbbbbbbbbbbbbbb                 ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
        ], legend: PlayerCanvasTests.legend).expect(canvas)
    }

    @Test("a failure: the card names the file and gives mpv's reason")
    func failure() {
        var screen = PlayerCanvasTests.screen()
        var status = Self.opening()
        status.phase = .failed(item: 0, reason: "HTTP 404 Not Found")
        screen.update(status, now: 0)
        let canvas = PlayerScreenTests.drawn(&screen, now: 0.2)
        CanvasExpectation(rows: [
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                ╭─────────────────────────╮                 ",
            "                │ Could not play talk.mp4 │                 ",
            "                │   HTTP 404 Not Found    │                 ",
            "                │         q: quit         │                 ",
            "                ╰─────────────────────────╯                 ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
        ], looks: [
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                bbbbbbbbbbbbbbbbbbbbbbbbbbb                 ",
            "                bpPPPPPPPPPPPPPPPPPPPPPPPpb                 ",
            "                bpppDDDDpDDDpDDDpDDDDDppppb                 ",
            "                bpppppppppDDpDDDDpppppppppb                 ",
            "                bbbbbbbbbbbbbbbbbbbbbbbbbbb                 ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
        ], legend: PlayerCanvasTests.legend).expect(canvas)
    }

    @Test("Up next over the last frame: the card counts down with a bar under a thumbnail's place, over the controls")
    func upNext() {
        var screen = PlayerCanvasTests.screen()
        var status = PlayerScreenTests.status(position: 120, duration: 120, paused: true, atEnd: true)
        status.phase = .ended(item: 0, upNext: .init(item: 1, start: 0, deadline: 5))
        status.upNextName = "Episode 2"
        screen.update(status, now: 0)
        let canvas = PlayerScreenTests.drawn(&screen, now: 1.2)
        CanvasExpectation(rows: [
            "                                                            ",
            "  A Title                                                   ",
            "                                                            ",
            "                                                            ",
            "              ╭──────────────────────────────────────────╮  ",
            "              │                Up next · 4 s             │  ",
            "              │                Episode 2                 │  ",
            "              │                                          │  ",
            "              │                                          │  ",
            "              │          ▋                               │  ",
            "              │      ▶ Play now            Cancel        │  ",
            "              ╰──────────────────────────────────────────╯  ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "  2:00                                                2:00  ",
        ], looks: [
            "                                                            ",
            "  TTTTTTT                                                   ",
            "                                                            ",
            "                                                            ",
            "              bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb  ",
            "              bphhhhhhhhhhhhhppDDpDDDDpDpDpDpppppppppppppb  ",
            "              bphhhhhhhhhhhhhppPPPPPPPPPpppppppppppppppppb  ",
            "              bphhhhhhhhhhhhhppppppppppppppppppppppppppppb  ",
            "              bphhhhhhhhhhhhhppppppppppppppppppppppppppppb  ",
            "              bpaaaaaaaaackkkkkkkkkkkkkkkkkkkkkkkkkkkkkkpb  ",
            "              bppppppPPPPPPPPPPppppppppppppDDDDDDppppppppb  ",
            "              bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb  ",
            "                                                            ",
            "                                                            ",
            "  aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa  ",
            "  tttt                                                dddd  ",
        ], legend: PlayerCanvasTests.legend).expect(canvas)
    }

    @Test("t: the tracks and chapters menu over the controls, each current track and chapter marked ●, the current audio track highlighted")
    func tracksMenu() {
        var screen = PlayerCanvasTests.screen()
        screen.update(TracksAndCardsTests.film(), now: 0)
        _ = screen.handle(PlayerScreenTests.char("t"), now: 1)
        let canvas = PlayerScreenTests.drawn(&screen, now: 1.1)
        CanvasExpectation(rows: [
            "           ╭────────────────────────────────────╮           ",
            "  A Title  │ Tracks and chapters                │           ",
            "           │                                    │           ",
            "           │ Audio                              │           ",
            "           │ ● English (eng) · opus · default   │           ",
            "           │   Français (fra) · opus            │           ",
            "           │ Subtitles                          │           ",
            "           │   Off                              │           ",
            "           │ ● English (eng) · subrip           │           ",
            "           │   Français (signs) (fra) · ass     │           ",
            "           │ Chapters                           │           ",
            "           │   0:00  Opening                    │           ",
            "           │ ● 0:06  The cat                    │           ",
            "           │   0:12  Coffee                     │           ",
            "    │  │  ││   0:18  Launch                     │           ",
            "  0:30     ╰────────────────────────────────────╯     2:00  ",
        ], looks: [
            "           bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb           ",
            "  TTTTTTT  bpKKKKKKKKKKKKKKKKKKKppppppppppppppppb           ",
            "           bppppppppppppppppppppppppppppppppppppb           ",
            "           bpKKKKKppppppppppppppppppppppppppppppb           ",
            "           bsSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSsssb           ",
            "           bpppDDDDDDDDpDDDDDpDpDDDDppppppppppppb           ",
            "           bpKKKKKKKKKppppppppppppppppppppppppppb           ",
            "           bpppDDDppppppppppppppppppppppppppppppb           ",
            "           bpPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppb           ",
            "           bpppDDDDDDDDpDDDDDDDpDDDDDpDpDDDpppppb           ",
            "           bpKKKKKKKKpppppppppppppppppppppppppppb           ",
            "           bpppDDDDppDDDDDDDppppppppppppppppppppb           ",
            "           bpPPPPPPPPPPPPPPPppppppppppppppppppppb           ",
            "           bpppDDDDppDDDDDDpppppppppppppppppppppb           ",
            "  aa|aa|aa|bpppDDDDppDDDDDDpppppppppppppppppppppbkkkkkkkkk  ",
            "  tttt     bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb     dddd  ",
        ], legend: PlayerCanvasTests.legend).expect(canvas)
    }

    @Test("on a narrow screen the subtitle lines' title gives way to the count: cut with an ellipsis, a column apart",
          arguments: [28, 36, 48, 62, 63])
    func subtitleSearchNarrow(columns: Int) {
        var status = TracksAndCardsTests.film()
        status.position = 14
        status.tracks[2].streamIndex = 3  // the English subtitles
        var screen = PlayerScreenTests.screen(columns: columns, rows: 16)
        screen.update(status, now: 0.5)
        _ = screen.handle(PlayerScreenTests.char("/"), now: 1)
        screen.receiveSubtitleLines(trackID: 1, lines: SubtitleSearchTests.lines, failure: nil)
        let canvas = PlayerScreenTests.drawn(&screen, now: 1.1)
        let row = PlayerScreenTests.text(canvas, row: 2)
        // The panel's inside: two columns in from its border, which is two in from the screen's edge.
        let inside = String(row.dropFirst(4).dropLast(4))
        #expect(inside.count == columns - 8)
        #expect(inside.hasSuffix(" 4 of 4"), "\(inside)")
        let title = String(inside.dropLast(" 4 of 4".count).reversed().drop { $0 == " " }.reversed())
        let full = "Subtitle lines · type to filter, Enter goes there"
        if title.hasSuffix("…") {
            #expect(full.hasPrefix(String(title.dropLast())), "\(title)")
        } else {
            #expect(title == full)
        }
    }

    @Test("/ lists the shown track's lines in a panel with the count, the query line, and the line showing now highlighted (at 64 columns, where the title fits)")
    func subtitleSearch() {
        var status = TracksAndCardsTests.film()
        status.position = 14
        status.tracks[2].streamIndex = 3  // the English subtitles
        var screen = PlayerScreenTests.screen(columns: 64, rows: 16)
        screen.update(status, now: 0.5)
        _ = screen.handle(PlayerScreenTests.char("/"), now: 1)
        screen.receiveSubtitleLines(trackID: 1, lines: SubtitleSearchTests.lines, failure: nil)
        CanvasExpectation(rows: [
            "                                                                ",
            "  ╭──────────────────────────────────────────────────────────╮  ",
            "  │ Subtitle lines · type to filter, Enter goes there 4 of 4 │  ",
            "  │ / ▏                                                      │  ",
            "  │                                                          │  ",
            "  │ 0:01  The first line.                                    │  ",
            "  │ 0:07  This is Chelsea, the cat.                          │  ",
            "  │ 0:13  Un café crème für Jürgen.                          │  ",
            "  │ 0:19  Three, two, one...                                 │  ",
            "  │                                                          │  ",
            "  │                                                          │  ",
            "  │                                                          │  ",
            "  │                                                          │  ",
            "  │                                                          │  ",
            "  ╰──────────────────────────────────────────────────────────╯  ",
            "  0:14                       Coffee                       2:00  ",
        ], looks: [
            "                                                                ",
            "  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb  ",
            "  bpKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKKpDpDDpDpb  ",
            "  bpwpwppppppppppppppppppppppppppppppppppppppppppppppppppppppb  ",
            "  bppppppppppppppppppppppppppppppppppppppppppppppppppppppppppb  ",
            "  bpDDDDppDDDpDDDDDpDDDDDppppppppppppppppppppppppppppppppppppb  ",
            "  bpDDDDppDDDDpDDpDDDDDDDDpDDDpDDDDppppppppppppppppppppppppppb  ",
            "  bsEEEEssSSSSSSSSSSSSSSSSSSSSSSSSSssssssssssssssssssssssssssb  ",
            "  bpDDDDppDDDDDDpDDDDpDDDDDDpppppppppppppppppppppppppppppppppb  ",
            "  bppppppppppppppppppppppppppppppppppppppppppppppppppppppppppb  ",
            "  bppppppppppppppppppppppppppppppppppppppppppppppppppppppppppb  ",
            "  bppppppppppppppppppppppppppppppppppppppppppppppppppppppppppb  ",
            "  bppppppppppppppppppppppppppppppppppppppppppppppppppppppppppb  ",
            "  bppppppppppppppppppppppppppppppppppppppppppppppppppppppppppb  ",
            "  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb  ",
            "  tttt                       dddddd                       dddd  ",
        ], legend: PlayerCanvasTests.legend).expect(PlayerScreenTests.drawn(&screen, now: 1.2))
    }
}
