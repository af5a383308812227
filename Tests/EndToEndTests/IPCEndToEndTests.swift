import Foundation
import Testing

/// mpv's JSON IPC (`--input-ipc-server`) end to end, driven with socat as mpv's users do.
@Suite("IPC end to end", .serialized)
struct IPCEndToEndTests {
    /// A socket path of the test's own.
    static func socketPath() -> String {
        NSTemporaryDirectory() + "reel-ipc-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
    }

    /// Sends one JSON line to the socket with socat; mpv's answer.
    @discardableResult
    static func send(_ json: String, to path: String) throws -> String {
        try Subprocess.run("/bin/sh", ["-c", "printf '%s\\n' \"$1\" | socat -t 1 - UNIX-CONNECT:\"$2\"", "sh", json, path])
    }

    /// Waits for the socket mpv makes.
    static func waitForSocket(_ path: String) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            var info = stat()
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    @Test("set pause, seek, volume and get_property over the socket, each seen on screen; no socket after q")
    func pauseSeekGet() throws {
        let path = Self.socketPath()
        defer { unlink(path) }
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--screen-reader", "--input-ipc-server=\(path)", Paths.sample("long.mp4")])
        try tmux.waitFor("❚❚")
        #expect(Self.waitForSocket(path))
        var info = stat()
        #expect(lstat(path, &info) == 0 && info.st_mode & 0o777 == 0o600, "mpv makes it 0600")

        #expect(try Self.send(#"{"command":["set_property","pause",true]}"#, to: path).contains(#""error":"success""#))
        let paused = try tmux.waitForScreen { $0.contains("▶") && $0.contains("Paused") }
        #expect(!paused.contains("❚❚"))

        try Self.send(#"{"command":["seek",42,"absolute"]}"#, to: path)
        // A seek reel did not make still shows: the clock and the screen reader's line.
        let moved = try tmux.waitFor("Moved to 0:42")
        #expect(moved.split(separator: "\n").contains { $0.contains("0:42") && $0.contains("2:30") })
        let answer = try Self.send(#"{"command":["get_property","time-pos"]}"#, to: path)
        #expect(answer.contains(#""data":42"#), "answer: \(answer)")

        try Self.send(#"{"command":["set_property","volume",60]}"#, to: path)
        try tmux.waitFor("Volume 60 %")
        try Self.send(#"{"command":["set_property","speed",1.5]}"#, to: path)
        try tmux.waitFor("Speed 1.5×")

        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        #expect(access(path, F_OK) != 0, "the socket was left at \(path)")
    }

    @Test("a client's playlist commands: mpv's playlist-next has nothing to move to; loadfile is adopted; script-message reel runs reel's")
    func playlistCommands() throws {
        let path = Self.socketPath()
        defer { unlink(path) }
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--input-ipc-server=\(path)",
                                    Paths.sample("demo.mp4"), Paths.sample("talk.mp4")])
        try tmux.waitFor("reel demo: running clock")
        #expect(Self.waitForSocket(path))

        // mpv holds only the item playing: its own playlist-next fails there, and nothing moves.
        let refused = try Self.send(#"{"command":["playlist-next"]}"#, to: path)
        #expect(refused.contains("error running command"), "answer: \(refused)")
        // The refusal has been answered, so whatever it did is done: mpv still plays the first item.
        let playing = try Self.send(#"{"command":["get_property","path"]}"#, to: path)
        #expect(playing.contains("demo.mp4"), "mpv's path: \(playing)")
        #expect(try tmux.capture().contains("reel demo: running clock"))

        // reel's own command, as N runs it.
        try Self.send(#"{"command":["script-message","reel","playlist-next"]}"#, to: path)
        try tmux.waitFor("Talk with a sidecar subtitle")

        // A file a client loads is what plays, on screen and in mpv: it takes the item's place.
        try Self.send(#"{"command":["loadfile","\#(Paths.sample("motion.mp4"))","replace"]}"#, to: path)
        try tmux.waitFor("Gradients in motion")
        let playlist = try Self.send(#"{"command":["get_property","playlist"]}"#, to: path)
        #expect(playlist.contains("motion.mp4") && !playlist.contains("talk.mp4"), "mpv's playlist: \(playlist)")
        try tmux.send("Escape")
        // Its rows, and its header, which named the files given and now names what it holds.
        let list = try tmux.waitFor("motion.mp4")
        #expect(list.contains("demo.mp4") && list.contains("motion.mp4") && !list.contains("talk.mp4"), "the list: \(list)")
        let header = list.split(separator: "\n").first.map(String.init) ?? ""
        #expect(header.contains("demo.mp4, motion.mp4"), "the header: \(header)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        #expect(access(path, F_OK) != 0)
    }

    @Test("a PATH that is a regular file is refused before anything starts, and kept")
    func regularFileRefused() throws {
        let path = Self.socketPath()
        defer { unlink(path) }
        FileManager.default.createFile(atPath: path, contents: Data("notes".utf8))
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--input-ipc-server=\(path)", Paths.sample("long.mp4")])
        #expect(tmux.waitForExit() == 2)
        #expect(tmux.standardError.contains("is there and is not a socket"), "stderr: \(tmux.standardError)")
        #expect(FileManager.default.contents(atPath: path) == Data("notes".utf8))
        try tmux.expectTerminalRestored()
    }

    @Test("every signal that ends reel removes the socket: TERM, HUP, INT, and a fatal one from its handler",
          arguments: [SIGTERM, SIGHUP, SIGINT, SIGSEGV])
    func signalRemovesSocket(_ signal: Int32) throws {
        let path = Self.socketPath()
        defer { unlink(path) }
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--input-ipc-server=\(path)", Paths.sample("long.mp4")])
        try tmux.waitFor("❚❚")
        #expect(Self.waitForSocket(path))
        let pid = try #require(try tmux.programPID())
        kill(pid, signal)
        #expect(tmux.waitForExit() == 128 + signal)
        #expect(access(path, F_OK) != 0, "the socket was left at \(path) after signal \(signal)")
        try tmux.expectTerminalRestored()
    }

    @Test("an error exit removes the socket: a file mpv cannot play, exit 1")
    func errorRemovesSocket() throws {
        let path = Self.socketPath()
        defer { unlink(path) }
        let broken = Fixtures.path("broken-\(UUID().uuidString).mp4")
        FileManager.default.createFile(atPath: broken, contents: Data(repeating: 0x5A, count: 4096))
        defer { unlink(broken) }
        let log = Fixtures.path("ipc-\(UUID().uuidString).log")
        defer { unlink(log) }
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--input-ipc-server=\(path)", "--log-file=\(log)", broken])
        #expect(tmux.waitForExit() == 1)
        #expect(tmux.standardError.contains("broken-"), "stderr: \(tmux.standardError)")
        #expect(access(path, F_OK) != 0, "the socket was left at \(path)")
    }
}
