import Controls
import Drawing
@testable import ListScreen
import Terminal
import Testing
@testable import Screens

/// The library while the folders are still being read: batches merged in, the header, Esc.
@Suite("LibraryScreen while scanning")
struct LibraryScreenScanTests {
    static func item(_ name: String) -> LibraryItem { LibraryItem(name: name, byteSize: 1) }

    @Test("a batch lands at its places; the selection stays on its item, or at the top when untouched")
    func insert() {
        var screen = LibraryScreenTests.screen(count: 4)  // ep1…ep4
        screen.insert([Self.item("a"), Self.item("ep3b")], at: [0, 4], now: 1)
        #expect(screen.items.map(\.name) == ["a", "ep1.mp4", "ep2.mp4", "ep3.mp4", "ep3b", "ep4.mp4"])
        #expect(screen.selectedItem == 0, "an untouched list stays at the top")
        _ = screen.handle(LibraryScreenTests.char("j"), now: 2)
        #expect(screen.items[screen.selectedItem ?? -1].name == "ep1.mp4")
        screen.insert([Self.item("0"), Self.item("00")], at: [0, 1], now: 3)
        #expect(screen.items[screen.selectedItem ?? -1].name == "ep1.mp4", "the selection follows its item")
        #expect(screen.shown == Array(0..<8))
    }

    @Test("a batch merged under a filter shows only what matches")
    func insertFiltered() {
        var screen = LibraryScreenTests.screen(count: 4)
        _ = screen.handle(LibraryScreenTests.char("/"), now: 1)
        for character in "ep2" { _ = screen.handle(LibraryScreenTests.char(character), now: 1) }
        screen.insert([Self.item("a"), Self.item("ep20")], at: [0, 3], now: 2)
        #expect(screen.shown.map { screen.items[$0].name } == ["ep2.mp4", "ep20"])
    }

    @Test("the header says it is scanning; Esc, or its hint, stops the scan; a filter is cleared first")
    func escStops() {
        var screen = LibraryScreenTests.screen(count: 3)
        screen.setScan(isScanning: true, skippedNote: "1 entry skipped: proc/ (a proc file system)", probesAll: true, now: 0)
        // What it draws meanwhile: LibraryCanvasTests.scanning.
        #expect(screen.handle(LibraryScreenTests.key(.escape), now: 1) == [.stopScan])
        _ = screen.handle(LibraryScreenTests.char("/"), now: 1)
        _ = screen.handle(LibraryScreenTests.char("x"), now: 1)
        _ = screen.handle(LibraryScreenTests.key(.enter), now: 1)
        #expect(screen.handle(LibraryScreenTests.key(.escape), now: 2) == [], "Esc clears the filter first")
        #expect(screen.filter.isEmpty)
        screen.setScan(isScanning: false, skippedNote: nil, now: 3)
        #expect(screen.handle(LibraryScreenTests.key(.escape), now: 4) == [])
        CanvasExpectation(text: [
            " Clips                                              3 files ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀  ep1.mp4                               2:30  ",
            "▌ ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "▌ ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep2.mp4                               2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀  ep3.mp4                               2:30  ",
            "  ▀▀▀▀▀▶▀▀▀▀▀▀  320×180 · 1.2 MB                            ",
            "  ▀▀▀▀▀▀▀▀▀▀▀▀                                              ",
            "                                                            ",
            " Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit ",
        ]).expect(LibraryScreenTests.drawn(&screen))
    }

    @Test("an empty list still being filled says it is looking; a huge one does not count its probes")
    func lookingAndProgress() {
        var empty = LibraryScreen(configuration: .init(), items: [], columns: 60, rows: 14, now: 0)
        empty.setScan(isScanning: true, skippedNote: nil, now: 0)
        // It says it is looking: LibraryCanvasTests.looking.
        empty.setScan(isScanning: false, skippedNote: nil, now: 1)
        CanvasExpectation(text: [
            " reel                                               0 files ",
        ] + Array(repeating: "                                                            ", count: 5) + [
            "                       No videos here                       ",
            "                 The folders hold no files.                 ",
        ] + Array(repeating: "                                                            ", count: 5) + [
            " Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit ",
        ]).expect(LibraryScreenTests.drawn(&empty))
        var pending = LibraryScreen(configuration: .init(), items: [Self.item("a"), Self.item("b")], columns: 60, rows: 14, now: 0)
        CanvasExpectation(text: [
            " reel                                 2 files · reading 0/2 ",
            "▌               a                                        …  ",
            "▌     ···       1 B                                         ",
            "▌                                                           ",
            "                                                            ",
            "                b                                        …  ",
            "      ···       1 B                                         ",
        ] + Array(repeating: "                                                            ", count: 6) + [
            " Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit ",
        ]).expect(LibraryScreenTests.drawn(&pending))
        pending.setScan(isScanning: false, skippedNote: nil, probesAll: false, now: 1)
        CanvasExpectation(text: [
            " reel                                               2 files ",
            "▌               a                                        …  ",
            "▌     ···       1 B                                         ",
            "▌                                                           ",
            "                                                            ",
            "                b                                        …  ",
            "      ···       1 B                                         ",
        ] + Array(repeating: "                                                            ", count: 6) + [
            " Enter play  ·  p poster  ·  / filter  ·  ? keys  ·  q quit ",
        ]).expect(LibraryScreenTests.drawn(&pending))
    }
}
