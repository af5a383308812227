import Foundation
import Testing
import TestTerminal

/// Streams in a real tmux: reel against a local HTTP server the tests run themselves (with byte
/// ranges, a 404, a closed port, one that never answers, one that is slow), HLS, and stdin.
@Suite("Streams end to end", .serialized)
struct StreamsEndToEndTests {
    /// A folder served over HTTP: the samples, an HLS rendition and playlists.
    final class Site {
        let root: String
        let server: HTTPServer

        init() throws {
            root = Fixtures.path("site-\(UInt32.random(in: 0...UInt32.max))")
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            for sample in ["long.mp4", "demo.mp4", "segments.mp4"] {
                try FileManager.default.copyItem(atPath: Paths.sample(sample), toPath: root + "/" + sample)
            }
            server = try HTTPServer(root: root)
        }

        deinit {
            server.stop()
            try? FileManager.default.removeItem(atPath: root)
        }

        /// The HLS rendition of demo.mp4 that scripts/make-samples made (samples/hls: 2 s segments).
        func hls() throws -> String {
            let folder = root + "/hls"
            if !FileManager.default.fileExists(atPath: folder) {
                try FileManager.default.copyItem(atPath: Paths.sample("hls"), toPath: folder)
            }
            return server.url("hls/index.m3u8")
        }

        /// Writes a playlist file into the site.
        func playlist(_ name: String, _ lines: [String]) throws -> String {
            try (lines.joined(separator: "\n") + "\n").write(toFile: root + "/" + name, atomically: true, encoding: .utf8)
            return server.url(name)
        }
    }

    static func times(_ screen: String) -> (Int, Int)? {
        PlayerEndToEndTests.times(in: screen).map { (PlayerEndToEndTests.seconds($0.0), PlayerEndToEndTests.seconds($0.1)) }
    }

