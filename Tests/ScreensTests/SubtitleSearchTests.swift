import Controls
import Drawing
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
        screen.update({ var s = status; s.subtitleTracks[0] = track; return s }(), now: 0.5)
        #expect(screen.handle(PlayerScreenTests.char("/"), now: 1) == [.readSubtitleLines(track)])
        #expect(screen.keyMode == .filter)
        return screen
    }

    @Test("/ asks for the shown track's lines, says it reads them, then lists them with the current line highlighted")
    func lists() {
        var screen = Self.opened()
        #expect(TracksAndCardsTests.screenText(&screen, now: 1.1).contains("reading…"))
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
        var text = TracksAndCardsTests.screenText(&screen, now: 2.1)
        #expect(text.contains("/ THE c") && text.contains("1 of 4") && text.contains("This is Chelsea, the cat."))
        _ = screen.handle(PlayerScreenTests.key(.backspace), now: 2.2)
        _ = screen.handle(PlayerScreenTests.key(.backspace), now: 2.3)
        text = TracksAndCardsTests.screenText(&screen, now: 2.4)
        #expect(text.contains("2 of 4"), "'THE' matches two lines")
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
        let text = TracksAndCardsTests.screenText(&screen, now: 2.1)
        #expect(text.contains("/ café CRÈ▏") && text.contains("1 of 4") && text.contains("Un café crème für Jürgen."), "\(text)")
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
        let text = TracksAndCardsTests.screenText(&screen, now: 2.1)
        #expect(text.contains("/ ␛]2;x␇␛[2J▏") && text.contains("0 of 4"), "\(text)")
        #expect(screen.keyMode == .filter)
    }

    @Test("Esc closes without a seek; a failure is said in the panel; no subtitles, or picture ones, get a notice")
    func edges() {
        var screen = Self.opened()
        screen.receiveSubtitleLines(trackID: 1, lines: nil, failure: "FFmpeg could not read the track's lines")
        #expect(TracksAndCardsTests.screenText(&screen, now: 1.2).contains("FFmpeg could not read the track's lines"))
        #expect(screen.handle(PlayerScreenTests.key(.escape), now: 2) == [])
        #expect(screen.keyMode == .commands)
        var none = PlayerScreenTests.screen()
        #expect(none.handle(PlayerScreenTests.char("/"), now: 1) == [])
        #expect(TracksAndCardsTests.screenText(&none, now: 1.1).contains("No subtitle lines: this file has no subtitles"))
        var status = PlayerScreenTests.status()
        status.subtitleTracks = [TrackInfo(id: 1, title: "Blu-ray", codec: "hdmv_pgs_subtitle")]
        status.subtitleTracks[0].isPictureSubtitle = true
        status.subtitleTrack = 1
        var pictures = TracksAndCardsTests.screen(status)
        #expect(pictures.handle(PlayerScreenTests.char("/"), now: 1) == [])
        #expect(TracksAndCardsTests.screenText(&pictures, now: 1.1).contains("Blu-ray is pictures, with no text to search"))
    }
}
