import Foundation
import Testing

/// Web files that cannot play, against servers that misbehave as real ones do: one that ignores
/// Range (as `python3 -m http.server` does) serving an MP4 whose index is at its end, one that
/// stalls after its headers, one whose body ends before its Content-Length. Each ends with one
/// line naming the URL and the reason (exit 1), or, in a playlist, a notice and the next item;
/// none is saved as watched. Also the entries a playlist from the network may not open, and Esc
/// and N in a playlist file given alone.
@Suite("Network failures end to end", .serialized)
struct NetworkFailuresEndToEndTests {
    /// A 720p MP4 with its index (`moov`) after the media, as ffmpeg writes it without
    /// `-movflags +faststart`: unplayable from the start of the file alone.
    static func indexLast() throws -> String {
        try Fixtures.ffmpeg("index-last-720p.mp4", ["-i", Paths.sample("demo.mp4"), "-t", "3", "-vf", "scale=1280:720",
                                                    "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"])
    }

    /// A site of its own: the index-last file (the title of demo.mp4, from which it is made),
    /// demo.mp4, segments.mp4, and playlists.
    final class Site {
        let root: String
        let server: HTTPServer
        let state: String

        init() throws {
            let tag = UInt32.random(in: 0...UInt32.max)
            root = Fixtures.path("failing-site-\(tag)")
            state = Fixtures.path("failing-state-\(tag)")
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: try NetworkFailuresEndToEndTests.indexLast(), toPath: root + "/bikes.mp4")
            for sample in ["demo.mp4", "segments.mp4"] {
                try FileManager.default.copyItem(atPath: Paths.sample(sample), toPath: root + "/" + sample)
            }
            server = try HTTPServer(root: root)
        }

        deinit {
            server.stop()
            try? FileManager.default.removeItem(atPath: root)
            try? FileManager.default.removeItem(atPath: state)
        }

        func playlist(_ name: String, _ lines: [String]) throws -> String {
            try (lines.joined(separator: "\n") + "\n").write(toFile: root + "/" + name, atomically: true, encoding: .utf8)
            return server.url(name)
        }

        /// The resume records written, as text.
        var records: [String] {
            let folder = state + "/reel/resume"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.compactMap { try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }
        }

        /// Whether a record says `url` was watched to the end.
        func recordsWatched(_ url: String) -> Bool {
            records.contains { $0.contains("key=\(url)\n") && $0.contains("watched=1") }
        }

        /// The notices reel gave, from its trace.
        func notices(trace: String) -> [String] {
            let text = (try? String(contentsOfFile: trace, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { line in
                line.range(of: " notice ").map { String(line[$0.upperBound...]) }
            }
        }
    }

    enum Server: String, CaseIterable, Sendable {
        case ignoresRange, stallsAfterHeaders, shortBody
    }

    @Test("a web file that cannot play ends with one line naming the URL and the reason, exit 1, and is not saved as watched",
          arguments: Server.allCases)
    func singleURL(_ server: Server) throws {
        let site = try Site()
        let name: String
        let reason: String
        switch server {
        case .ignoresRange:
            name = "bikes.mp4"
            site.server.set(name, .noRanges)
            reason = "nothing could be played: the server does not allow seeking (no byte ranges), and this file needs it"
        case .stallsAfterHeaders:
            name = "demo.mp4"
            site.server.set(name, .stallAfterHeaders)
            reason = ""
        case .shortBody:
            name = "demo.mp4"
            site.server.set(name, .shortBody(bytes: 80_000))
            reason = "the server closed the stream early: it sent 80.0 kB of the 187 kB it announced"
        }
        let url = site.server.url(name)
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--network-timeout=2", url], environment: ["XDG_STATE_HOME": site.state])
        #expect(tmux.waitForExit(timeout: 40) == 1)
        let line = tmux.standardError
        #expect(line.hasPrefix("reel: \(url): ") && line.hasSuffix("\n") && line.filter { $0 == "\n" }.count == 1, "\(line)")
        if !reason.isEmpty { #expect(line == "reel: \(url): \(reason)\n") }
        #expect(!line.contains("--force-seekable"), "no option of mpv's that reel refuses")
        #expect(!site.recordsWatched(url), "\(site.records)")
        try tmux.expectTerminalRestored()
    }

    @Test("in a web playlist, an item that cannot play is passed over with a notice, the next plays, and it is not saved as watched")
    func playlistItem() throws {
        let site = try Site()
        site.server.set("bikes.mp4", .noRanges)
        let bad = site.server.url("bikes.mp4")
        let list = try site.playlist("list.m3u", ["#EXTM3U", bad, site.server.url("segments.mp4")])
        let trace = site.state + "-trace"
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", "--network-timeout=2", list],
                                   environment: ["XDG_STATE_HOME": site.state, "REEL_TRACE": trace])
        try tmux.waitFor("Colour segments", timeout: 40)
        #expect(site.notices(trace: trace).contains { $0.hasPrefix("Could not play") && $0.contains("no byte ranges") },
                "\(site.notices(trace: trace))")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        #expect(!site.recordsWatched(bad), "\(site.records)")
    }

