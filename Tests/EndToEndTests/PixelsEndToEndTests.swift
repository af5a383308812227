import Foundation
import Testing

/// reel's pixel video in real terminals under Xvfb: kitty's graphics protocol and xterm's sixel,
/// checked on screenshots of `samples/segments.mp4` (solid colours, 2 s each: blue from 4 s to 6 s).
///
/// The window is wider than the video, so the picture is pillarboxed: its left edge falls inside
/// a cell, where only the terminal's own pixels can put it. Skipped where Xvfb, kitty, xterm,
/// xdotool or ImageMagick are missing; `scripts/setup` installs them.
@Suite("Pixels end to end", .serialized, .enabled(if: XTerminal.available))
struct PixelsEndToEndTests {
    /// reel paused on the blue segment with the controls up, in `kind`, and the screenshot once
    /// the picture and the controls' text are there (a terminal under load may paint the picture
    /// before the text written ahead of it) and the screen has stopped changing: paused, with the
    /// controls up, nothing on it moves, so a frame still being painted (seen under
    /// ThreadSanitizer's slowdown) is not the one checked.
    func startPaused(_ kind: XTerminal.Kind, width: Int, height: Int) throws -> (XTerminal, Screenshot) {
        let terminal = try XTerminal(kind, [Paths.reel, "--no-audio", "--no-resume", "--pause", "--start=5", "--hide-delay=600",
                                            "--stats", Paths.sample("segments.mp4")], width: width, height: height)
        _ = try terminal.waitForScreen {
            $0.share(x: $0.width / 2 - 20, y: $0.height * 2 / 5, width: 40, height: 10, where: Self.isBlue) > 0.9
                && Self.transportText(in: $0) > 0.002
        }
        return (terminal, try terminal.waitForStillScreen())
    }

    /// The share of white (the controls' glyphs) across the middle of the picture, where the transport is.
    static func transportText(in shot: Screenshot) -> Double {
        let pictureWidth = shot.height * 16 / 9
        let left = (shot.width - pictureWidth) / 2
        return shot.share(x: left, y: shot.height * 35 / 100, width: pictureWidth, height: shot.height * 30 / 100,
                          near: (255, 255, 255), tolerance: 60)
    }

    /// The share of white (the time) in the left quarter of the bottom row.
    static func bottomText(in shot: Screenshot) -> Double {
        shot.share(x: 0, y: shot.height - shot.height / 24, width: shot.width / 4, height: shot.height / 24,
                   near: (255, 255, 255), tolerance: 80)
    }

    /// Quits with q and checks that reel said which graphics it used.
    func quit(_ terminal: XTerminal, graphics: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try terminal.press("q")
        #expect(terminal.waitForExit() == 0, sourceLocation: sourceLocation)
        #expect(terminal.standardError.contains("graphics \(graphics)"), "\(terminal.standardError)", sourceLocation: sourceLocation)
    }

    /// Waits (up to 5 s) for `condition` on the screen, and expects it.
    func expectScreen(_ terminal: XTerminal, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation,
                      _ condition: (Screenshot) -> Bool) throws {
        #expect(condition(try terminal.waitForScreen(timeout: 5, condition)), comment, sourceLocation: sourceLocation)
    }

    /// Whether a pixel is the blue segment, darkened or not by the controls' scrim.
    static func isBlue(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.b > 90 && p.r < 40 && p.g < 40 }

