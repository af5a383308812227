import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// reel on a pty of its own, with the test as the terminal: it answers the start-up probe, and
/// then answers the status questions after the screens (or does not), as a terminal at the far
/// end of a slow link would. No tmux in between: tmux answers those questions itself.
final class AnsweringTerminal {
    let pid: pid_t
    let master: Int32
    /// Everything reel wrote.
    private(set) var output: [UInt8] = []

    static let status = Array("\u{1B}[5n".utf8)
    static let attributes = Array("\u{1B}[c".utf8)
    static let endOfScreen = Array("\u{1B}[?2026l".utf8)

    init(_ arguments: [String], columns: UInt16 = 120, rows: UInt16 = 40) throws {
        let path = Paths.reel
        var environment = ProcessInfo.processInfo.environment
        for name in ["TMUX", "TMUX_PANE", "STY", "REEL_TRACE"] { environment[name] = nil }
        environment["TERM"] = "xterm-256color"
        environment["COLORTERM"] = "truecolor"
        // Everything the child needs is prepared before fork: after it, only execve and _exit run.
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for p in argv + envp { free(p) } }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        var fd: Int32 = -1
        let child = forkpty(&fd, nil, nil, &size)
        if child == 0 {
            execve(path, argv, envp)
            _exit(127)
        }
        guard child > 0 else { throw POSIXError(.ECHILD) }
        pid = child
        master = fd
    }

    deinit {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    func send(_ bytes: [UInt8]) {
        var bytes = bytes
        _ = bytes.withUnsafeMutableBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads what reel wrote for up to `seconds`.
    func pump(seconds: Double) {
        var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, Int32(seconds * 1000)) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if n > 0 { output.append(contentsOf: buffer[0..<n]) }
    }

    /// Reads until `needle` appears after `start` (or `seconds` pass); where it ends.
    func waitFor(_ needle: [UInt8], after start: Int = 0, seconds: Double = 20) -> Int? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let found = Self.find(needle, in: output, after: start) { return found + needle.count }
            pump(seconds: 0.05)
        }
        return Self.find(needle, in: output, after: start).map { $0 + needle.count }
    }

    /// Reads for `seconds`, whatever comes.
    func listen(for seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline { pump(seconds: 0.05) }
    }

    /// How often `needle` occurs after `start`.
    func count(_ needle: [UInt8], after start: Int) -> Int {
        var n = 0, i = start
        while let found = Self.find(needle, in: output, after: i) {
            n += 1
            i = found + needle.count
        }
        return n
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], after start: Int) -> Int? {
        guard needle.count <= haystack.count, start <= haystack.count - needle.count else { return nil }
        var i = start
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0], haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
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
            while let found = Self.find(Self.status, in: output, after: answered) {
                send(Array("\u{1B}[0n".utf8))
                answered = found + Self.status.count
            }
            while let found = Self.find(Self.endOfScreen, in: output, after: screenStart) {
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
        for (arguments, most) in [([String](), nil), (["--terminal-max-fps=2"], 2.0)] as [([String], Double?)] {
            // The controls stay up throughout: their fade would write screens as large as pictures.
            let terminal = try AnsweringTerminal(arguments + ["--no-audio", "--loop", "--hide-delay=60", Paths.sample("photo-pan.mp4")])
            let probeEnd = try #require(terminal.answerProbe(status: true))
            _ = terminal.answering(for: 1.5, from: probeEnd)
            let start = terminal.output.count
            let pictures = terminal.answering(for: 3, from: start).filter { $0 > 8_000 }.count
            if let most {
                #expect(pictures <= Int(most * 3) + 1, "\(pictures) pictures in 3 s")
                #expect(pictures >= 2)
            } else {
                #expect(pictures >= 15, "\(pictures) pictures in 3 s")
            }
            #expect(terminal.quit() == 0)
        }
    }
}
