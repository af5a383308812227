import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestTerminal
import Testing

/// reel on a pty of its own, with the test as the terminal: it answers the start-up probe, and
/// then answers the status questions after the screens (or does not), as a terminal at the far
/// end of a slow link would. No tmux in between: tmux answers those questions itself.
final class AnsweringTerminal {
    /// reel on its pty.
    let process: PtyProcess
    var pid: pid_t { process.pid }
    /// Everything reel wrote.
    var output: [UInt8] { process.output }

    static let status = Array("\u{1B}[5n".utf8)
    static let attributes = Array("\u{1B}[c".utf8)
    static let endOfScreen = Array("\u{1B}[?2026l".utf8)

    /// reel's trace (`REEL_TRACE`), when asked for.
    let trace: ReelTrace?

    init(_ arguments: [String], columns: UInt16 = 120, rows: UInt16 = 40, traced: Bool = false) throws {
        var environment = ProcessInfo.processInfo.environment
        for name in ["TMUX", "TMUX_PANE", "STY", "REEL_TRACE"] { environment[name] = nil }
        trace = traced ? ReelTrace(path: NSTemporaryDirectory() + "reel-pacing-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).trace") : nil
        environment["REEL_TRACE"] = trace?.path
        environment["TERM"] = "xterm-256color"
        environment["COLORTERM"] = "truecolor"
        process = try PtyProcess(Paths.reel, arguments: arguments, environment: environment.map { "\($0.key)=\($0.value)" },
                                 columns: columns, rows: rows)
    }

    deinit {
        if let trace { unlink(trace.path) }
    }

    func send(_ bytes: [UInt8]) {
        process.send(bytes)
    }

    /// Reads what reel wrote for up to `seconds`.
    func pump(seconds: Double) {
        process.pump(milliseconds: Int32(seconds * 1000))
    }

    /// Reads until `needle` appears after `start` (or `seconds` pass); where it ends.
    func waitFor(_ needle: [UInt8], after start: Int = 0, seconds: Double = 20) -> Int? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let found = process.index(of: needle, after: start) { return found + needle.count }
            pump(seconds: 0.05)
        }
        return process.index(of: needle, after: start).map { $0 + needle.count }
    }

    /// Reads for `seconds`, whatever comes.
    func listen(for seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline { pump(seconds: 0.05) }
    }

    /// How often `needle` occurs after `start`.
    func count(_ needle: [UInt8], after start: Int) -> Int {
        var n = 0, i = start
        while let found = process.index(of: needle, after: i) {
            n += 1
            i = found + needle.count
        }
        return n
    }

    /// Answers the start-up probe (which ends with the status question and DA1): the status
    /// answer only when `status`.
    func answerProbe(status: Bool) -> Int? {
        guard let end = waitFor(Self.status + Self.attributes) else { return nil }
        send(Array(((status ? "\u{1B}[0n" : "") + "\u{1B}[?62;22c").utf8))
        return end
    }

    /// Reads for `seconds`, answering every status question at once; the bytes of each screen
    /// that ended meanwhile.
    func answering(for seconds: Double, from start: Int) -> [Int] {
        var answered = start, screens: [Int] = [], screenStart = start
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            pump(seconds: 0.01)
            while let found = process.index(of: Self.status, after: answered) {
                send(Array("\u{1B}[0n".utf8))
                answered = found + Self.status.count
            }
            while let found = process.index(of: Self.endOfScreen, after: screenStart) {
                screens.append(found - screenStart)
                screenStart = found + Self.endOfScreen.count
            }
        }
        return screens
    }

    func quit() -> Int32? {
        send(Array("q".utf8))
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return status }
            pump(seconds: 0.05)
        }
        return nil
    }
}

