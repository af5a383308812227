import Foundation
import Testing

/// Screenshots end to end: a key in a real tmux writes a PNG of the frame at the video's own size,
/// and a folder reel cannot write to is a notice, with playback going on; a URL's secrets stay
/// out of the name, `~/` in reel.conf is the home folder, and 4K shots never hold the loop.
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

    /// A fresh folder under the fixtures.
    static func folder(_ name: String) throws -> String {
        let path = Fixtures.path("\(name)-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Every name in `folder`, hidden ones too.
    static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("a URL's user, password and query are neither in the screenshot's name nor on the screen", arguments: [
        ("%F-%n", "segments-0001.png"), ("%f-%n", "segments.mp4-0001.png"),
    ])
    func urlSecrets(template: String, name: String) throws {
        let root = try Self.folder("shots-site"), shots = try Self.folder("shots-url")
        try Fixtures.copy("segments.mp4", to: root + "/segments.mp4")
        let server = try HTTPServer(root: root)
        defer { server.stop() }
        let url = "http://alice:hunter2@127.0.0.1:\(server.port)/segments.mp4?sig=TOKEN#t=1"
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--pause", "--start=3", "--notice-duration=30",
                                    "--screenshot-directory=\(shots)", "--screenshot-template=\(template)", url], width: 100, height: 30)
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0)?.0 == "0:03" }
        try tmux.send("S")
        let screen = try tmux.waitFor("Screenshot: \(shots)/\(name)")
        #expect(Self.names(in: shots) == [name])
        for secret in ["alice", "hunter2", "TOKEN", "sig="] {
            #expect(!screen.contains(secret), "\(secret) on the screen:\n\(screen)")
            #expect(!Self.names(in: shots).joined().contains(secret))
        }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a file named .mkv with the template %F is not saved as the hidden .png")
    func neverHidden() throws {
        let videos = try Self.folder("shots-hidden"), shots = try Self.folder("shots-hidden-out")
        try Fixtures.copy("segments.mp4", to: videos + "/.mkv")
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--pause", "--start=3", "--notice-duration=30",
                                    "--screenshot-directory=\(shots)", "--screenshot-template=%F", videos + "/.mkv"], width: 100, height: 30)
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0)?.0 == "0:03" }
        try tmux.send("S")
        try tmux.waitFor("Screenshot: \(shots)/_mkv.png")
        #expect(Self.names(in: shots) == ["_mkv.png"])
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a template of 245 bytes makes a 249-byte name, which the folder takes: it is written")
    func longTemplate() throws {
        let shots = try Self.folder("shots-long")
        let template = String(repeating: "x", count: 241) + "-%n"
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--pause", "--start=3", "--notice-duration=30",
                                    "--screenshot-directory=\(shots)", "--screenshot-template=\(template)", Paths.sample("segments.mp4")],
                                   width: 100, height: 30)
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0)?.0 == "0:03" }
        let mark = tmux.trace.mark
        try tmux.send("S")
        #expect(tmux.trace.waitFor("notice Screenshot", after: mark) != nil)
        #expect(tmux.trace.indices(of: "notice Screenshot: \(shots)/", after: mark).count == 1, "\(tmux.trace.tail)")
        #expect(Self.names(in: shots) == [String(repeating: "x", count: 241) + "-0001.png"])
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("screenshot-directory=~/Pictures/reel in reel.conf is below $HOME, not a folder named ~ where reel runs")
    func homeInConfig() throws {
        let home = try Self.folder("shots-home"), config = try Self.folder("shots-config"), here = try Self.folder("shots-cwd")
        try FileManager.default.createDirectory(atPath: config + "/reel", withIntermediateDirectories: true)
        try "screenshot-directory=~/Pictures/reel\n".write(toFile: config + "/reel/reel.conf", atomically: true, encoding: .utf8)
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--pause", "--start=3", "--notice-duration=30",
                                    Paths.sample("segments.mp4")], width: 100, height: 30,
                                   environment: ["HOME": home, "XDG_CONFIG_HOME": config], workingDirectory: here)
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0)?.0 == "0:03" }
        try tmux.send("S")
        try tmux.waitFor("Screenshot: ~/Pictures/reel/segments-0001.png")
        #expect(FileManager.default.fileExists(atPath: home + "/Pictures/reel/segments-0001.png"))
        #expect(Self.names(in: here).isEmpty, "made in the working folder: \(Self.names(in: here))")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("eight Ctrl+S on a 2160p clip, then q: the loop takes every key at once (three shots wait, the rest are refused), reel quits promptly, and each shot taken is written or said lost")
    func uhdShotsOffTheLoop() throws {
        let clip = try Fixtures.ffmpeg("uhd-2160p.mp4", ["-f", "lavfi", "-i", "testsrc2=s=3840x2160:d=3:r=5",
                                                         "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"])
        let shots = try Self.folder("shots-uhd")
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--pause", "--notice-duration=30",
                                    "--screenshot-directory=\(shots)", clip], width: 100, height: 30)
        try tmux.waitForScreen(timeout: 30) { PlayerEndToEndTests.times(in: $0) != nil }
        let mark = tmux.trace.mark
        try tmux.send("C-s", "C-s", "C-s", "C-s", "C-s", "C-s", "C-s", "C-s")
        // Shot by shot on the loop, each took it for over a second, and none was ever refused.
        #expect(tmux.trace.waitFor("notice 3 screenshots waiting", after: mark, timeout: 20) != nil, "\(tmux.trace.tail)")
        #expect(tmux.trace.waitFor("notice Screenshot not taken: 3 screenshots waiting", after: mark, timeout: 5) != nil, "\(tmux.trace.tail)")
        try tmux.send("q")
        // q waits at most 2 s for the shots pending, then quits.
        #expect(tmux.waitForExit(timeout: 15) == 0)
        let written = Self.names(in: shots)
        #expect(written.allSatisfy { $0.hasPrefix("uhd-2160p-") && $0.hasSuffix(".png") }, "\(written)")
        let lost = tmux.standardError.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasSuffix("not saved: reel quit before they were written") || line.hasSuffix("not saved: reel quit before it was written")
            else { return nil }
            return Int(line.dropFirst("reel: ".count).prefix { $0.isNumber })
        }.reduce(0, +)
        #expect(written.count + lost == 3, "written \(written), stderr: \(tmux.standardError)")
        if let first = written.first {
            let png = try Data(contentsOf: URL(fileURLWithPath: shots + "/" + first))
            #expect(Array(png[16..<24]) == [0, 0, 0x0F, 0, 0, 0, 0x08, 0x70], "IHDR: 3840 × 2160")
        }
    }
}