    @Test("an mp4 over HTTP plays, seeks with ranges, starts at --start, and resumes from where it was left, keyed on the URL")
    func httpFile() throws {
        let site = try Site()
        let url = site.server.url("long.mp4")
        let state = Fixtures.path("streams-state-\(UInt32.random(in: 0...UInt32.max))")
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", "--start=20", url],
                                   environment: ["XDG_STATE_HOME": state])
        let first = try tmux.waitForScreen { Self.times($0).map { $0.0 >= 20 && $0.1 == 150 } ?? false }
        #expect(first.contains("Long clip for seeking"))
        try tmux.send("l")
        try tmux.waitForScreen { Self.times($0).map { $0.0 >= 30 } ?? false }
        #expect(site.server.requests.contains("GET /long.mp4"))
        try tmux.send("Space")
        try tmux.waitFor("▶")
        let left = try #require(Self.times(try tmux.capture())).0
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)

        let again = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", "--pause", url], environment: ["XDG_STATE_HOME": state])
        let resumed = try again.waitForScreen { $0.contains("Resumed at") && Self.times($0) != nil }
        let position = try #require(Self.times(resumed)).0
        #expect(abs(position - left) <= 1, "resumed at \(position), left at \(left)")
        try again.send("q")
        #expect(again.waitForExit() == 0)
    }

    @Test("an HLS rendition plays")
    func hls() throws {
        let site = try Site()
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", try site.hls()])
        try tmux.waitForScreen { Self.times($0).map { $0.1 == 10 && $0.0 >= 1 } ?? false }
        #expect(site.server.requests.contains { $0.hasPrefix("GET /hls/seg") }, "no segment was fetched")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }

    @Test("a 404 and a closed port exit 1 with one line naming the URL and the reason, on a clean terminal", arguments: [
        ("missing.mp4", "HTTP 404 Not Found"), ("closed", "Connection refused"),
    ])
    func failures(path: String, reason: String) throws {
        let site = try Site()
        let url = path == "closed" ? "http://127.0.0.1:1/video.mp4" : site.server.url(path)
        let tmux = try TmuxSession([Paths.reel, "--network-timeout=5", url])
        #expect(tmux.waitForExit(timeout: 8) == 1)
        #expect(tmux.standardError == "reel: \(url): \(reason)\n")
        try tmux.expectTerminalRestored()
    }

    @Test("a playlist from the network may not open a local file: that entry is left out, with a notice, and the rest plays")
    func remotePlaylistRefusesLocalPaths() throws {
        let site = try Site()
        let list = try site.playlist("list.m3u", ["#EXTM3U", Paths.sample("segments.mp4"), site.server.url("demo.mp4")])
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", list])
        let screen = try tmux.waitForScreen { $0.contains("reel demo: running clock") }
        #expect(!screen.contains("Colour segments"))
        #expect(try tmux.waitFor("Left out a playlist entry").contains("may not open local files"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a server that never answers shows Opening; Esc cancels at once, and Ctrl-C ends reel with 130, restored")
    func hangingServer() throws {
        let site = try Site()
        site.server.set("stuck.mp4", .hang)
        site.server.set("stuck2.mp4", .hang)
        let one = try TmuxSession([Paths.reel, site.server.url("stuck.mp4")])
        try one.waitFor("Opening stuck.mp4", timeout: 5)
        #expect(try one.capture().contains("Connecting"))
        let started = Date()
        try one.send("Escape")
        #expect(one.waitForExit(timeout: 3) == 0)
        #expect(Date().timeIntervalSince(started) < 1.5, "Esc took \(Date().timeIntervalSince(started)) s")
        try one.expectTerminalRestored()

        let two = try TmuxSession([Paths.reel, site.server.url("stuck2.mp4")])
        try two.waitFor("Opening stuck2.mp4", timeout: 5)
        try two.send("C-c")
        #expect(two.waitForExit(timeout: 3) == 130)
        try two.expectTerminalRestored()
    }

    @Test("a slow server: opening shows how far buffering is, and the scrubber shows what is buffered")
    func slowServer() throws {
        let site = try Site()
        site.server.set("demo.mp4", .throttled(bytesPerSecond: 40_000))
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", site.server.url("demo.mp4")], width: 100, height: 30)
        // Either the opening card or, once it plays, the times: the stream is slow but goes.
        try tmux.waitForScreen(timeout: 15) { Self.times($0) != nil || $0.contains("Opening demo.mp4") }
        // The buffered band: cells of the scrubber's row in the buffered grey (within the renderer's
        // tolerance of 2), ahead of the played part. mpv reports what it holds as it reads.
        let bar = 30 - 2
        let band = try tmux.waitForScreen(timeout: 15, escapes: true) { screen in
            let cells = ScreenCells(screen)
            return (2..<98).contains { column in
                cells[column, bar]?.bg.map { abs(Int($0.0) - 150) <= 3 && abs(Int($0.1) - 150) <= 3 && abs(Int($0.2) - 156) <= 3 } == true
            }
        }
        #expect(!band.isEmpty)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)

        // Slower than the video's own rate: playback waits for the network, and says so.
        try FileManager.default.copyItem(atPath: Paths.sample("demo.mp4"), toPath: site.root + "/crawl.mp4")
        site.server.set("crawl.mp4", .throttled(bytesPerSecond: 6_000))
        let crawl = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", site.server.url("crawl.mp4")])
        try crawl.waitForScreen(timeout: 20) { $0.contains("uffering") }
        try crawl.send("q")
        #expect(crawl.waitForExit() == 0)
        try crawl.expectTerminalRestored()
    }

    @Test("standard input plays while keys come from the terminal")
    func standardInput() throws {
        let tmux = try TmuxSession(["/bin/sh", "-c", "cat '\(Paths.sample("demo.mp4"))' | '\(Paths.reel)' --no-audio --hide-delay=60 -"])
        try tmux.waitForScreen { $0.contains("reel demo: running clock") && Self.times($0) != nil }
        try tmux.send("Space")
        try tmux.waitFor("▶")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }

    @Test("standard input that is the terminal is refused before anything is drawn")
    func standardInputIsTerminal() throws {
        let tmux = try TmuxSession([Paths.reel, "-"])
        #expect(tmux.waitForExit() == 1)
        #expect(tmux.standardError.contains("reel: -: standard input is a terminal"))
    }
}
