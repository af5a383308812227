import Controls
import Drawing
@testable import ScreenParts
import Terminal
import Testing
@testable import Screens

@Suite("Subtitles on the player screen")
struct SubtitleTests {
    @Test("ASS events are placed by their tags, and no styling reaches the text", arguments: [
        ("{\\an8}OUVERTURE", SubtitleLines(top: ["OUVERTURE"])),
        ("La première ligne.\n{\\an8}OUVERTURE", SubtitleLines(top: ["OUVERTURE"], bottom: ["La première ligne."])),
        ("{\\pos(480,60)}LE CHAT\n{\\i1}Voici Chelsea{\\i0}, la chatte.", SubtitleLines(top: ["LE CHAT"], bottom: ["Voici Chelsea, la chatte."])),
        ("{\\pos(320,300)}en bas", SubtitleLines(bottom: ["en bas"])),
        ("Deux lignes :\\Nla seconde est ici.", SubtitleLines(bottom: ["Deux lignes :", "la seconde est ici."])),
        ("{\\b1}toujours{\\b0}\\h!", SubtitleLines(bottom: ["toujours !"])),
        ("{\\p1}m 0 0 l 100 0 100 100{\\p0}texte", SubtitleLines(bottom: ["texte"])),
        ("{\\a6}legacy top", SubtitleLines(top: ["legacy top"])),
        ("{\\fad(200,200)\\c&H00FFFF&}plain", SubtitleLines(bottom: ["plain"])),
        ("{unclosed tag", SubtitleLines(bottom: ["{unclosed tag"])),
    ])
    func parsing(ass: String, expected: SubtitleLines) {
        #expect(SubtitleLines(text: nil, ass: ass, referenceHeight: 360) == expected)
    }

    @Test("without ASS the plain text goes at the bottom, line by line")
    func plain() {
        #expect(SubtitleLines(text: "one\ntwo\n", ass: nil) == SubtitleLines(bottom: ["one", "two"]))
        #expect(SubtitleLines(text: "", ass: "").isEmpty)
        #expect(SubtitleLines.plainText(text: nil, ass: "{\\an8}SIGN\nline") == "SIGN line")
    }

    static func screen(columns: Int = 80, rows: Int = 24, _ configure: (inout PlayerScreen.Configuration) -> Void = { _ in }) -> PlayerScreen {
        var configuration = PlayerScreen.Configuration()
        configuration.fileName = "film.mkv"
        configuration.chrome.hideDelay = 3
        configure(&configuration)
        var screen = PlayerScreen(configuration: configuration, columns: columns, rows: rows, now: 0)
        screen.update(PlayerScreenTests.status(), now: 0)
        return screen
    }

    /// The rows that hold `text`, searched over the whole canvas: for where a subtitle sits as the
    /// controls come and go, with a video under it that makes the rest of the screen noise.
    static func rowsContaining(_ text: String, in canvas: Canvas) -> [Int] {
        (0..<canvas.height).filter { PlayerScreenTests.text(canvas, row: $0).contains(text) }
    }

    @Test("long lines wrap to about 80 % of the width, and wide characters are measured right")
    func wrapping() {
        var screen = Self.screen(columns: 40, rows: 20)
        var status = PlayerScreenTests.status()
        status.subtitleText = "This long line is here to test wrapping: it goes on until a narrow terminal must break it."
        screen.update(status, now: 0)
        let canvas = PlayerScreenTests.drawn(&screen, now: 10)
        let rows = Self.rowsContaining("", in: canvas).filter { row in
            (0..<40).contains { canvas[$0, row].bg == Theme.captionBackground }
        }
        #expect(rows.count >= 3)
        for row in rows {
            let width = (0..<40).filter { canvas[$0, row].bg == Theme.captionBackground }.count
            #expect(width <= 34, "row \(row) is \(width) wide")
        }
        var wide = Self.screen(columns: 40, rows: 20)
        status.subtitleText = "Next stop: 東京."
        wide.update(status, now: 0)
        CanvasExpectation(text: Array(repeating: "                                        ", count: 18) + [
            "            Next stop: 東京.            ",
            "                                        ",
        ]).expect(PlayerScreenTests.drawn(&wide, now: 10))
    }

    @Test("hidden subtitles (v) draw nothing; a second track goes above the first")
    func visibilityAndSecondary() {
        var screen = Self.screen()
        var status = PlayerScreenTests.status()
        status.subtitleText = "primary"
        status.secondarySubtitleText = "secondaire"
        screen.update(status, now: 0)
        var canvas = PlayerScreenTests.drawn(&screen, now: 10)
        let primary = Self.rowsContaining("primary", in: canvas), secondary = Self.rowsContaining("secondaire", in: canvas)
        #expect(secondary.count == 1 && primary.count == 1 && secondary[0] < primary[0])
        status.subtitlesVisible = false
        screen.update(status, now: 10)
        canvas = PlayerScreenTests.drawn(&screen, now: 10.1)
        #expect(Self.rowsContaining("primary", in: canvas).isEmpty)
    }

    @Test("subtitle text is sanitised: escape codes draw as visible stand-ins")
    func inert() {
        var screen = Self.screen()
        var status = PlayerScreenTests.status()
        status.subtitleText = "evil\u{1B}]0;pwned\u{07}\u{1B}[2J line"
        screen.update(status, now: 0)
        let canvas = PlayerScreenTests.drawn(&screen, now: 10)
        let row = PlayerScreenTests.text(canvas, row: 22)
        CanvasExpectation(text: Array(repeating: "                                                                                ", count: 22) + [
            "                            evil␛]0;pwned␇␛[2J line                             ",
            "                                                                                ",
        ]).expect(canvas)
        #expect(!row.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("the screen reader hears each new line once")
    func screenReader() {
        var screen = Self.screen { $0.screenReader = true }
        var status = PlayerScreenTests.status()
        status.subtitleText = "The first line."
        screen.update(status, now: 1)
        #expect(screen.statusLine == "The first line.")
        status.position = 31
        screen.update(status, now: 1.5)
        #expect(screen.spokenLines.filter { $0 == "The first line." }.count == 1)
    }
}