@Suite("Pacing to the terminal's answers, on a pty of reel's own", .serialized)
struct PacingEndToEndTests {
    @Test("the next picture waits for the answer after the last one; a late answer is asked again alone; the answer lets the next go")
    func pictureWaitsForAnswer() throws {
        let terminal = try AnsweringTerminal(["--no-audio", "--loop", Paths.sample("photo-pan.mp4")])
        let probeEnd = try #require(terminal.answerProbe(status: true))
        // The first screens, each with the question after it; the test answers none of them.
        // Once the opening screen, a picture and perhaps a screen of the controls are out,
        // nothing more goes but the question asked again, alone, about once a second.
        let firstQuestion = try #require(terminal.waitFor(AnsweringTerminal.status, after: probeEnd))
        terminal.listen(for: 2)
        let settled = terminal.output.count
        terminal.listen(for: 1.5)
        let held = terminal.output.count - settled
        #expect(held < 64, "\(held) bytes went out with no answer")
        #expect(terminal.count(AnsweringTerminal.attributes, after: firstQuestion) >= 1)
        #expect(terminal.count(AnsweringTerminal.endOfScreen, after: settled) == 0)
        // Every question answered: the pictures go on.
        let statuses = terminal.count(AnsweringTerminal.status, after: probeEnd)
        let asked = terminal.count(AnsweringTerminal.attributes, after: probeEnd)
        terminal.send(Array((String(repeating: "\u{1B}[0n", count: statuses) + String(repeating: "\u{1B}[?62;22c", count: asked)).utf8))
        let before = terminal.output.count
        let next = terminal.waitFor(AnsweringTerminal.status, after: before, seconds: 10)
        #expect(next != nil && terminal.output.count - before > 8_000, "\(terminal.output.count - before) bytes after the answers")
        #expect(terminal.quit() == 0)
    }

    @Test("a terminal that does not answer the probe's status question gets no question after its screens, and its picture moves")
    func unansweredProbeKeepsThePtysPacing() throws {
        let terminal = try AnsweringTerminal(["--no-audio", "--loop", Paths.sample("photo-pan.mp4")])
        let probeEnd = try #require(terminal.answerProbe(status: false))
        terminal.listen(for: 1.5)
        #expect(terminal.count(AnsweringTerminal.status, after: probeEnd) == 0)
        #expect(terminal.count(AnsweringTerminal.endOfScreen, after: probeEnd) >= 5)
        #expect(terminal.quit() == 0)
    }

    @Test("answered at once, the pictures flow; --terminal-max-fps=2 sends at most about two a second")
    func frameRateCap() throws {
        // Pictures are counted in reel's trace (a `frame` line for each picture rendered for the
        // terminal), not by the size of the screens: a screen of the controls can be large too,
        // when it writes cells that an earlier, lossy screen left for later (seen under load:
        // 13 and 20 screens of over 8 kB in 5 s at a cap of 2).
        var counts: [Int] = []
        for arguments in [["--terminal-max-fps=2"], []] {
            // The controls stay up throughout: their fade would write screens as large as pictures.
            let terminal = try AnsweringTerminal(arguments + ["--no-audio", "--loop", "--hide-delay=60", Paths.sample("photo-pan.mp4")],
                                                 traced: true)
            let trace = try #require(terminal.trace)
            let probeEnd = try #require(terminal.answerProbe(status: true))
            _ = terminal.answering(for: 1.5, from: probeEnd)
            let mark = trace.mark
            _ = terminal.answering(for: 5, from: terminal.output.count)
            counts.append(trace.indices(of: " frame ", after: mark).count)
            #expect(terminal.quit() == 0)
        }
        let (capped, uncapped) = (counts[0], counts[1])
        // Two a second over 5 s, and the one that may fall due at the window's edge.
        #expect(capped <= 11, "\(capped) pictures in 5 s at --terminal-max-fps=2")
        #expect(capped >= 2, "\(capped) pictures in 5 s at --terminal-max-fps=2")
        #expect(uncapped > 11, "uncapped, \(uncapped) pictures in 5 s: no more than capped")
    }
}
