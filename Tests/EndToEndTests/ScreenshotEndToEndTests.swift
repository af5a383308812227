import Foundation
import Testing

/// Screenshots end to end: a key in a real tmux writes a PNG of the frame at the video's own size,
/// and a folder reel cannot write to is a notice, with playback going on.
@Suite("Screenshots end to end", .serialized)
struct ScreenshotEndToEndTests {
    @Test("S writes segments.mp4's frame as a 160×90 PNG named by the template, and says where")
    func writesAPNG() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reel-shots-\(UInt64.random(in: 0...UInt64.max))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--pause", "--start=3", "--notice-duration=3",
                                    "--screenshot-directory=\(folder.path)", Paths.sample("segments.mp4")], width: 100, height: 30)
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0)?.0 == "0:03" }
        try tmux.send("S")
        try tmux.waitFor("Screenshot: \(folder.path)/segments-0001.png")
        let png = try Data(contentsOf: folder.appendingPathComponent("segments-0001.png"))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        #expect(Array(png[16..<24]) == [0, 0, 0, 160, 0, 0, 0, 90], "IHDR: the video's own 160 × 90")
        try tmux.send("S")
        try tmux.waitFor("segments-0002.png")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a folder that cannot be made is a notice naming it and why; the player plays on")
    func unwritableFolder() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--notice-duration=3", "--screenshot-directory=/dev/null/shots",
                                    Paths.sample("long.mp4")], width: 100, height: 30)
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0) != nil }
        try tmux.send("S")
        // The reason first: a long path is cut at the screen's edge, the reason is not.
        try tmux.waitFor("Screenshot not saved: Not a directory: /dev/null")
        // Still playing: the clock moves on.
        try tmux.send("c")
        let before = try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0) != nil }
        let start = PlayerEndToEndTests.times(in: before)?.0
        try tmux.waitForScreen(timeout: 10) { screen in
            if PlayerEndToEndTests.times(in: screen) == nil { try? tmux.send("c") }
            return PlayerEndToEndTests.times(in: screen).map { $0.0 != start } ?? false
        }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
