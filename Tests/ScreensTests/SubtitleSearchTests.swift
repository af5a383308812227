import Controls
import Drawing
import Media
import Terminal
import Testing
@testable import Screens
@testable import TextSearch

/// The jump to a subtitle line on the player screen: the lines, the filter, Enter and Esc.
@Suite("Jump to a subtitle line")
struct SubtitleSearchTests {
    static let lines = [SubtitleLine(start: 1, text: "The first line."), SubtitleLine(start: 7, text: "This is Chelsea, the cat."),
                        SubtitleLine(start: 13, text: "Un café crème für Jürgen."), SubtitleLine(start: 19, text: "Three, two, one...")]

    static func opened(position: Double = 14, delay: Double = 0) -> PlayerScreen {
        var status = TracksAndCardsTests.film()
        status.position = position
        status.subtitleDelay = delay
        var screen = TracksAndCardsTests.screen(status)
        var track = status.subtitleTracks[0]
        track.streamIndex = 3
        screen.update({ var s = status; s.tracks[2] = track; return s }(), now: 0.5)
        #expect(screen.handle(PlayerScreenTests.char("/"), now: 1) == [.readSubtitleLines(track)])
        #expect(screen.keyMode == .filter)
        return screen
    }

    @Test("/ asks for the shown track's lines, says it reads them, then lists them with the current line highlighted")
    func lists() {
        var screen = Self.opened()
        CanvasExpectation(text: [
            "                                                                                ",
            "  ╭──────────────────────────────────────────────────────────────────────────╮  ",
            "  │ Subtitle lines · type to filter, Enter goes there               reading… │  ",
            "  │ / ▏                                                                      │  ",
        ] + Array(repeating: "  │                                                                          │  ", count: 18) + [
            "  ╰──────────────────────────────────────────────────────────────────────────╯  ",
            "  0:14                               Coffee                               2:00  ",
        ]).expect(PlayerScreenTests.drawn(&screen, now: 1.1))
        screen.receiveSubtitleLines(trackID: 1, lines: Self.lines, failure: nil)
        // The list as drawn: PlayerCardsCanvasTests.subtitleSearch.
        // At 14 s the line showing is the one from 13 s: Enter goes to its start.
        #expect(screen.handle(PlayerScreenTests.key(.enter), now: 2) == [.seek(.to(13, exact: true))])
        #expect(screen.keyMode == .commands)
    }

    @Test("typing filters by every word in any case; Backspace widens it; ↑ ↓ move; Enter seeks with the subtitle delay")
    func filters() {
        var screen = Self.opened(delay: 0.5)
        screen.receiveSubtitleLines(trackID: 1, lines: Self.lines, failure: nil)
        for character in "THE c" { _ = screen.handle(PlayerScreenTests.char(character), now: 2) }
        CanvasExpectation(text: [
            "                                                                                ",
            "  ╭──────────────────────────────────────────────────────────────────────────╮  ",
            "  │ Subtitle lines · type to filter, Enter goes there                 1 of 4 │  ",
            "  │ / THE c▏                                                                 │  ",
            "  │                                                                          │  ",
            "  │ 0:07  This is Chelsea, the cat.                                          │  ",
        ] + Array(repeating: "  │                                                                          │  ", count: 16) + [
            "  ╰──────────────────────────────────────────────────────────────────────────╯  ",
            "  0:14                               Coffee                               2:00  ",
        ]).expect(PlayerScreenTests.drawn(&screen, now: 2.1))
        _ = screen.handle(PlayerScreenTests.key(.backspace), now: 2.2)
        _ = screen.handle(PlayerScreenTests.key(.backspace), now: 2.3)
        // 'THE' matches two lines.
        CanvasExpectation(text: [
            "                                                                                ",
            "  ╭──────────────────────────────────────────────────────────────────────────╮  ",
            "  │ Subtitle lines · type to filter, Enter goes there                 2 of 4 │  ",
            "  │ / THE▏                                                                   │  ",
            "  │                                                                          │  ",
            "  │ 0:01  The first line.                                                    │  ",
            "  │ 0:07  This is Chelsea, the cat.                                          │  ",
        ] + Array(repeating: "  │                                                                          │  ", count: 15) + [
            "  ╰──────────────────────────────────────────────────────────────────────────╯  ",
            "  0:14                               Coffee                               2:00  ",
        ]).expect(PlayerScreenTests.drawn(&screen, now: 2.4))
        _ = screen.handle(PlayerScreenTests.key(.down), now: 2.5)
        #expect(screen.handle(PlayerScreenTests.key(.enter), now: 3) == [.seek(.to(7.5, exact: true))])
    }

