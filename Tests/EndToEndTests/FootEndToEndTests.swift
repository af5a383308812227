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
            let read = try #require(try terminal.press("space", until: "character(\" \")"), "reel never read Space:\n\(terminal.trace)")
            _ = terminal.reelTrace.waitFor(" handled", after: read + 1)
        }
        try #require(try terminal.press("q", until: "character(\"q\")") != nil, "reel never read q:\n\(terminal.trace)")
        #expect(terminal.waitForExit() == 0, "\(terminal.standardError)\n\(terminal.trace)")
        #expect(terminal.standardError.contains("graphics sixel"), "\(terminal.standardError)")
    }
}
