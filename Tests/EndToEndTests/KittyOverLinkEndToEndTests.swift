import Foundation
import Testing

/// reel in kitty over a slow link without shared memory, as over SSH (issue 49): kitty under
/// Xvfb, then scripts/linkproxy at 8 Mbit/s (holding up to a megabyte, as SSH does), then reel
/// under `unshare -m` with a tmpfs of its own on /dev/shm, so that kitty (root here, able to open
/// any object) cannot see reel's shared memory and answers an error for it.
///
/// The checks are of the mechanism, in bytes: reel falls back to sending its pictures in the
/// escape codes, sizes each to the link's measured rate (no screen while playing is larger than
/// the rate × 300 ms), the picture keeps moving, and a pause reaches the screen after little more
/// of the link's bytes.
@Suite("kitty over a slow link end to end", .serialized, .enabled(if: XTerminal.available))
struct KittyOverLinkEndToEndTests {
    /// The link's rate, and its bytes a second.
    static let rate = ("8mbit", 1_000_000)

    /// kitty running reel behind the link, reel in a mount namespace of its own.
    static func start(log: String) throws -> XTerminal {
        let privateShm = ["/usr/bin/unshare", "-m", "--propagation", "private", "/bin/sh", "-c",
                          "mount -t tmpfs -o mode=1777 tmpfs /dev/shm && exec \"$@\"", "sh"]
        let link = ["/usr/bin/python3", ReleaseBuild.root + "/scripts/linkproxy", "--rate", rate.0, "--log", log, "--"]
        return try XTerminal(.kitty, privateShm + link + [Paths.reel, "--no-audio", "--no-resume", "--loop", "--hide-delay=600", "--graphics=kitty",
                                                          "--stats", Paths.sample("film.mkv")], width: 960, height: 540)
    }

    /// The bytes of each screen reel wrote (its trace's `draw N`), in order.
    static func screenBytes(_ terminal: XTerminal) -> [Int] {
        terminal.traceLines.compactMap { line in
            let words = line.split(separator: " ")
            return words.count == 3 && words[1] == "draw" ? Int(words[2]) : nil
        }
    }

    /// The bytes the link delivered so far (its log's last `level` line).
    static func delivered(_ log: String) -> Int {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        guard let line = text.split(separator: "\n").last(where: { $0.split(separator: " ").dropFirst().first == "level" }) else { return 0 }
        return line.split(separator: " ").dropFirst(2).first.flatMap { Int($0) } ?? 0
    }

    @Test("kitty without shared memory at 8 Mbit/s: pictures sized to the link, still moving, and a pause shows promptly")
    func pixelsOverLink() throws {
        let log = NSTemporaryDirectory() + "reel-kitty-link-\(getpid()).log"
        defer { unlink(log) }
        let terminal = try Self.start(log: log)
        defer { terminal.stop() }
        // Playing, the link measured: a few seconds of pictures.
        #expect(terminal.waitForTrace(" answer ", timeout: 60) != nil, "the terminal never answered a screen")
        _ = XTerminal.wait(timeout: 60) { Self.delivered(log) > 2_000_000 }
        let measuredFrom = Self.screenBytes(terminal).count

        // The picture moves: screenshots of it differ.
        var pictures = Set<[UInt8]>()
        for _ in 0..<12 {
            let shot = try terminal.screenshot()
            pictures.insert(Array(shot.bytes[(shot.bytes.count / 3)..<(shot.bytes.count / 2)]))
            Thread.sleep(forTimeInterval: 0.25)
        }
        #expect(pictures.count >= 4, "only \(pictures.count) different pictures in 12 screenshots")

        // Each screen once the rate is measured fits the link's 150 ms (with room for the
        // measure's noise): a whole picture here is several times that.
        let screens = Self.screenBytes(terminal).dropFirst(measuredFrom)
        #expect(!screens.isEmpty)
        let largest = screens.max() ?? 0
        #expect(largest < Self.rate.1 * 3 / 10, "a screen of \(largest) bytes while playing at \(Self.rate.0)")

        // Space: the paused screen shows after little more of the link's bytes than the pause's
        // own, and once it has stood still half a second its picture goes again, sharper: as large
        // as half a second of the link carries, larger than any while playing.
        let before = Self.delivered(log)
        let mark = terminal.reelTrace.mark
        try terminal.press("space")
        let refined = terminal.reelTrace.waitFor("refine still", after: mark, timeout: 30)
        #expect(refined != nil, "the paused picture never went again; reel's trace:\n\(terminal.reelTrace.tail)")
        let atRefine = Self.delivered(log)
        #expect(atRefine - before < 600_000, "\(atRefine - before) bytes of the link between Space and the paused screen")
        if let refined, let draw = terminal.reelTrace.waitFor(" draw ", after: refined) {
            let bytes = terminal.reelTrace.lines[draw].split(separator: " ").last.flatMap { Int($0) } ?? 0
            #expect(bytes > largest, "the sharper picture took \(bytes) bytes; a picture while playing up to \(largest)")
            #expect(bytes < Self.rate.1 * 6 / 10, "\(bytes) bytes: more than the link carries in 0.6 s")
        }

        try terminal.press("q")
        #expect(terminal.waitForExit(timeout: 30) == 0)
        // (reel's stderr is the link's pty: its trace says which graphics it took.)
        let graphics = terminal.traceLines.first { $0.contains(" graphics ") }
        #expect(graphics?.contains("graphics kitty-direct") == true, "\(graphics ?? "no graphics in the trace")")
    }
}
