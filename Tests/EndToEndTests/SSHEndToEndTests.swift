import Foundation
import Testing

/// reel on the far side of a real OpenSSH session over a shaped link (scripts/sshlink: a network
/// namespace, tc's token bucket, sshd and `ssh -tt`), in a tmux pane on the near side: the place
/// issue 49 is about, through the real door rather than the proxy that models it
/// (``SlowLinkEndToEndTests``).
///
/// What is checked is the mechanism, not a time: the terminal's answers come back through ssh,
/// reel never has more than a frame or two in the link, and its keys take effect. The far side
/// writes reel's trace into the folder sshlink gives it (`--dir`), which the near side reads.
@Suite("Over real OpenSSH end to end", .serialized, .enabled(if: SlowLink.sshAvailable))
struct SSHEndToEndTests {
    /// More bytes in flight than this means a backlog (as in ``SlowLinkEndToEndTests``: 2 s at
    /// 800 kbit/s, far from both a paced reel's frame and an unpaced one's megabyte).
    static let backlog = 200_000

    /// reel playing the film on the far side of a link of `rate`, the pane `width` × `height`;
    /// the far side's folder, where its trace is written.
    static func start(rate: String, width: Int = 120, height: Int = 40) throws -> (TmuxSession, URL) {
        let far = FileManager.default.temporaryDirectory.appendingPathComponent("reel-ssh-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: far, withIntermediateDirectories: true)
        chmod(far.path, 0o755)
        let command = [ReleaseBuild.root + "/scripts/sshlink", "--rate", rate, "--dir", far.path, "--",
                       "env", "COLORTERM=truecolor", "REEL_TRACE=\(far.path)/trace",
                       Paths.reel, "--no-audio", "--no-resume", "--loop", "--hide-delay=30", Paths.sample("film.mkv")]
        let tmux = try TmuxSession(command, width: width, height: height)
        return (tmux, far)
    }

    /// The bytes in flight after each of the terminal's answers, from reel's trace
    /// (`answer N in flight B`).
    static func inFlight(_ trace: ReelTrace) -> [Int] {
        trace.lines.filter { $0.contains(" answer ") }.compactMap { line in
            line.split(separator: " ").last.flatMap { Int($0) }
        }
    }

    @Test("at 800 kbit/s through ssh every frame is answered, a frame or two is in flight, and Space and q take effect")
    func pacedThroughSSH() throws {
        let (tmux, far) = try Self.start(rate: "800kbit")
        defer { try? FileManager.default.removeItem(at: far) }
        let trace = ReelTrace(path: far.path + "/trace")
        _ = try tmux.waitFor("❚❚", timeout: 60)
        // A dozen answers: a few seconds of playing at 100 kB/s, long enough for a reel that did
        // not wait for them to fill sshd's window and the sockets' buffers.
        let answered = trace.waitFor(" answer ", count: 12, timeout: 60)
        #expect(answered != nil, "the terminal's answers never came back through ssh; reel's trace:\n\(trace.tail)")
        let flight = Self.inFlight(trace)
        #expect(!flight.isEmpty && flight.max()! < Self.backlog, "bytes in flight after the answers: \(flight)")
        let mark = trace.mark
        try tmux.send("Space")
        trace.waitForHandledInput(after: mark, timeout: 30)
        _ = try tmux.waitFor("▶", timeout: 30)
        try tmux.send("q")
        #expect(tmux.waitForExit(timeout: 30) == 0, "ssh's status (reel's); the pane:\n\((try? tmux.capture()) ?? "")")
        try tmux.expectTerminalRestored()
    }

    @Test("at 8 Mbit/s through ssh the picture keeps moving")
    func movingThroughSSH() throws {
        let (tmux, far) = try Self.start(rate: "8mbit", width: 100, height: 30)
        defer { try? FileManager.default.removeItem(at: far) }
        _ = try tmux.waitFor("❚❚", timeout: 60)
        let pictures = try SlowLinkEndToEndTests.differentPictures(tmux)
        #expect(pictures >= 10, "only \(pictures) different pictures in 30 looks 0.1 s apart")
        try tmux.send("q")
        #expect(tmux.waitForExit(timeout: 30) == 0)
    }
}

extension SlowLink {
    /// Whether scripts/sshlink can run here: as root, with sshd, ssh, ip and tc (`scripts/setup`
    /// installs them).
    static var sshAvailable: Bool {
        getuid() == 0 && ["/usr/sbin/sshd", "/usr/bin/ssh", "/usr/sbin/tc", "/usr/bin/ip"].allSatisfy {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}
