@testable import Commands
import Controls
import Drawing
@testable import ScreenParts
import Terminal
import Testing
@testable import Screens

/// The `?` overlay: every key and every word of its help on screen at any terminal size, in
/// columns, wrapped, or in pages that ↓ and ↑ turn.
@Suite("Help overlay")
struct HelpOverlayTests {
    static let sizes: [(Int, Int)] = [(80, 24), (60, 20), (100, 30), (120, 40), (200, 60), (40, 12)]

    static func text(_ canvas: Canvas, row: Int) -> String {
        (0..<canvas.width).map { canvas.text(of: canvas[$0, row]) }.joined()
    }

    @Test("every screen's keys are laid out whole, help wrapped and never cut, at every size",
          arguments: ScreenKind.allCases)
    func nothingIsCut(screen: ScreenKind) {
        let lines = CommandTable.standard().helpRows(for: screen)
        for (width, height) in Self.sizes {
            let layout = HelpOverlay.Layout(lines, width: width, height: height)
            let entries = Array(layout.pages.joined())
            #expect(entries.count == lines.count, "\(width)x\(height): \(entries.count) of \(lines.count) keys")
            for (entry, line) in zip(entries, lines) {
                #expect(entry.help.joined(separator: " ") == line.help, "\(width)x\(height): \(line.keys)")
                #expect(entry.keys == line.keys, "\(width)x\(height): keys of \(line.help)")
                #expect(entry.help.allSatisfy { Sanitizer.displayWidth(of: $0) <= layout.columnWidth - layout.keyWidth - 2 })
            }
            let panelWidth = layout.columnWidth * layout.columns + HelpOverlay.gap * (layout.columns - 1) + 4
            #expect(panelWidth <= width, "\(width)x\(height): a panel \(panelWidth) wide")
        }
    }

    @Test("at 80x24 the player's keys take pages whose every line is on screen; at 200x60 one page")
    func pagesAt80x24() {
        let lines = CommandTable.standard().helpRows(for: .player)
        let small = HelpOverlay.Layout(lines, width: 80, height: 24)
        #expect(small.pages.count > 1)
        for page in small.pages.indices {
            var canvas = Canvas(width: 80, height: 24)
            #expect(HelpOverlay.draw(lines, title: "Keys", page: page, into: &canvas) == page)
            // Every entry of the table is somewhere on its page: a search, as the pages follow the
            // table, which grows with each new key (the first page as a whole canvas is
            // PlayerCanvasTests.helpPage).
            let screen = (0..<24).map { Self.text(canvas, row: $0) }.joined(separator: "\n")
            #expect(screen.contains("page \(page + 1) of \(small.pages.count)"))
            for entry in small.pages[page] {
                #expect(screen.contains(entry.keys), "page \(page + 1): \(entry.keys)")
                for line in entry.help { #expect(screen.contains(line), "page \(page + 1): \(line)") }
            }
        }
        #expect(HelpOverlay.Layout(lines, width: 200, height: 60).pages.count == 1)
        var large = Canvas(width: 200, height: 60)
        HelpOverlay.draw(lines, title: "Keys", into: &large)
        #expect(!(0..<60).map { Self.text(large, row: $0) }.joined().contains("page "))
    }

    @Test("↓, PgDn and Space turn the help on, ↑ and PgUp back, past the last page it stays there, and it opens on page 1")
    func turning() {
        var screen = PlayerScreenTests.screen(columns: 80, rows: 24)
        screen.setHelpShown(true)
        _ = PlayerScreenTests.drawn(&screen, now: 1)
        let pages = HelpOverlay.Layout(CommandTable.standard().helpRows(for: .player), width: 80, height: 24).pages.count
        // Only which page is shown matters here; what a page holds is pagesAt80x24's.
        func footer() -> String {
            let canvas = PlayerScreenTests.drawn(&screen, now: 1)
            return (0..<24).map { Self.text(canvas, row: $0) }.first { $0.contains("page ") } ?? ""
        }
        #expect(footer().contains("page 1 of \(pages)"))
        for _ in 0..<(pages + 2) { screen.turnHelpPage(by: 1); _ = footer() }
        #expect(footer().contains("page \(pages) of \(pages)"))
        screen.turnHelpPage(by: -1)
        #expect(footer().contains("page \(pages - 1) of \(pages)"))
        screen.setHelpShown(false)
        screen.setHelpShown(true)
        #expect(footer().contains("page 1 of \(pages)"))
    }

    @Test("over the help, ↓ PgDn Space and ↑ PgUp turn its pages; other keys close it", arguments: ScreenKind.allCases)
    func routing(screen: ScreenKind) {
        let table = CommandTable.standard()
        func route(_ key: Key) -> GlobalCommand? { GlobalCommand.route(KeyEvent(key), commands: table, screen: screen, mode: .help) }
        #expect(route(.down) == .turnHelpPage(1))
        #expect(route(.pageDown) == .turnHelpPage(1))
        #expect(route(.character(" ")) == .turnHelpPage(1))
        #expect(route(.up) == .turnHelpPage(-1))
        #expect(route(.pageUp) == .turnHelpPage(-1))
        #expect(route(.character("j")) == .closeHelp)
        #expect(route(.escape) == .closeHelp)
    }
}
