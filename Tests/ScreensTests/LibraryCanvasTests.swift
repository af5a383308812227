import Controls
import Drawing
@testable import ListScreen
@testable import ScreenParts
import Terminal
import Testing
@testable import Screens

/// The library screen's main states, each held whole against the canvas at 60 × 16, text and
/// looks, cell by cell.
@Suite("Library screen, whole canvas")
struct LibraryCanvasTests {
    static let red = RGB(200, 0, 0)

    static let legend: [Character: Look] = [
        " ": .blank(Theme.background),
        "T": .text(Theme.text, on: Theme.background, .bold),
        "d": .text(Theme.dimText, on: Theme.background),
        "a": .text(Theme.accent, on: Theme.background),
        "s": .blank(Theme.selection),
        "S": .text(Theme.text, on: Theme.selection, .bold),
        "E": .text(Theme.dimText, on: Theme.selection),
        "p": .blank(Theme.panel),
        "H": .text(Theme.text, on: Theme.panel, .bold),
        "P": .text(Theme.text, on: Theme.panel),
        "D": .text(Theme.dimText, on: Theme.panel),
        "A": .text(Theme.accent, on: Theme.panel),
        "u": .text(Theme.unplayable, on: Theme.background),
        "U": .text(Theme.unplayable, on: Theme.selection),
        "h": .blank(Theme.placeholder),
        "x": .text(Theme.unplayable, on: Theme.placeholder),
        "r": .text(red, on: red),
        "q": .text(Theme.accent, on: Theme.selection),
        "~": .any,
    ]

    /// "Clips" with `count` files ep1.mp4… (2:30, 320×180, 1.2 MB), each with a plain red
    /// thumbnail, at 60 × 16.
    static func screen(count: Int = 5) -> LibraryScreen {
        var screen = LibraryScreenTests.screen(count: count, columns: 60, rows: 16)
        for index in 0..<count {
            screen.update(item: index, state: .playable(LibraryScreenTests.video), thumbnail: PixelBuffer(width: 12, height: 6, fill: red),
                          now: 0)
        }
        return screen
    }

    @Test("the list: the header names the folder and counts its files, each item shows its thumbnail, title, length, size and resolution, the selection is marked and the bar lists the keys")
    func list() {
        var screen = Self.screen()
        let canvas = LibraryScreenTests.drawn(&screen, now: 0)
        CanvasExpectation(rows: [
            " Clips                                              5 files ",
            "▌               ep1.mp4                               2:30  ",
            "▌               320×180 · 1.2 MB                            ",
            "▌                                                           ",
            "                                                            ",
            "                ep2.mp4                               2:30  ",
            "                320×180 · 1.2 MB                            ",
            "                                                            ",
            "                                                            ",
            "                ep3.mp4                               2:30  ",
            "                320×180 · 1.2 MB                            ",
            "                                                            ",
            "                                                            ",
            "                ep4.mp4                               2:30  ",
            "                320×180 · 1.2 MB                            ",
            " Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit ",
        ], looks: [
            "pHHHHHppppppppppppppppppppppppppppppppppppppppppppppDpDDDDDp",
            "a rrrrrrrrrrrr sSSSSSSSsssssssssssssssssssssssssssssssEEEEss",
            "a rrrrrrrrrrrr sEEEEEEEsEsEEEsEEssssssssssssssssssssssssssss",
            "a rrrrrrrrrrrr sssssssssssssssssssssssssssssssssssssssssssss",
            "                                                            ",
            "  rrrrrrrrrrrr  TTTTTTT                               dddd  ",
            "  rrrrrrrrrrrr  ddddddd d ddd dd                            ",
            "  rrrrrrrrrrrr                                              ",
            "                                                            ",
            "  rrrrrrrrrrrr  TTTTTTT                               dddd  ",
            "  rrrrrrrrrrrr  ddddddd d ddd dd                            ",
            "  rrrrrrrrrrrr                                              ",
            "                                                            ",
            "  rrrrrrrrrrrr  TTTTTTT                               dddd  ",
            "  rrrrrrrrrrrr  ddddddd d ddd dd                            ",
            "pPPPPPpPPPPppDppPpPPPPPPppDppPpPPPPPPppDppPpPPPPppDppPpPPPPp",
        ], legend: Self.legend).expect(canvas)
    }

