#if canImport(Glibc)
import Glibc
#endif
import System
import Terminal
import Testing

/// The session in this process, on a pty it opens by path (never the test runner's own terminal).
/// Serialized: one session at a time may be open in a process, so a test run beside the
/// lifecycle's open session would see `EBUSY` instead of what it checks.
@Suite("TerminalSession in process", .serialized)
struct TerminalSessionTests {
    /// Reads what is waiting on `fd` (non-blocking).
    func drain(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 0) > 0 else { return out }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return out }
            out += buffer[0..<n]
        }
    }

    @Test("enter, size, input, signals and restore on a pty")
    func lifecycle() throws {
        var master: Int32 = -1, slave: Int32 = -1
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 1200, ws_ypixel: 800)
        var name = [CChar](repeating: 0, count: 4096)  // openpty writes the slave's path here
        guard openpty(&master, &slave, &name, nil, &size) == 0 else { throw SystemError(call: "openpty", errno: errno) }
        defer { close(master); close(slave) }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var before = termios()
        tcgetattr(slave, &before)

        let session = try TerminalSession(path: path)
        #expect(throws: SystemError(call: "TerminalSession", errno: EBUSY)) { try TerminalSession(path: path) }
        try session.enter()
        try session.enter()  // idempotent
        #expect(drain(master) == Array(TerminalSession.enterSequence.utf8))
        var raw = termios()
        tcgetattr(slave, &raw)
        #expect(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG) == 0)
        #expect(raw.c_oflag & tcflag_t(OPOST) != 0, "output processing kept")

        #expect(try session.size() == TerminalSize(columns: 120, rows: 40, pixelWidth: 1200, pixelHeight: 800))

        var input: [UInt8] = []
        #expect(try session.readInput(into: &input) == 0, "nothing typed yet")
        _ = write(master, "\u{03}\u{1A}x", 3)
        var pfd = pollfd(fd: session.fileDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&pfd, 1, 5000)
        #expect(try session.readInput(into: &input) == 3)
        #expect(input == [0x03, 0x1A, 0x78], "Ctrl-C and Ctrl-Z arrive as bytes in raw mode")

        raise(SIGWINCH)
        raise(SIGCONT)
        #expect(session.pendingSignals() == [.resize, .resume])
        #expect(session.pendingSignals().isEmpty)

        session.restore()
        session.restore()  // idempotent
        #expect(drain(master) == Array(TerminalSession.restoreSequence.utf8))
        var after = termios()
        tcgetattr(slave, &after)
        #expect(sameTermios(after, before))
        session.close()
        let again = try TerminalSession(path: path)  // the handlers are free again
        again.close()
    }

    @Test("opening a missing terminal is a typed error naming the call")
    func missingTerminal() {
        #expect(throws: SystemError(call: "open /nonexistent/tty", errno: ENOENT)) { try TerminalSession(path: "/nonexistent/tty") }
    }
}
