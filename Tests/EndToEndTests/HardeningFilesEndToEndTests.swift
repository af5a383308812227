import Foundation
import Glibc
import System
import Testing

/// Issue 26's files: a log file that is the terminal, a closed stdin, a reel.conf saved on
/// Windows, FIFOs where reel or mpv would open a file, a `--sub-file` that is not there, and a
/// `$HOME` that does not exist. Each was a hang, a silent loss, or mpv's raw log on the screen.
@Suite("Hardening: files end to end", .serialized)
struct HardeningFilesEndToEndTests {
    /// A clip whose title would retitle the window and clear the screen, were it printed raw.
    static func hostileClip() throws -> String {
        try HostileMetadataEndToEndTests.clip(named: "evil-title.mkv", title: "Evil \u{1B}]0;PWNED\u{07}\u{1B}[2J",
                                              chapter: "Chapter")
    }

    static func expectUsageError(_ tmux: TmuxSession, containing text: String, on screen: Bool = false,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(tmux.waitForExit() == 2, sourceLocation: sourceLocation)
        let output = screen ? try tmux.capture() : tmux.standardError
        #expect(output.contains(text), "\(output)", sourceLocation: sourceLocation)
        #expect(!output.contains("[cplayer]") && !output.contains("PWNED"), "mpv's log reached the terminal:\n\(output)",
                sourceLocation: sourceLocation)
        #expect(try tmux.paneVariable("pane_title") == "before", "the pane was retitled", sourceLocation: sourceLocation)
        try tmux.expectTerminalRestored(sourceLocation: sourceLocation)
    }

    // MARK: 1. The log file

    @Test("--log-file=/dev/tty is a usage error, and mpv's log never reaches the terminal")
    func logFileIsTheTerminal() throws {
        let tmux = try TmuxSession(["/bin/sh", "-c", "printf '\\033]2;before\\007'; exec \"$@\"", "sh",
                                    Paths.reel, "--no-resume", "--log-file=/dev/tty", try Self.hostileClip()])
        try Self.expectUsageError(tmux, containing: "reel: cannot write the log file '/dev/tty' (--log-file): it is a terminal; the log must be a file")
    }

    @Test("--log-file=/dev/stderr while stderr is the terminal is a usage error")
    func logFileIsStandardError() throws {
        let tmux = try TmuxSession(["/bin/sh", "-c", "printf '\\033]2;before\\007'; exec \"$0\" --no-resume --log-file=/dev/stderr \"$1\" 2>/dev/tty",
                                    Paths.reel, try Self.hostileClip()])
        try Self.expectUsageError(tmux, containing: "(--log-file): it is a terminal", on: true)
    }

    @Test("log-file=/dev/tty in reel.conf is a usage error too")
    func logFileInConfigIsTheTerminal() throws {
        let home = try ConfigEndToEndTests.ConfigHome("log-file=/dev/tty\n")
        let tmux = try TmuxSession(["/bin/sh", "-c", "printf '\\033]2;before\\007'; exec \"$@\"", "sh",
                                    Paths.reel, "--no-resume", try Self.hostileClip()], environment: home.environment)
        try Self.expectUsageError(tmux, containing: "'/dev/tty' (--log-file): it is a terminal")
    }

    @Test("a device other than /dev/null is no log; /dev/null is")
    func logFileDevices() throws {
        let zero = try TmuxSession([Paths.reel, "--log-file=/dev/zero", Paths.sample("demo.mp4")])
        #expect(zero.waitForExit() == 2)
        #expect(zero.standardError == "reel: cannot write the log file '/dev/zero' (--log-file): it is a device; the log must be a file\n")
        let null = try TmuxSession([Paths.reel, "--no-audio", "--log-file=/dev/null", Paths.sample("demo.mp4")])
        try null.waitForScreen { PlayerEndToEndTests.times(in: $0) != nil }
        try null.send("q")
        #expect(null.waitForExit() == 0)
    }

    @Test("the log's lines have their control characters escaped, and begin with reel's header")
    func logLinesEscaped() throws {
        let log = Fixtures.path("escaped-\(UInt32.random(in: 0...UInt32.max)).log")
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--pause", "--log-file=\(log)", try Self.hostileClip()])
        try tmux.waitForScreen { $0.contains("PWNED") && PlayerEndToEndTests.times(in: $0) != nil }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: log)))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("# reel log · pid "), "\(text.prefix(200))")
        #expect(text.contains("Evil \\u{1b}]0;PWNED\\u{7}\\u{1b}[2J"), "the title is not in the log, escaped")
        #expect(!bytes.contains(0x1B) && !bytes.contains(0x07), "a raw control character is in the log")
    }

    @Test("an existing file that is not a reel log is never appended to; a reel log is")
    func existingFiles() throws {
        let notes = Fixtures.write("notes-\(UInt32.random(in: 0...UInt32.max)).txt", Array("root:x:0:0::/root:/bin/sh\n".utf8))
        let refused = try TmuxSession([Paths.reel, "--log-file=\(notes)", Paths.sample("demo.mp4")])
        #expect(refused.waitForExit() == 2)
        #expect(refused.standardError.contains("(--log-file): it exists and is not a reel log; give a new file, or one reel wrote"),
                "\(refused.standardError)")
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "root:x:0:0::/root:/bin/sh\n")
        let log = Fixtures.path("twice-\(UInt32.random(in: 0...UInt32.max)).log")
        for _ in 0..<2 {
            let run = try TmuxSession([Paths.reel, "--no-audio", "--log-file=\(log)", Paths.sample("demo.mp4")])
            try run.waitForScreen { PlayerEndToEndTests.times(in: $0) != nil }
            try run.send("q")
            #expect(run.waitForExit() == 0, "\(run.standardError)")
        }
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.components(separatedBy: "# reel log · pid ").count == 3, "two runs, two headers")
    }

    // MARK: 2. A closed stdin

    @Test("reel - with stdin closed exits 1 with one line, at once, and the terminal untouched")
    func standardInputClosed() throws {
        let tmux = try TmuxSession(["/bin/sh", "-c", "exec \"$0\" - <&-", Paths.reel])
        #expect(tmux.waitForExit(timeout: 5) == 1)
        #expect(tmux.standardError == "reel: -: standard input is closed; pipe a file in, as in cat film.mkv | reel -\n")
        try tmux.expectTerminalRestored()
    }

    // MARK: 3. reel.conf from Windows

    @Test("a CRLF reel.conf's bad line is found, by its line number")
    func configCRLFError() throws {
        let home = try ConfigEndToEndTests.ConfigHome("# my settings\r\nvolume=999\r\n")
        let tmux = try TmuxSession([Paths.reel, Paths.sample("demo.mp4")], environment: home.environment)
        #expect(tmux.waitForExit() == 2)
        #expect(tmux.standardError == "reel: \(home.file):2: bad value '999' for --volume: expected a volume from 0 to 130\n")
        try tmux.expectTerminalRestored()
    }

    @Test("a reel.conf with a byte order mark and CRLF ends binds its keys")
    func configBOMBindings() throws {
        let home = try ConfigEndToEndTests.ConfigHome("\u{FEFF}volume=50\r\n\r\n[keys]\r\nw quit\r\n")
        let tmux = try TmuxSession([Paths.reel, "--no-audio", Paths.sample("demo.mp4")], environment: home.environment)
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0) != nil }
        try tmux.send("w")
        #expect(tmux.waitForExit() == 0, "w did not quit: \(tmux.standardError)")
        #expect(tmux.standardError.isEmpty, "\(tmux.standardError)")
    }

    // MARK: 4. FIFOs

    @Test("a FIFO at a resume record's path is ignored: reel draws and plays, and q quits")
    func resumeRecordFIFO() throws {
        let state = Fixtures.path("fifo-state-\(UInt32.random(in: 0...UInt32.max))")
        let media = Paths.sample("long.mp4")
        let first = try TmuxSession([Paths.reel, "--no-audio", "--start=20", media], environment: ["XDG_STATE_HOME": state])
        try first.waitForScreen { PlayerEndToEndTests.times(in: $0).map { PlayerEndToEndTests.seconds($0.0) >= 20 } ?? false }
        try first.send("q")
        #expect(first.waitForExit() == 0)
        let folder = state + "/reel/resume"
        let record = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
        try FileManager.default.removeItem(atPath: folder + "/" + record)
        #expect(mkfifo(folder + "/" + record, 0o600) == 0)
        let again = try TmuxSession([Paths.reel, "--no-audio", media], environment: ["XDG_STATE_HOME": state])
        let screen = try again.waitForScreen(timeout: 5) { PlayerEndToEndTests.times(in: $0) != nil }
        #expect(!screen.contains("Resumed at"))
        try again.send("q")
        #expect(again.waitForExit(timeout: 5) == 0)
        try again.expectTerminalRestored()
    }

    @Test("a FIFO in the thumbnail cache is a miss: the list still fills in, and q quits")
    func thumbnailCacheFIFO() throws {
        let folder = Fixtures.path("fifo-library-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Fixtures.copy("demo.mp4", to: folder + "/demo.mp4")
        let cache = Fixtures.path("fifo-cache-\(UInt32.random(in: 0...UInt32.max))")
        let first = try TmuxSession([Paths.reel, folder], environment: ["XDG_CACHE_HOME": cache])
        try first.waitFor("480×270")
        try first.send("q")
        #expect(first.waitForExit() == 0)
        let probes = cache + "/reel/probes"
        let record = try #require(try FileManager.default.contentsOfDirectory(atPath: probes).first)
        try FileManager.default.removeItem(atPath: probes + "/" + record)
        #expect(mkfifo(probes + "/" + record, 0o600) == 0)
        let again = try TmuxSession([Paths.reel, folder], environment: ["XDG_CACHE_HOME": cache])
        try again.waitFor("480×270")
        try again.send("q")
        #expect(again.waitForExit(timeout: 5) == 0)
    }

    @Test("a FIFO as reel.conf is refused at once, exit 2")
    func configFIFO() throws {
        let home = try ConfigEndToEndTests.ConfigHome("")
        try FileManager.default.removeItem(atPath: home.file)
        #expect(mkfifo(home.file, 0o600) == 0)
        let tmux = try TmuxSession([Paths.reel, Paths.sample("demo.mp4")], environment: home.environment)
        #expect(tmux.waitForExit(timeout: 5) == 2)
        #expect(tmux.standardError == "reel: \(home.file): cannot read it: not a regular file\n")
    }

    @Test("a FIFO named like a sidecar subtitle or cover beside the file: it plays, with a notice", arguments: [
        ("demo.mp4", "x.mp4", "x.srt"), ("demo.mp4", "x.mp4", "x.en.ass"), ("tone.mp3", "y.mp3", "cover.jpg"),
    ])
    func sidecarFIFO(sample: String, name: String, fifo: String) throws {
        let folder = Fixtures.path("fifo-sidecar-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let media = try Fixtures.copy(sample, to: folder + "/" + name)
        #expect(mkfifo(folder + "/" + fifo, 0o600) == 0)
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", media])
        let screen = try tmux.waitFor("Left out \(fifo)")
        #expect(screen.contains("not a regular file"), "\(screen)")
        // Opened: the clock runs (the tone's chrome has its title and no picture of its own).
        try tmux.waitForScreen { $0.contains("0:01") || $0.contains("0:02") }
        try tmux.send("q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
        try tmux.expectTerminalRestored()
    }

    @Test("a FIFO sidecar poster is passed over: the card shows the frame")
    func posterFIFO() throws {
        let folder = Fixtures.path("fifo-poster-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let media = try Fixtures.copy("demo.mp4", to: folder + "/x.mp4")
        #expect(mkfifo(folder + "/x.jpg", 0o600) == 0)
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--poster", media])
        try tmux.waitFor("▶")
        try tmux.send("Enter")
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0) != nil }
        try tmux.send("q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test("a FIFO that a local playlist lists is not opened: the next entry plays")
    func playlistFIFO() throws {
        let folder = Fixtures.path("fifo-playlist-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder + "/stuck.mp4", 0o600) == 0)
        try "#EXTM3U\n\(folder)/stuck.mp4\n\(Paths.sample("demo.mp4"))\n".write(toFile: folder + "/list.m3u", atomically: true, encoding: .utf8)
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", folder + "/list.m3u"])
        try tmux.waitForScreen(timeout: 10) { $0.contains("reel demo: running clock") && PlayerEndToEndTests.times(in: $0) != nil }
        try tmux.send("q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
        try tmux.expectTerminalRestored()
    }

    // MARK: Minor: --sub-file, $HOME

    @Test("a --sub-file that is missing, or a FIFO, is said on screen, and the video plays")
    func missingSubtitleFile() throws {
        let fifo = Fixtures.path("sub-fifo-\(UInt32.random(in: 0...UInt32.max)).srt")
        #expect(mkfifo(fifo, 0o600) == 0)
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", "--notice-duration=3", "--sub-file=/missing.srt", "--sub-file=\(fifo)",
                                    Paths.sample("demo.mp4")])
        try tmux.waitFor("Subtitle file /missing.srt: No such file or directory")
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0) != nil }
        try tmux.send("q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test("HOME=/nonexistent: reel plays with resume off, and makes no such folder")
    func missingHome() throws {
        let home = Fixtures.path("no-home-\(UInt32.random(in: 0...UInt32.max))")
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", Paths.sample("demo.mp4")],
                                   environment: ["HOME": home, "XDG_STATE_HOME": "", "XDG_CACHE_HOME": "", "XDG_CONFIG_HOME": ""])
        // The notice names the folder and the reason, wrapped over two rows.
        try tmux.waitFor("Resume is off")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: home), "reel made the missing home folder")
    }

    // MARK: 7. The install manifest

    @Test("a prefix with a newline in it installs and uninstalls without touching a file outside it")
    func installPrefixWithNewline() throws {
        let folder = try ReleaseBuild.temporaryFolder("newline-prefix")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The prefix "…/pre\nfile …/v" exists; the install makes its bin/, whose manifest line
        // "dir …/pre\nfile …/v/bin", read back by lines, named the file …/v/bin for removal.
        let prefix = folder + "/pre\nfile " + folder + "/v"
        try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/v", withIntermediateDirectories: true)
        let victim = folder + "/v/bin"
        try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
        // A home of its own: the script asks fish, which keeps files there.
        let home = try ReleaseBuild.temporaryFolder("newline-home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        try ReleaseBuild.script("install", [prefix], environment: ["REEL_BINARY": Paths.reel, "HOME": home])
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/reel"))
        try ReleaseBuild.script("install", ["--uninstall", prefix], environment: ["HOME": home])
        #expect((try? String(contentsOfFile: victim, encoding: .utf8)) == "precious\n", "the uninstall took a file outside the prefix")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/reel"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix).isEmpty, "the install left files in the prefix")
    }

    @Test("an older, line-by-line manifest naming a file outside the prefix: that file is left alone")
    func installOldManifest() throws {
        let folder = try ReleaseBuild.temporaryFolder("old-manifest")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let prefix = folder + "/prefix", victim = folder + "/victim"
        try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: prefix + "/share/reel", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: prefix + "/owned", contents: Data())
        try "file \(prefix)/owned\nfile \(victim)\n".write(toFile: prefix + "/share/reel/install-manifest", atomically: true, encoding: .utf8)
        try ReleaseBuild.script("install", ["--uninstall", prefix], environment: ["HOME": folder])
        #expect(!FileManager.default.fileExists(atPath: prefix + "/owned"))
        #expect(FileManager.default.fileExists(atPath: victim))
    }
}