    @Test("a notch of the wheel down selects the next item and hides the bar: the list takes its row")
    func barHidden() {
        var screen = Self.screen()
        _ = screen.handle(LibraryScreenTests.mouse(.wheelDown, row: 5), now: 0)
        let canvas = LibraryScreenTests.drawn(&screen, now: 1)
        CanvasExpectation(rows: [
            " Clips                                              5 files ",
            "▌               ep2.mp4                               2:30  ",
            "▌               320×180 · 1.2 MB                            ",
            "▌                                                           ",
            "                                                            ",
            "                ep3.mp4                               2:30  ",
            "                320×180 · 1.2 MB                            ",
            "                                                            ",
            "                                                            ",
            "                ep4.mp4                               2:30  ",
            "                320×180 · 1.2 MB                            ",
            "                                                            ",
            "                                                            ",
            "                ep5.mp4                               2:30  ",
            "                320×180 · 1.2 MB                            ",
            "                                                            ",
        ], looks: [
            "pHHHHHppppppppppppppppppppppppppppppppppppppppppppppDpDDDDDp",
            "a rrrrrrrrrrrr sSSSSSSSsssssssssssssssssssssssssssssssEEEEss",
            "a rrrrrrrrrrrr sEEEEEEEsEsEEEsEEssssssssssssssssssssssssssss",
            "a rrrrrrrrrrrr sssssssssssssssssssssssssssssssssssssssssssss",
            "                                                            ",
            "  rrrrrrrrrrrr  TTTTTTT                               dddd  ",
            "  rrrrrrrrrrrr  ddddddd d ddd dd                            ",
            "  rrrrrrrrrrrr                                              ",
            "                                                            ",
            "  rrrrrrrrrrrr  TTTTTTT                               dddd  ",
            "  rrrrrrrrrrrr  ddddddd d ddd dd                            ",
            "  rrrrrrrrrrrr                                              ",
            "                                                            ",
            "  rrrrrrrrrrrr  TTTTTTT                               dddd  ",
            "  rrrrrrrrrrrr  ddddddd d ddd dd                            ",
            "  rrrrrrrrrrrr                                              ",
        ], legend: Self.legend).expect(canvas)
    }

    @Test("an empty folder says so in the middle, between the header and the bar")
    func emptyFolder() {
        var screen = Self.screen(count: 0)
        let canvas = LibraryScreenTests.drawn(&screen, now: 0)
        CanvasExpectation(rows: [
            " Clips                                              0 files ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                       No videos here                       ",
            "                 The folders hold no files.                 ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            " Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit ",
        ], looks: [
            "pHHHHHppppppppppppppppppppppppppppppppppppppppppppppDpDDDDDp",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                       TTTTTTTTTTTTTT                       ",
            "                 ddd ddddddd dddd dd dddddd                 ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "pPPPPPpPPPPppDppPpPPPPPPppDppPpPPPPPPppDppPpPPPPppDppPpPPPPp",
        ], legend: Self.legend).expect(canvas)
    }

    @Test("files that cannot be played are listed greyed with mpv's reason on a ✕, and the header says none can")
    func unplayable() {
        var screen = Self.screen()
        for index in 0..<5 {
            screen.update(item: index, state: .unplayable(reason: "Failed to recognize file format."), thumbnail: nil, now: 0)
        }
        let canvas = LibraryScreenTests.drawn(&screen, now: 0)
        CanvasExpectation(rows: [
            " Clips                               5 files · 5 unplayable ",
            " No videos here: none of these files can be played.         ",
            "▌               ep1.mp4                                     ",
            "▌      ✕        Failed to recognize file format.            ",
            "▌               1.2 MB                                      ",
            "                                                            ",
            "                ep2.mp4                                     ",
            "       ✕        Failed to recognize file format.            ",
            "                1.2 MB                                      ",
            "                                                            ",
            "                ep3.mp4                                     ",
            "       ✕        Failed to recognize file format.            ",
            "                1.2 MB                                      ",
            "                                                            ",
            "                ep4.mp4                                     ",
            " Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit ",
        ], looks: [
            "pHHHHHpppppppppppppppppppppppppppppppDpDDDDDpDpDpDDDDDDDDDDp",
            " aa aaaaaa aaaaa aaaa aa aaaaa aaaaa aaa aa aaaaaaa         ",
            "a hhhhhhhhhhhh sUUUUUUUsssssssssssssssssssssssssssssssssssss",
            "a hhhhhxhhhhhh sUUUUUUsUUsUUUUUUUUUsUUUUsUUUUUUUssssssssssss",
            "a hhhhhhhhhhhh sUUUsUUssssssssssssssssssssssssssssssssssssss",
            "                                                            ",
            "  hhhhhhhhhhhh  uuuuuuu                                     ",
            "  hhhhhxhhhhhh  uuuuuu uu uuuuuuuuu uuuu uuuuuuu            ",
            "  hhhhhhhhhhhh  uuu uu                                      ",
            "                                                            ",
            "  hhhhhhhhhhhh  uuuuuuu                                     ",
            "  hhhhhxhhhhhh  uuuuuu uu uuuuuuuuu uuuu uuuuuuu            ",
            "  hhhhhhhhhhhh  uuu uu                                      ",
            "                                                            ",
            "  hhhhhhhhhhhh  uuuuuuu                                     ",
            "pPPPPPpPPPPppDppPpPPPPPPppDppPpPPPPPPppDppPpPPPPppDppPpPPPPp",
        ], legend: Self.legend).expect(canvas)
    }

