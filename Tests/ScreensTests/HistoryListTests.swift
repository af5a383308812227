import Controls
import Drawing
@testable import ListScreen
@testable import ScreenParts
import Testing
import Terminal
@testable import Screens

/// The list screen as the continue-watching list: rows, forgetting, the empty screen, speech.
@Suite("Continue-watching list")
struct HistoryListTests {
    static func screen(count: Int = 3, screenReader: Bool = false) -> LibraryScreen {
        var configuration = LibraryScreen.Configuration()
        configuration.title = "Continue watching"
        configuration.history = true
        configuration.screenReader = screenReader
        configuration.emptyHelp = ["Play something: reel movie.mkv", "Options and keys: /x/reel.conf"]
        let items = (0..<count).map { index -> LibraryItem in
            var item = LibraryItem(name: "Film \(index)", byteSize: 1000, state: .playable(LibraryScreenTests.video))
            item.history = HistoryLine(progress: 0.25, timeLeft: 90, when: index == 0 ? "just now" : "yesterday")
            return item
        }
        return LibraryScreen(configuration: configuration, items: items, columns: 60, rows: 14, now: 0)
    }

    @Test("each row has its title, a bar of how far in, the time left and when; the bar says resume and forget (d forget is left out at 60 columns)")
    func rows() {
        var screen = Self.screen()
        CanvasExpectation(rows: [
            " Continue watching                                  3 items ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  Film 0                                2:30  ",
            "▌ ▀▀▀▀▀▶▀▀▀▀▀▀  ━━━───────── 1:30 left · just now           ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  320×180 · 1.0 kB                            ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  Film 1                                2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  ━━━───────── 1:30 left · yesterday          ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  320×180 · 1.0 kB                            ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  Film 2                                2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  ━━━───────── 1:30 left · yesterday          ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  320×180 · 1.0 kB                            ",
            "                                                            ",
            "      Enter resume  ·  / filter  ·  ? keys  ·  q quit       ",
        ], looks: [
            "pHHHHHHHHHHHHHHHHHppppppppppppppppppppppppppppppppppDpDDDDDp",
            "a ~~~~~~~~~~~~ sSSSSSSssssssssssssssssssssssssssssssssEEEEss",
            "a ~~~~~~~~~~~~ sqqqEEEEEEEEEsEEEEsEEEEsEsEEEEsEEEsssssssssss",
            "a ~~~~~~~~~~~~ sEEEEEEEsEsEEEsEEssssssssssssssssssssssssssss",
            "                                                            ",
            "  ~~~~~~~~~~~~  TTTTTT                                dddd  ",
            "  ~~~~~~~~~~~~  aaaddddddddd dddd dddd d ddddddddd          ",
            "  ~~~~~~~~~~~~  ddddddd d ddd dd                            ",
            "                                                            ",
            "  ~~~~~~~~~~~~  TTTTTT                                dddd  ",
            "  ~~~~~~~~~~~~  aaaddddddddd dddd dddd d ddddddddd          ",
            "  ~~~~~~~~~~~~  ddddddd d ddd dd                            ",
            "                                                            ",
            "ppppppPPPPPpPPPPPPppDppPpPPPPPPppDppPpPPPPppDppPpPPPPppppppp",
        ], legend: LibraryCanvasTests.legend).expect(LibraryScreenTests.drawn(&screen))
    }

    @Test("d forgets the selected row, u brings it back in its place")
    func forgetAndUndo() {
        var screen = Self.screen()
        _ = screen.handle(LibraryScreenTests.char("j"), now: 0)
        #expect(screen.handle(LibraryScreenTests.char("d"), now: 0) == [.forget(1)])
        screen.setForgotten(item: 1, true, now: 0)
        #expect(screen.shown == [0, 2] && screen.remainingCount == 2)
        #expect(screen.handle(LibraryScreenTests.key(.delete), now: 0) == [.forget(2)])
        #expect(screen.handle(LibraryScreenTests.char("u"), now: 0) == [.undoForget])
        screen.setForgotten(item: 1, false, now: 0)
        #expect(screen.shown == [0, 1, 2] && screen.selectedItem == 1)
    }

