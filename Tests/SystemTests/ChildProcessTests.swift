import Glibc
import System
import Testing

/// A helper process: its output read, and what it is told on its standard input instead of its
/// command line.
@Suite("Child process")
struct ChildProcessTests {
    @Test("the bytes given as input are the child's standard input, then its end; without them it reads /dev/null")
    func input() throws {
        let sent = Array("ffconcat version 1.0\nfile 'http://alice:hunter2@host/v.mkv'\n".utf8)
        #expect(ChildProcess.output(of: ["cat"], input: sent, timeout: 10, maxBytes: 4096) == sent)
        #expect(ChildProcess.output(of: ["cat"], timeout: 10, maxBytes: 4096) == [])
    }

    @Test("input larger than a socket holds goes in while the child reads it; a child that reads none of it is no harm")
    func largeInput() throws {
        let big = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let counted = try #require(ChildProcess.output(of: ["wc", "-c"], input: big, timeout: 20, maxBytes: 64))
        #expect(String(decoding: counted, as: UTF8.self).split(separator: "\n").first == "\(big.count)")
        // `true` exits at once: the rest cannot be sent, and no SIGPIPE ends this process.
        #expect(ChildProcess.output(of: ["true"], input: big, timeout: 10, maxBytes: 64) == [])
    }
}