    @Test("a filter that matches nothing says so in the middle, the header counts the matches, and the bar is the filter's line")
    func filterMatchesNothing() {
        var screen = Self.screen()
        _ = screen.handle(LibraryScreenTests.char("/"), now: 0)
        for character in "zzz" { _ = screen.handle(LibraryScreenTests.char(character), now: 0) }
        let canvas = LibraryScreenTests.drawn(&screen, now: 0)
        CanvasExpectation(blank: 60, 16, legend: Self.legend)
            .with(row: 0, " Clips                                         0 of 5 match ",
                   looks: "pHHHHHpppppppppppppppppppppppppppppppppppppppppDpDDpDpDDDDDp")
            .with(row: 7, "                    No names match “zzz”                    ",
                   looks: "                    TTTTTTTTTTTTTTTTTTTT                    ")
            .with(row: 8, "         Backspace edits the filter; Esc clears it          ",
                   looks: "         dddddddddddddddddddddddddddddddddddddddddd         ")
            .with(row: 15, " /zzz▏                               Enter keep · Esc clear ",
                    looks: "pHHHHApppppppppppppppppppppppppppppppDDDDDDDDDDDDDDDDDDDDDDp")
            .expect(canvas)
    }

    @Test("while the folders are read, the header says it is scanning, what was skipped shows under it, and the bar offers Esc to stop")
    func scanning() {
        var screen = Self.screen(count: 3)
        screen.setScan(isScanning: true, skippedNote: "1 entry skipped: proc/ (a proc file system)", probesAll: true, now: 0)
        CanvasExpectation(rows: [
            " Clips                                  3 files · scanning… ",
            " 1 entry skipped: proc/ (a proc file system)                ",
            "▌               ep1.mp4                               2:30  ",
            "▌               320×180 · 1.2 MB                            ",
            "▌                                                           ",
            "                                                            ",
            "                ep2.mp4                               2:30  ",
            "                320×180 · 1.2 MB                            ",
            "                                                            ",
            "                                                            ",
            "                ep3.mp4                               2:30  ",
            "                320×180 · 1.2 MB                            ",
            "                                                            ",
            "                                                            ",
            "                                                            ",
            "    Enter play  ·  / filter  ·  Esc stop scan  ·  q quit    ",
        ], looks: [
            "pHHHHHppppppppppppppppppppppppppppppppppDpDDDDDpDpDDDDDDDDDp",
            " d ddddd dddddddd ddddd dd dddd dddd ddddddd                ",
            "a rrrrrrrrrrrr sSSSSSSSsssssssssssssssssssssssssssssssEEEEss",
            "a rrrrrrrrrrrr sEEEEEEEsEsEEEsEEssssssssssssssssssssssssssss",
            "a rrrrrrrrrrrr sssssssssssssssssssssssssssssssssssssssssssss",
            "                                                            ",
            "  rrrrrrrrrrrr  TTTTTTT                               dddd  ",
            "  rrrrrrrrrrrr  ddddddd d ddd dd                            ",
            "  rrrrrrrrrrrr                                              ",
            "                                                            ",
            "  rrrrrrrrrrrr  TTTTTTT                               dddd  ",
            "  rrrrrrrrrrrr  ddddddd d ddd dd                            ",
            "  rrrrrrrrrrrr                                              ",
            "                                                            ",
            "                                                            ",
            "ppppPPPPPpPPPPppDppPpPPPPPPppDppPPPpPPPPpPPPPppDppPpPPPPpppp",
        ], legend: Self.legend).expect(LibraryScreenTests.drawn(&screen))
    }

    @Test("an empty list still being filled says it is looking")
    func looking() {
        var screen = LibraryScreen(configuration: .init(), items: [], columns: 60, rows: 16, now: 0)
        screen.setScan(isScanning: true, skippedNote: nil, now: 0)
        CanvasExpectation(blank: 60, 16, legend: Self.legend)
            .with(row: 0, " reel                                   0 files · scanning… ",
                   looks: "pHHHHpppppppppppppppppppppppppppppppppppDpDDDDDpDpDDDDDDDDDp")
            .with(row: 7, "                    Looking for videos…                     ",
                   looks: "                    TTTTTTTTTTTTTTTTTTT                     ")
            .with(row: 15, "    Enter play  ·  / filter  ·  Esc stop scan  ·  q quit    ",
                    looks: "ppppPPPPPpPPPPppDppPpPPPPPPppDppPPPpPPPPpPPPPppDppPpPPPPpppp")
            .expect(LibraryScreenTests.drawn(&screen))
    }
}