    @Test("a playlist from the network leaves out local paths and mpv's special protocols, memory:// and null:// too, in one notice")
    func specialProtocols() throws {
        let site = try Site()
        let refused = ["memory://hello", "null://", "smb://host/share/a.mp4", "udp://127.0.0.1:9/", "bd://", "cdda://",
                       Paths.sample("segments.mp4")]
        let list = try site.playlist("special.m3u", ["#EXTM3U"] + refused + [site.server.url("demo.mp4")])
        let trace = site.state + "-trace"
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", list],
                                   environment: ["XDG_STATE_HOME": site.state, "REEL_TRACE": trace])
        try tmux.waitFor("reel demo: running clock", timeout: 20)
        let notices = site.notices(trace: trace)
        #expect(notices.contains { $0.hasPrefix("Left out \(refused.count) playlist entries") }, "\(notices)")
        #expect(!notices.contains { $0.hasPrefix("Could not play") }, "\(notices)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("Esc in a playlist file given alone, local or from the network, shows its list", arguments: [false, true])
    func escapeShowsList(remote: Bool) throws {
        let site = try Site()
        let entries = ["#EXTM3U", site.server.url("demo.mp4"), site.server.url("bikes.mp4")]
        let list: String
        if remote {
            list = try site.playlist("list.m3u", entries)
        } else {
            list = Fixtures.path("local-\(UInt32.random(in: 0...UInt32.max)).m3u")
            try (entries.joined(separator: "\n") + "\n").write(toFile: list, atomically: true, encoding: .utf8)
        }
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", list], environment: ["XDG_STATE_HOME": site.state])
        try tmux.waitFor("reel demo: running clock", timeout: 20)
        try tmux.send("Escape")
        // The list's rows come first and its bar slides in after them: wait for both.
        let screen = try tmux.waitForScreen { $0.contains("bikes.mp4") && $0.contains("Enter play") }
        #expect(screen.contains("Enter play"), "the list, not the player")
        try tmux.sync()
        #expect(tmux.waitForExit(timeout: 0.1) == nil, "reel is still running")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("N onto a missing last entry of a local playlist shows its failure, with Esc back to the list, whose row gives the system's reason; reel goes on")
    func missingEntry() throws {
        let folder = Fixtures.path("missing-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let list = folder + "/list.m3u"
        try "#EXTM3U\n\(Paths.sample("demo.mp4"))\n\(folder)/gone.mp4\n".write(toFile: list, atomically: true, encoding: .utf8)
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", list], environment: ["XDG_STATE_HOME": folder])
        try tmux.waitFor("reel demo: running clock")
        try tmux.send("N")
        let card = try tmux.waitFor("Could not play gone.mp4")
        #expect(card.contains("Esc: back"), "\(card)")
        try tmux.sync()
        #expect(tmux.waitForExit(timeout: 0.1) == nil, "reel is still running")
        try tmux.send("Escape")
        // The row says what the card says, not that something other than a file is there.
        let rows = try tmux.waitForScreen { $0.contains("Enter play") && $0.contains("gone.mp4") }
        #expect(rows.contains("No such file or directory") && !rows.contains("not a regular file"), "\(rows)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
