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
        // auto's pick (the trace's first word on it): sixel. Under load foot's sixel may miss the
        // frame rate long enough for auto to step down to cells later (said in the stats line).
        let picked = terminal.traceLines.first { $0.contains(" graphics ") }
        #expect(picked?.contains("graphics sixel") == true, "\(picked ?? "no graphics in the trace")")
        #expect(terminal.standardError.contains("graphics sixel") || terminal.standardError.contains("cells_because sixel"),
                "\(terminal.standardError)")
    }

    @Test("sixel in foot: the picture, paused with the controls hidden, is the source frame (PSNR)")
    func sixelPicture() throws {
        let terminal = try WaylandTerminal([Paths.reel, "--no-audio", "--no-resume", "--stats", "--reduce-motion", "--pause", "--start=5",
                                            "--sid=no", Paths.sample(MltermEndToEndTests.sample)], columns: 100, rows: 30)
        try #require(terminal.waitForTrace(" frame ") != nil, "no frame:\n\(terminal.trace)")
        _ = try terminal.waitForStillScreen()
        // The picture without the controls is a new sixel: drawn, and answered (DA1) once foot
        // has read it.
        let read = try #require(try terminal.press("c", until: "character(\"c\")"), "reel never read c:\n\(terminal.trace)")
        let draw = terminal.reelTrace.waitFor(" draw ", after: read, timeout: 3) ?? read
        _ = terminal.reelTrace.waitFor("deviceAttributes", after: draw)
        let shot = try terminal.waitForStillScreen()
        let psnr = try #require(try shot.psnr(against: Paths.sample(MltermEndToEndTests.sample), at: 5, folder: terminal.directory))
        // Measured: 35.4 dB (a sixel of 255 colours, the box 700x393).
        #expect(psnr >= 30, "the picture at \(psnr) dB (box \(String(describing: shot.pictureBox())))")
        try #require(try terminal.press("q", until: "character(\"q\")") != nil, "reel never read q:\n\(terminal.trace)")
        #expect(terminal.waitForExit() == 0, "\(terminal.standardError)")
    }
}