    @Test("a bracketed paste, decoded from the terminal's bytes, joins the query on one line and the matches follow")
    func paste() {
        var screen = Self.opened()
        screen.receiveSubtitleLines(trackID: 1, lines: Self.lines, failure: nil)
        var decoder = InputDecoder()
        let events = decoder.feed(Array("\u{1B}[200~café CRÈ\r\n\u{1B}[201~".utf8), now: 2)
        #expect(events == [.paste("café CRÈ\r\n")])
        for event in events { _ = screen.handle(event, now: 2) }
        CanvasExpectation(text: [
            "                                                                                ",
            "  ╭──────────────────────────────────────────────────────────────────────────╮  ",
            "  │ Subtitle lines · type to filter, Enter goes there                 1 of 4 │  ",
            "  │ / café CRÈ▏                                                              │  ",
            "  │                                                                          │  ",
            "  │ 0:13  Un café crème für Jürgen.                                          │  ",
        ] + Array(repeating: "  │                                                                          │  ", count: 16) + [
            "  ╰──────────────────────────────────────────────────────────────────────────╯  ",
            "  0:14                               Coffee                               2:00  ",
        ]).expect(PlayerScreenTests.drawn(&screen, now: 2.1))
        #expect(screen.handle(PlayerScreenTests.key(.enter), now: 3) == [.seek(.to(13, exact: true))])
    }

    @Test("a pasted escape sequence stays text in the query, drawn as stand-ins, and runs nothing")
    func inertPaste() {
        var screen = Self.opened()
        screen.receiveSubtitleLines(trackID: 1, lines: Self.lines, failure: nil)
        var decoder = InputDecoder()
        for event in decoder.feed(Array("\u{1B}[200~\u{1B}]2;x\u{7}\u{1B}[2J\u{1B}[201~".utf8), now: 2) {
            #expect(screen.handle(event, now: 2) == [])
        }
        CanvasExpectation(text: [
            "                                                                                ",
            "  ╭──────────────────────────────────────────────────────────────────────────╮  ",
            "  │ Subtitle lines · type to filter, Enter goes there                 0 of 4 │  ",
            "  │ / ␛]2;x␇␛[2J▏                                                            │  ",
        ] + Array(repeating: "  │                                                                          │  ", count: 18) + [
            "  ╰──────────────────────────────────────────────────────────────────────────╯  ",
            "  0:14                               Coffee                               2:00  ",
        ]).expect(PlayerScreenTests.drawn(&screen, now: 2.1))
        #expect(screen.keyMode == .filter)
    }

    @Test("Esc closes without a seek; a failure is said in the panel; no subtitles, or picture ones, get a notice")
    func edges() {
        var screen = Self.opened()
        screen.receiveSubtitleLines(trackID: 1, lines: nil, failure: "FFmpeg could not read the track's lines")
        CanvasExpectation(text: [
            "                                                                                ",
            "  ╭──────────────────────────────────────────────────────────────────────────╮  ",
            "  │ Subtitle lines · type to filter, Enter goes there                        │  ",
            "  │ / ▏                                                                      │  ",
            "  │                                                                          │  ",
            "  │ FFmpeg could not read the track's lines                                  │  ",
        ] + Array(repeating: "  │                                                                          │  ", count: 16) + [
            "  ╰──────────────────────────────────────────────────────────────────────────╯  ",
            "  0:14                               Coffee                               2:00  ",
        ]).expect(PlayerScreenTests.drawn(&screen, now: 1.2))
        #expect(screen.handle(PlayerScreenTests.key(.escape), now: 2) == [])
        #expect(screen.keyMode == .commands)
        var none = PlayerScreenTests.screen()
        #expect(none.handle(PlayerScreenTests.char("/"), now: 1) == [])
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
            "                                                                                ",
            "                                                                                ",
            "                 No subtitle lines: this file has no subtitles                  ",
        ] + CanvasExpectation.blank(80, 7) + [
            "                       ↺ 10            ❚❚             10 ↻                      ",
        ] + CanvasExpectation.blank(80, 10) + [
            "  0:30                                                                    2:00  ",
        ]).expect(PlayerScreenTests.drawn(&none, now: 1.1))
        var status = PlayerScreenTests.status()
        status.tracks = [Track(id: 1, kind: .video, isSelected: true),
                         Track(id: 1, kind: .subtitles, title: "Blu-ray", codec: "hdmv_pgs_subtitle")]
        status.subtitleTrack = 1
        var pictures = TracksAndCardsTests.screen(status)
        #expect(pictures.handle(PlayerScreenTests.char("/"), now: 1) == [])
        CanvasExpectation(text: [
            "                                                                                ",
            "  A Title                                                                       ",
            "                                                                                ",
            "                                                                                ",
            "                  Blu-ray is pictures, with no text to search                   ",
        ] + CanvasExpectation.blank(80, 7) + [
            "                       ↺ 10            ❚❚             10 ↻                      ",
        ] + CanvasExpectation.blank(80, 10) + [
            "  0:30                                                                    2:00  ",
        ]).expect(PlayerScreenTests.drawn(&pictures, now: 1.1))
    }
}