    @Test("D asks first: y forgets everything, any other key keeps it")
    func forgetAll() {
        var screen = Self.screen()
        #expect(screen.handle(LibraryScreenTests.char("D"), now: 0).isEmpty)
        #expect(screen.messageText?.contains("Forget all 3 items") == true)
        #expect(screen.handle(LibraryScreenTests.char("n"), now: 0).isEmpty)
        #expect(screen.messageText == "Nothing forgotten")
        _ = screen.handle(LibraryScreenTests.char("D"), now: 0)
        #expect(screen.handle(LibraryScreenTests.char("y"), now: 0) == [.forgetAll])
    }

    @Test("a folder's list ignores d, u and D")
    func folderList() {
        var screen = LibraryScreenTests.screen()
        for key: Character in ["d", "u", "D"] { #expect(screen.handle(LibraryScreenTests.char(key), now: 0).isEmpty) }
        #expect(screen.messageText == nil)
    }

    @Test("with nothing left, the screen says how to start")
    func empty() {
        var screen = Self.screen(count: 0)
        CanvasExpectation(rows: [
            " Continue watching                                  0 items ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                  Nothing to continue yet                   ",
            "               Play something: reel movie.mkv               ",
            "               Options and keys: /x/reel.conf               ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "      Enter resume  ·  / filter  ·  ? keys  ·  q quit       ",
        ], looks: [
            "pHHHHHHHHHHHHHHHHHppppppppppppppppppppppppppppppppppDpDDDDDp",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                  TTTTTTTTTTTTTTTTTTTTTTT                   ",
            "               dddd dddddddddd dddd ddddddddd               ",
            "               ddddddd ddd ddddd dddddddddddd               ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "ppppppPPPPPpPPPPPPppDppPpPPPPPPppDppPpPPPPppDppPpPPPPppppppp",
        ], legend: LibraryCanvasTests.legend).expect(LibraryScreenTests.drawn(&screen))
    }

    @Test("a greyed row says why on its third line")
    func greyed() {
        var screen = Self.screen(count: 1)
        screen.items[0].greyedReason = "changed since you watched it"
        let canvas = LibraryScreenTests.drawn(&screen)
        CanvasExpectation(text: [
            " Continue watching                                   1 item ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  Film 0                                2:30  ",
            "▌ ▀▀▀▀▀▶▀▀▀▀▀▀  ━━━───────── 1:30 left · just now           ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  changed since you watched it                ",
        ] + Array(repeating: "                                                            ", count: 9) + [
            "      Enter resume  ·  / filter  ·  ? keys  ·  q quit       ",
        ]).expect(canvas)
        #expect(canvas[16, 1].fg == Theme.unplayable)
    }

    @Test("the screen reader hears each row as the selection moves")
    func spoken() {
        var screen = Self.screen(screenReader: true)
        _ = screen.handle(LibraryScreenTests.char("j"), now: 0)
        #expect(screen.spokenLines.last == "Film 1, 25 percent, 1 minute 30 seconds left, yesterday, 2 of 3")
        CanvasExpectation(text: [
            " Film 1, 25 percent, 1 minute 30 seconds left, yesterday,…  ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  Film 0                                2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  ━━━───────── 1:30 left · just now           ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  320×180 · 1.0 kB                            ",
            "                                                            ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  Film 1                                2:30  ",
            "▌ ▀▀▀▀▀▶▀▀▀▀▀▀  ━━━───────── 1:30 left · yesterday          ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  320×180 · 1.0 kB                            ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  Film 2                                2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  ━━━───────── 1:30 left · yesterday          ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  320×180 · 1.0 kB                            ",
            "                                                            ",
            "      Enter resume  ·  / filter  ·  ? keys  ·  q quit       ",
        ]).expect(LibraryScreenTests.drawn(&screen))
    }
}
