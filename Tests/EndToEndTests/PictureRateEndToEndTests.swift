import Foundation
import Testing

/// The default picture keeps the video's frame rate: in xterm as a VT340, whose sixel at a large
/// window shows well under half of a 30 fps film's frames, `--graphics=auto` steps down to cells
/// and says so; `--graphics=sixel` named by the user stays sixel.
@Suite("Picture rate end to end", .serialized, .enabled(if: XTerminal.available))
struct PictureRateEndToEndTests {
    /// xterm's size in cells: large enough that its sixel cannot keep up on any machine here.
    static let columns = 160, rows = 48

    /// reel playing the film in a loop in xterm with `graphics`, its stats asked for.
    func start(_ graphics: String) throws -> XTerminal {
        try XTerminal(.xterm, [Paths.reel, "--no-audio", "--no-resume", "--loop", "--stats", "--hide-delay=1", "--graphics=\(graphics)",
                               Paths.sample("film.mkv")], width: Self.columns, height: Self.rows)
    }

    /// How many frames the trace shows drawn.
    static func frames(_ terminal: XTerminal) -> Int {
        terminal.traceLines.reduce(0) { $0 + ($1.contains(" frame ") ? 1 : 0) }
    }

    @Test("auto: sixel that misses the frame rate steps down to cells, once, with a notice; the picture stays")
    func autoStepsDown() throws {
        let terminal = try start("auto")
        defer { terminal.stop() }
        let start = try #require(terminal.waitForTrace("picture sixel"), "auto did not start in sixel:\n\(terminal.trace)")
        let stepped = try #require(terminal.waitForTrace("picture stepped down from sixel to", after: start, timeout: 60),
                                   "sixel was kept:\n\(terminal.trace)")
        #expect(terminal.waitForTrace("notice The terminal showed", after: stepped) != nil, "no notice:\n\(terminal.trace)")
        // Cells go on drawing the film: frames after the step, and a picture in the window's middle.
        let frames = Self.frames(terminal)
        #expect(XTerminal.wait(timeout: 20) { Self.frames(terminal) > frames + 30 }, "no frames after the step:\n\(terminal.trace)")
        let shot = try terminal.screenshot()
        let lit = shot.share(x: shot.width / 4, y: shot.height / 4, width: shot.width / 2, height: shot.height / 2) { $0.r + $0.g + $0.b > 60 }
        #expect(lit > 0.5, "the picture in the middle (\(lit))")
        try terminal.press("q")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.standardError.contains("graphics blocks"), "\(terminal.standardError)")
        #expect(terminal.standardError.contains("cells_because sixel_showed_"), "\(terminal.standardError)")
        #expect(terminal.traceLines.filter { $0.contains("picture stepped down") }.count == 1)
    }

    /// The seconds of video played so far, from the positions of the frames drawn and let go
    /// (a loop back to the start adds nothing).
    static func played(_ terminal: XTerminal) -> Double {
        var total = 0.0, last: Double?
        for line in terminal.traceLines {
            guard let range = line.range(of: " frame ") ?? line.range(of: " skip "), let position = Double(line[range.upperBound...]) else { continue }
            if let last, position > last { total += position - last }
            last = position
        }
        return total
    }

    @Test("--graphics=sixel named is kept however few frames it shows")
    func namedIsKept() throws {
        let terminal = try start("sixel")
        defer { terminal.stop() }
        _ = try #require(terminal.waitForTrace("picture sixel"), "not sixel:\n\(terminal.trace)")
        // Twice as long as auto needs to step down (two periods of 3 s).
        #expect(XTerminal.wait(timeout: 90) { Self.played(terminal) > 12 }, "the film did not play:\n\(terminal.trace)")
        #expect(!terminal.traceLines.contains { $0.contains("picture stepped down") }, "\(terminal.trace)")
        try terminal.press("q")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.standardError.contains("graphics sixel"), "\(terminal.standardError)")
    }
}
