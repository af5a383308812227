import Foundation
import Testing

/// reel in foot, the Wayland terminal, in a headless sway, read as a person reads it:
/// screenshots (grim) through tesseract, keys on a virtual keyboard (wtype).
///
/// foot says `foot(1.13.1)` to XTVERSION and lists sixel in DA1 (`CSI ? 62;4;22 c`), with 1024
/// colour registers and no kitty graphics: `auto` draws sixel, and the controls are written after
/// each picture, as in mlterm. Skipped where sway, foot, grim, wtype or tesseract are missing;
/// `scripts/setup` installs them.
@Suite("foot end to end", .serialized, .enabled(if: WaylandTerminal.available && ScreenText.available))
struct FootEndToEndTests {
    @Test("auto draws sixel in foot: the title, a skip button's 10 and the time read over the picture, playing and paused")
    func controlsRead() throws {
        let terminal = try WaylandTerminal([Paths.reel] + MltermEndToEndTests.arguments("auto"), columns: 100, rows: 30)
        try terminal.expectControlsRead(title: MltermEndToEndTests.title) {
            // A key on a new virtual keyboard can be lost (see WaylandTerminal.press): Space is
            // pressed again only when reel read none in 5 s, so that it is never taken twice.
            for _ in 0..<3 {
                let mark = terminal.reelTrace.mark
                try terminal.press("space")
                if let input = terminal.reelTrace.waitFor(" input ", event: "character(\" \")", after: mark, timeout: 5) {
                    _ = terminal.reelTrace.waitFor(" handled", after: input + 1)
                    return
                }
            }
            Issue.record("reel never read Space:\n\(terminal.trace)")
        }
        try terminal.press("q")
        #expect(terminal.waitForExit() == 0, "\(terminal.standardError)\n\(terminal.trace)")
        #expect(terminal.standardError.contains("graphics sixel"), "\(terminal.standardError)")
    }
}