    /// Checks the picture on `shot`: blue where the video is, black beside it, the left edge
    /// sharp and where a 16:9 picture belongs, and white text of the controls on it.
    func expectPicture(_ shot: Screenshot, sourceLocation: SourceLocation = #_sourceLocation) {
        let pictureWidth = shot.height * 16 / 9
        let left = (shot.width - pictureWidth) / 2
        let row = shot.height * 2 / 5  // above the transport, where the scrim is light
        let edge = shot.firstColumn(row: row, where: Self.isBlue)
        #expect(edge.map { abs($0 - left) <= 2 } == true, "the picture's left edge at \(String(describing: edge)), not \(left)",
                sourceLocation: sourceLocation)
        if let edge {
            #expect(shot.pixel(x: edge - 2, y: row, isNear: (0, 0, 0), tolerance: 24), "black just beside it: a sharp edge",
                    sourceLocation: sourceLocation)
            #expect(shot.share(x: edge + 2, y: row - 4, width: 24, height: 8, where: Self.isBlue) > 0.95,
                    "blue from the edge in", sourceLocation: sourceLocation)
        }
        // The transport (↺ 10, ▶, 10 ↻) across the middle of the picture: glyphs in white.
        let band = (y: shot.height * 35 / 100, height: shot.height * 30 / 100)
        let white = Self.transportText(in: shot)
        #expect(white > 0.002, "the controls' text drawn over the picture (\(white))", sourceLocation: sourceLocation)
        let picture = shot.share(x: left + 4, y: band.y, width: pictureWidth - 8, height: band.height) { $0.b > 200 && $0.r < 30 && $0.g < 30 }
        #expect(picture > 0.5, "mostly the picture, undarkened, around them (\(picture))", sourceLocation: sourceLocation)
    }

    /// The shared-memory objects a reel of `pid` left behind.
    func leftovers(of pid: Int32) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []).filter { $0.hasPrefix("reel-\(pid)-") }
    }

    @Test("kitty: the picture in kitty's graphics, controls over it; q deletes it and every shared-memory object")
    func kitty() throws {
        let (terminal, shot) = try startPaused(.kitty, width: 720, height: 288)
        defer { terminal.stop() }
        expectPicture(shot)
        let pid = try terminal.programPID()
        try quit(terminal, graphics: "kitty-shm")
        if let pid { #expect(leftovers(of: pid).isEmpty) }
        try expectScreen(terminal, "the image is gone with reel") { $0.share(x: 200, y: 40, width: 300, height: 200, where: Self.isBlue) == 0 }
    }

    @Test("kitty: hovering over the scrubber shows the preview as pixels, the frame there above it")
    func kittyPreview() throws {
        let (terminal, _) = try startPaused(.kitty, width: 720, height: 288)
        defer { terminal.stop() }
        // The bottom row (the times) is in the scrubber's hit area; a quarter of the way is 2.5 s:
        // the green segment, while the video stays on blue.
        let isGreen = { (p: (r: Int, g: Int, b: Int)) in p.g > 150 && p.r < 60 && p.b < 60 }
        let showsCard = { (shot: Screenshot) in shot.share(x: 0, y: 288 / 2, width: 720 / 2, height: 288 / 2 - 20, where: isGreen) > 0.02 }
        // The pointer starts outside the window, and there is no window manager: kitty takes the
        // focus when the pointer enters, and a move it gets before the focus is not reported
        // (seen 1 run in 3 at load 9: no input at all after the move). So the pointer goes into
        // the window first, over the picture, a pixel at a time until reel hears it move; then
        // over the scrubber until reel asks its decoder for the frame there; a person's hand
        // does the same. Each step waits on reel's trace, not on the clock.
        let trace = terminal.reelTrace
        var mark = trace.mark
        for nudge in 0..<20 {
            try terminal.movePointer(x: 720 / 2 + nudge % 2, y: 60)
            if trace.waitFor("MouseAction.move", after: mark, timeout: 2) != nil { break }
        }
        mark = trace.mark
        for nudge in 0..<20 {
            try terminal.movePointer(x: 720 / 4 + nudge % 2, y: 288 - 4)
            if trace.waitFor(" preview request ", after: mark, timeout: 2) != nil { break }
        }
        // The decoder is a second mpv: on a loaded machine its first frame takes a while.
        #expect(trace.waitFor(" preview latency ", after: mark, timeout: 40) != nil, "no preview frame:\n\(terminal.trace)")
        let shot = try terminal.waitForScreen(showsCard)
        let green = shot.share(x: 0, y: 288 / 2, width: 720 / 2, height: 288 / 2 - 20, where: isGreen)
        #expect(green > 0.02, "the preview's green frame above the scrubber (\(green)); reel's trace:\n\(terminal.trace)")
        #expect(shot.share(x: 720 / 2 + 60, y: 40, width: 200, height: 60, where: Self.isBlue) > 0.9, "the video stays where it is")
        // Off the scrubber, the card goes.
        try terminal.movePointer(x: 720 / 2, y: 60)
        try expectScreen(terminal, "the card is gone") { $0.share(x: 0, y: 288 / 2, width: 720 / 2, height: 288 / 2 - 20, where: isGreen) == 0 }
        try quit(terminal, graphics: "kitty-shm")
    }

    @Test("kitty: SIGTERM while playing ends reel (143) with its images and shared memory gone")
    func kittyTerminated() throws {
        let terminal = try XTerminal(.kitty, [Paths.reel, "--no-audio", "--no-resume", "--loop", Paths.sample("demo.mp4")],
                                     width: 480, height: 270)
        defer { terminal.stop() }
        _ = try terminal.waitForScreen { $0.share(x: 0, y: 40, width: 480, height: 190, near: (0, 0, 0), tolerance: 8) < 0.5 }
        let pid = try #require(try terminal.programPID())
        // Playing: frames are going out as images when the signal comes.
        let mark = terminal.reelTrace.mark
        #expect(terminal.reelTrace.waitFor(" draw ", count: 10, after: mark) != nil, "not playing:\n\(terminal.trace)")
        kill(pid, SIGTERM)
        #expect(terminal.waitForExit() == 143)
        #expect(leftovers(of: pid).isEmpty)
        try expectScreen(terminal, "a clean screen") { $0.share(x: 0, y: 40, width: 480, height: 190, near: (0, 0, 0), tolerance: 8) > 0.99 }
    }

    @Test("xterm -ti vt340: the picture as sixel, controls over it, nothing scrolled, and q leaves it")
    func xterm() throws {
        let (terminal, first) = try startPaused(.xterm, width: 100, height: 24)
        defer { terminal.stop() }
        expectPicture(first)
        // The scrubber's times sit on the bottom row: had an image scrolled the screen, they would
        // be gone for good, so waiting a moment for a terminal under load still tells.
        let shot = try terminal.waitForScreen(timeout: 5) { Self.bottomText(in: $0) > 0.01 }
        let bottom = Self.bottomText(in: shot)
        #expect(bottom > 0.01, "the time on the bottom row (\(bottom))")
        try quit(terminal, graphics: "sixel")
    }
}
