#if canImport(Glibc)
import Glibc
#endif
import System
import Testing
@testable import Terminal

/// Writing straight to a tmux client's terminal: only to a terminal device, in one go.
@Suite("ClientTerminal: a delete written to a client's terminal")
struct ClientTerminalTests {
    @Test("the bytes reach the terminal at the path, raw")
    func pty() throws {
        var master: Int32 = -1, slave: Int32 = -1
        var name = [CChar](repeating: 0, count: 4096)
        guard openpty(&master, &slave, &name, nil, nil) == 0 else { throw SystemError(call: "openpty", errno: errno) }
        defer { close(master); close(slave) }
        var raw = termios()
        tcgetattr(slave, &raw)
        cfmakeraw(&raw)
        tcsetattr(slave, TCSANOW, &raw)
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let delete = Array("\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\\".utf8)
        #expect(ClientTerminal.write(delete, toTerminalAt: path))
        var entries = [PollEntry(master, events: .readable)]
        _ = try Poll.wait(&entries, timeout: 10)
        #expect(try FileDescriptor.read(master, upTo: 100) == delete)
    }

    @Test("a path that is not a terminal under /dev/, or nothing to write, writes nothing", arguments: [
        "/dev/null", "/tmp/reel-not-a-tty", "relative/pts/1", "/dev/../tmp/x", "/dev/pts/999999",
    ])
    func refused(path: String) {
        #expect(!ClientTerminal.write([0x41], toTerminalAt: path))
        #expect(access("/tmp/reel-not-a-tty", F_OK) != 0, "no file made")
    }
}
