import Foundation
import Testing

/// `--input-ipc-server` as a local attacker meets it: a second user (`nobody`, through setpriv)
/// tries every form of socket path reel is given, with mpv's `run` command that would start a
/// program as reel's user. The 0600 socket is the only defence, so every path where it would not
/// hold is refused before anything starts.
@Suite("IPC socket paths against a second user", .serialized)
struct IPCAttackerEndToEndTests {
    /// The command a second user sends: it would write `id`'s answer to `marker` as reel's user.
    static func attack(marker: String) -> String {
        #"{"command":["run","/bin/sh","-c","id > \#(marker)"]}"#
    }

    /// Runs socat as user nobody (uid and gid 65534, no groups) to `address`, sending `json`;
    /// what socat printed, its errors included.
    static func asNobody(_ json: String, to address: String) throws -> String {
        try Subprocess.run("/bin/sh", ["-c", "printf '%s\\n' \"$1\" | setpriv --reuid=65534 --regid=65534 --clear-groups "
                                        + "socat -t 1 - \"$2\" 2>&1", "sh", json, address])
    }

    /// A marker path nobody cannot write (reel's user, root in CI, can).
    static func markerPath() -> String {
        let folder = NSTemporaryDirectory() + "reel-attack-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                 attributes: [.posixPermissions: 0o700])
        return folder + "/pwned"
    }

    @Test("@NAME (an abstract socket, which has no permissions) is refused before anything starts; nobody finds nothing there")
    func abstractRefused() throws {
        let name = "reel-attack-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let marker = Self.markerPath()
        defer { try? FileManager.default.removeItem(atPath: (marker as NSString).deletingLastPathComponent) }
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--input-ipc-server=@\(name)", Paths.sample("long.mp4")])
        // Before the fix reel ran (mpv listening on the abstract name) and this timed out.
        let code = tmux.waitForExit(timeout: 5)
        #expect(code == 2)
        let line = tmux.standardError
        #expect(line.contains("abstract socket") && line.contains("@\(name)") && line.split(separator: "\n").count == 1,
                "stderr: \(line)")
        let answer = try Self.asNobody(Self.attack(marker: marker), to: "ABSTRACT-CONNECT:\(name)")
        #expect(answer.contains("Connection refused"), "socat as nobody: \(answer)")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(!FileManager.default.fileExists(atPath: marker), "nobody ran a program as reel's user")
        if code == nil { try tmux.send("q") }
        try tmux.expectTerminalRestored()
    }

    @Test("a file path: the socket is 0600, and nobody's connect gets EACCES, so its run command never runs")
    func filePathDeniesOthers() throws {
        let path = IPCEndToEndTests.socketPath()
        defer { unlink(path) }
        let marker = Self.markerPath()
        defer { try? FileManager.default.removeItem(atPath: (marker as NSString).deletingLastPathComponent) }
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--input-ipc-server=\(path)", Paths.sample("long.mp4")])
        try tmux.waitFor("❚❚")
        #expect(IPCEndToEndTests.waitForSocket(path))
        let answer = try Self.asNobody(Self.attack(marker: marker), to: "UNIX-CONNECT:\(path)")
        #expect(answer.contains("Permission denied"), "socat as nobody: \(answer)")
        // The owner still drives it.
        #expect(try IPCEndToEndTests.send(#"{"command":["get_property","pause"]}"#, to: path).contains(#""error":"success""#))
        #expect(!FileManager.default.fileExists(atPath: marker))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a path over 107 bytes (a socket's limit) is refused at start, not run without IPC")
    func longPathRefused() throws {
        let path = NSTemporaryDirectory() + "reel-" + String(repeating: "x", count: 120) + ".sock"
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--input-ipc-server=\(path)", Paths.sample("long.mp4")])
        let code = tmux.waitForExit(timeout: 5)
        #expect(code == 2)
        #expect(tmux.standardError.contains("bytes long") && tmux.standardError.contains("at most 107"), "stderr: \(tmux.standardError)")
        if code == nil { try tmux.send("q") }
    }

    @Test("a socket another program listens on is refused, and that program keeps its socket and its clients")
    func liveSocketRefused() throws {
        let path = IPCEndToEndTests.socketPath()
        defer { unlink(path) }
        let listener = try Subprocess.spawn("/usr/bin/socat", ["UNIX-LISTEN:\(path),fork", "EXEC:/bin/cat"])
        defer { kill(listener, SIGTERM); waitpid(listener, nil, 0) }
        #expect(IPCEndToEndTests.waitForSocket(path))
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--input-ipc-server=\(path)", Paths.sample("long.mp4")])
        let code = tmux.waitForExit(timeout: 5)
        #expect(code == 2)
        #expect(tmux.standardError.contains("a program is listening on the socket"), "stderr: \(tmux.standardError)")
        if code == nil { try tmux.send("q"); _ = tmux.waitForExit() }
        // Still there, and still the other program's: it echoes what it is sent.
        #expect(try IPCEndToEndTests.send("hello", to: path).contains("hello"))
    }

    @Test("a socket nobody listens on (an earlier run's) is replaced, and mpv answers there")
    func staleSocketReplaced() throws {
        let path = IPCEndToEndTests.socketPath()
        defer { unlink(path) }
        try Subprocess.run("/usr/bin/python3", ["-c", "import socket,sys; s=socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.close()", path],
                           captureOutput: false)
        #expect(IPCEndToEndTests.waitForSocket(path))
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--input-ipc-server=\(path)", Paths.sample("long.mp4")])
        try tmux.waitFor("❚❚")
        #expect(try IPCEndToEndTests.send(#"{"command":["get_property","pause"]}"#, to: path).contains(#""error":"success""#))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
