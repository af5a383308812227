import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestTerminal
import Testing

/// reel in a tmux on the far side of a slow link (ssh → tmux → reel; ``SlowLink`` with its
/// `farTmux`), issue 49: its questions go through tmux's passthrough to the terminal at the near
/// end, whose answers pace the screens.
///
/// The figures are counts from reel's trace, not times: how many screens were awaiting their
/// answers once one came (its `answer N` lines: N still outstanding).
@Suite("Through a tmux on the far side of a slow link end to end", .serialized)
struct FarTmuxEndToEndTests {
    /// The questions outstanding after each answer in reel's trace from line `skipping` on.
    static func outstandingAfterAnswers(_ trace: ReelTrace, after skipping: Int) -> [Int] {
        trace.lines.dropFirst(skipping).compactMap { line in
            let words = line.split(separator: " ")
            guard words.count >= 3, words[1] == "answer" else { return nil }
            return Int(words[2])
        }
    }

    /// At most one picture awaits its answer, and one screen of the controls behind it: after an
    /// answer, at most one remains (two now and then, with a question asked again alone). The
    /// rest of a picture cut short at the cap once went with every tick of the status line,
    /// unanswered: 2 or 3 remained after 16–39 % of the answers here, and up to 10 in a bench run.
    @Test("at 800 kbit/s in a far tmux, one picture awaits its answer at a time: the rest of one cut at the cap waits for it")
    func restOfCutWaits() throws {
        // As the bench plays: 120x40, the controls hidden (the pictures' cells fill the screen).
        let link = try SlowLink(rate: "800kbit", farTmux: true, width: 120, height: 40,
                                ["--no-audio", "--hide-delay=0", "--loop", SlowLinkEndToEndTests.film])
        link.waitForDelivered(300_000)
        let trace = link.tmux.trace
        let mark = trace.mark
        link.waitForDelivered(link.delivered + 500_000)
        let outstanding = Self.outstandingAfterAnswers(trace, after: mark)
        #expect(outstanding.count >= 10, "\(outstanding.count) answers through tmux's passthrough:\n\(trace.tail)")
        let behind = outstanding.filter { $0 >= 2 }
        #expect(behind.count * 20 <= outstanding.count,
                "2 or more screens awaited their answers after \(behind.count) answers of \(outstanding.count): \(behind)")
        let sent = try link.send("Space")
        let shown = try #require(try link.deliveredWhenShown("▶"), "▶ never showed")
        #expect(shown - sent < SlowLinkEndToEndTests.backlog, "\(shown - sent) bytes reached the screen between Space and ▶")
        _ = try link.send("q")
        #expect(link.waitForExit()?.code == 0)
    }

    /// The printable bytes in `bytes` outside escape sequences (CSI, OSC, DCS, two-byte ones):
    /// the cells a terminal would draw.
    static func printable(_ bytes: ArraySlice<UInt8>) -> Int {
        var count = 0, i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            guard byte == 0x1B, i + 1 < bytes.endIndex else {
                if byte >= 0x20 && byte != 0x7F { count += 1 }
                i += 1
                continue
            }
            let kind = bytes[i + 1]
            i += 2
            if kind == UInt8(ascii: "[") {
                while i < bytes.endIndex, !(0x40...0x7E).contains(bytes[i]) { i += 1 }
                i += 1
            } else if [UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_")].contains(kind) {
                while i < bytes.endIndex, bytes[i] != 0x07, !(bytes[i] == 0x1B && i + 1 < bytes.endIndex && bytes[i + 1] == 0x5C) { i += 1 }
                i += bytes[min(i, bytes.endIndex - 1)] == 0x07 ? 1 : 2
            } else if [UInt8(ascii: "("), UInt8(ascii: ")")].contains(kind) {
                i += 1
            }
        }
        return count
    }

    /// tmux writes the cells it reads from a pane at the end of each read, a passthrough at once:
    /// a question after a screen went out ahead of the screen's last cells, and its answer came
    /// before they had reached the terminal (tmux 3.3a and 3.5a). Here the test is tmux's client's
    /// terminal: it answers the start-up probe only; once reel has written its paused picture and
    /// nothing more may go, the last status question has nothing printable after it.
    @Test("inside tmux the status question after a screen reaches tmux's client after all of the screen's cells",
          arguments: ["/usr/bin/tmux", ReleaseBuild.root + "/.build/tmux-3.5a/usr/bin/tmux"])
    func questionAfterTheCells(tmux: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: tmux), "no \(tmux)")
        var environment = ProcessInfo.processInfo.environment
        for name in ["TMUX", "TMUX_PANE", "STY", "REEL_TRACE"] { environment[name] = nil }
        environment["TERM"] = "xterm-256color"
        environment["COLORTERM"] = "truecolor"
        // Cells: tmux 3.5a draws sixel itself, and reel would send it sixel, unpaced.
        let reel = [Paths.reel, "--no-audio", "--pause", "--hide-delay=60", "--graphics=blocks", Paths.sample("photo-pan.mp4")]
        let socket = "reel-order-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let client = try PtyProcess(tmux, arguments: ["-L", socket, "-f", "/dev/null", "new-session",
                                                      reel.map { "'\($0)'" }.joined(separator: " "),
                                                      ";", "set-option", "-g", "status", "off"],
                                    environment: environment.map { "\($0.key)=\($0.value)" }, columns: 120, rows: 40)
        // The server is killed, not asked to end: it inherits the test process's blocked
        // signals through the pty's fork, and kill-server's SIGTERM to itself would wait forever.
        defer {
            let server = (try? Subprocess.run(tmux, ["-L", socket, "display-message", "-p", "#{pid}"]))
                .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if let server, server > 0 { kill(server, SIGKILL) }
            kill(client.pid, SIGKILL)
            waitpid(client.pid, nil, 0)
            unlink("/tmp/tmux-\(getuid())/\(socket)")
        }
        // tmux's own questions (DA2, and DA1 from 3.5a), answered as a terminal would: until
        // they are, tmux takes any DA answer for its own. Then the probe's last questions,
        // through the passthrough: the status question and DA1.
        let own = Array("\u{1B}[>c".utf8), both = Array("\u{1B}[c\u{1B}[>c".utf8), probe = Array("\u{1B}[5n\u{1B}[c".utf8)
        var answeredOwn = false
        let deadline = Date().addingTimeInterval(30)
        while client.index(of: probe, after: 0) == nil, Date() < deadline {
            _ = client.pump(milliseconds: 50)
            if !answeredOwn, client.index(of: own, after: 0) != nil {
                client.send(Array(((client.index(of: both, after: 0) != nil ? "\u{1B}[?62;22c" : "") + "\u{1B}[>0;10;1c").utf8))
                answeredOwn = true
            }
        }
        let probeEnd = try #require(client.index(of: probe, after: 0), "no probe through tmux's passthrough") + probe.count
        client.send(Array("\u{1B}[0n\u{1B}[?62;22c".utf8))
        // The screens up to the paused picture, each with its question; none is answered.
        let settle = Date().addingTimeInterval(4)
        while Date() < settle { _ = client.pump(milliseconds: 50) }
        let status = Array("\u{1B}[5n".utf8)
        var last: Int?, from = probeEnd
        while let found = client.index(of: status, after: from) { last = found; from = found + status.count }
        let question = try #require(last, "no status question after a screen")
        let output = client.output
        let after = Self.printable(output[(question + status.count)...])
        #expect(after == 0, "\(after) printable bytes reached tmux's client after the last question")
        #expect(Self.printable(output[probeEnd..<question]) > 1_000, "the screens before it")
    }
}
