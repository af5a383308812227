import Foundation
import Testing

/// Titles, chapter names and file names full of terminal controls draw as inert text: the pane's
/// title never changes, the screen is never cleared or moved about, long names are clipped.
/// (mpv's own terminal output prints such titles raw.)
@Suite("Hostile metadata end to end", .serialized)
struct HostileMetadataEndToEndTests {
    /// ESC, an OSC that would retitle the window, a clear-screen CSI, BEL, backspace and bidi overrides.
    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2J\u{1B}[H\u{07}\u{08}\u{08}evil\u{202E}txt.exe\u{202C}"

    static func clip(named name: String, title: String, chapter: String) throws -> String {
        let meta = Fixtures.path("hostile-meta-\(name.count).txt")
        let escaped = { (text: String) in text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "=", with: "\\=")
            .replacingOccurrences(of: ";", with: "\\;").replacingOccurrences(of: "#", with: "\\#").replacingOccurrences(of: "\n", with: "\\\n") }
        let text = ";FFMETADATA1\ntitle=\(escaped(title))\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=0\nEND=2000\ntitle=\(escaped(chapter))\n"
            + "[CHAPTER]\nTIMEBASE=1/1000\nSTART=2000\nEND=4000\ntitle=plain\n"
        try text.write(toFile: meta, atomically: true, encoding: .utf8)
        return try Fixtures.ffmpeg(name, ["-f", "lavfi", "-i", "testsrc2=s=160x90:r=10:d=4", "-i", meta,
                                          "-map_metadata", "1", "-map_chapters", "1", "-c:v", "libx264"])
    }

    static func expectInert(_ tmux: TmuxSession, screen: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try tmux.paneVariable("pane_title") == "before", "the pane title changed", sourceLocation: sourceLocation)
        #expect(!screen.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, sourceLocation: sourceLocation)
        #expect(!screen.unicodeScalars.contains { $0.value == 0x202E }, "a bidi override reached the screen", sourceLocation: sourceLocation)
    }

    @Test("a hostile title and chapter name draw inert, and the pane title stays")
    func hostileTitle() throws {
        let path = try Self.clip(named: "hostile-title.mkv", title: "Title " + Self.hostile, chapter: "Chapter " + Self.hostile)
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--hide-delay=60", path])
        try tmux.setTitle("before")
        // Wait for the whole chrome: the title, the times and the chapter are drawn once the file is open.
        let screen = try tmux.waitForScreen { $0.contains("pwned") && $0.contains("0:04") && $0.contains("Chapter") }
        // The controls are drawn as visible stand-ins, on the title row, and the rest of the chrome is intact.
        let titleRow = screen.split(separator: "\n").first { $0.contains("pwned") } ?? ""
        #expect(titleRow.contains("Title"))
        #expect(titleRow.contains("␛"), "ESC is not shown as a stand-in: \(titleRow)")
        #expect(screen.contains("0:00") && screen.contains("0:04"), "the chrome was wiped:\n\(screen)")
        #expect(screen.contains("Chapter"), "the chapter name is not shown")
        try Self.expectInert(tmux, screen: screen)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a 10 000-character title is clipped to two lines")
    func longTitle() throws {
        let long = String(repeating: "very long title ", count: 625)
        let path = try Self.clip(named: "long-title.mkv", title: long, chapter: "c")
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--hide-delay=60", path], width: 80, height: 24)
        try? tmux.setTitle("before")
        let screen = try tmux.waitForScreen { $0.contains("very long title") && PlayerEndToEndTests.times(in: $0) != nil }
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(rows.filter { $0.contains("very long") }.count <= 2)
        #expect(rows.allSatisfy { $0.count <= 80 })
        #expect(rows.contains { $0.contains("…") }, "a clipped title should end in an ellipsis")
        try Self.expectInert(tmux, screen: screen)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a hostile file name draws inert in the player and in the library")
    func hostileFileName() throws {
        let folder = Fixtures.path("hostile-folder")
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = "clip " + Self.hostile.replacingOccurrences(of: "/", with: "") + ".mp4"
        let path = try Fixtures.copy("segments.mp4", to: folder + "/" + name)
        // segments.mp4 has a title tag; strip it so the file name is what shows.
        let untitled = folder + "/untitled " + Self.hostile + ".mkv"
        if !FileManager.default.fileExists(atPath: untitled) {
            try Subprocess.run("/usr/bin/ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-i", path,
                                                  "-map_metadata", "-1", "-c", "copy", untitled], captureOutput: false)
        }
        let player = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--hide-delay=60", untitled])
        try? player.setTitle("before")
        let screen = try player.waitForScreen { $0.contains("untitled") && PlayerEndToEndTests.times(in: $0) != nil }
        try Self.expectInert(player, screen: screen)
        try player.send("q")
        #expect(player.waitForExit() == 0)

        let library = try TmuxSession([Paths.reel, folder])
        try? library.setTitle("before")
        let list = try library.waitFor("untitled")
        try Self.expectInert(library, screen: list)
        try library.send("q")
        #expect(library.waitForExit() == 0)
    }
}
