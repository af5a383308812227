#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import System
import Terminal
import Testing

@Suite("TerminalOutput")
struct TerminalOutputTests {
    /// A pipe whose buffer holds only one page, so large frames are written in parts.
    func smallPipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SystemError(call: "pipe", errno: errno) }
        _ = fcntl(ends[1], 1031 /* F_SETPIPE_SZ */, 4096)
        let flags = fcntl(ends[0], F_GETFL)
        _ = fcntl(ends[0], F_SETFL, flags | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    /// Reads what `fd` holds into `received`; returns how many bytes that was.
    @discardableResult
    static func drain(_ fd: Int32, into received: inout [UInt8]) -> Int {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var total = 0
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return total }
            received += buffer[0..<n]
            total += n
        }
    }

    @Test("a frame larger than the pipe is written in parts, one frame in flight, never blocking")
    func partialWrites() throws {
        let pipe = try smallPipe()
        defer { close(pipe.read); close(pipe.write) }
        let output = try TerminalOutput(adopting: pipe.write)
        let frame = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        #expect(output.isIdle)
        #expect(try output.submit(frame))
        #expect(!output.isIdle && output.wantsWritable, "the pipe took only part of it")
        #expect(try output.submit([1, 2, 3]) == false, "a second frame is refused while one is in flight")
        var received: [UInt8] = []
        var rounds = 0
        while !output.isIdle {
            Self.drain(pipe.read, into: &received)
            _ = try output.flush()
            rounds += 1
            #expect(rounds < 10_000)
            if rounds >= 10_000 { break }
        }
        Self.drain(pipe.read, into: &received)
        #expect(received == frame)
        #expect(rounds > 1)
        #expect(output.bytesWritten == frame.count)
        #expect(try output.submit([1, 2, 3]))
        Self.drain(pipe.read, into: &received)
        #expect(received.suffix(3) == [1, 2, 3])
    }

    @Test("an adopted descriptor gets its flags back, so the shell never inherits O_NONBLOCK")
    func restoresFlags() throws {
        let pipe = try smallPipe()
        defer { close(pipe.read); close(pipe.write) }
        let before = fcntl(pipe.write, F_GETFL)
        let output = try TerminalOutput(adopting: pipe.write)
        #expect(fcntl(pipe.write, F_GETFL) & O_NONBLOCK != 0)
        output.close()
        #expect(fcntl(pipe.write, F_GETFL) == before)
        output.close()
    }

    @Test("finishing writes the rest of the frame as the reader takes it, and gives up on one that takes nothing")
    func finish() throws {
        let pipe = try smallPipe()
        defer { close(pipe.read); close(pipe.write) }
        let output = try TerminalOutput(adopting: pipe.write)
        let frame = (0..<60_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        try output.submit(frame)
        #expect(!output.isIdle)
        #expect(try output.finish(within: 0.05) == false, "nobody reads: the rest stays")
        #expect(!output.isIdle)
        // A reader on another thread that waits for bytes and takes them as they come, until
        // 0.4 s pass with nothing (no sleeping: poll wakes it for each batch).
        let reader = pipe.read
        let received = ReceivedBytes()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            var entries = [PollEntry(reader, events: .readable)]
            var silentSince = MonotonicClock.now()
            while case let left = silentSince + 0.4 - MonotonicClock.now(), left > 0 {
                _ = try? Poll.wait(&entries, timeout: left)
                if Self.drain(reader, into: &received.bytes) > 0 { silentSince = MonotonicClock.now() }
            }
        }
        #expect(try output.finish(within: 10))
        #expect(output.isIdle)
        group.wait()
        #expect(received.bytes == frame)
    }

    /// What the reader thread took, read once it is done.
    final class ReceivedBytes: @unchecked Sendable {
        var bytes: [UInt8] = []
    }

    @Test("discarding drops the frame in flight")
    func discard() throws {
        let pipe = try smallPipe()
        defer { close(pipe.read); close(pipe.write) }
        let output = try TerminalOutput(adopting: pipe.write)
        try output.submit([UInt8](repeating: 65, count: 50_000))
        #expect(!output.isIdle)
        output.discardPending()
        #expect(output.isIdle)
    }

    @Test("a write error is a typed SystemError naming the call")
    func writeError() throws {
        let pipe = try smallPipe()
        close(pipe.read)
        defer { close(pipe.write) }
        signal(SIGPIPE, SIG_IGN)
        let output = try TerminalOutput(adopting: pipe.write)
        #expect(throws: SystemError(call: "write", errno: EPIPE)) { try output.submit([1]) }
        #expect(throws: SystemError.self) { try TerminalOutput(path: "/nonexistent/tty") }
        #expect(SystemError(call: "write", errno: EPIPE).description.hasPrefix("write: "))
    }

    @Test("the cell aspect comes from the pixel size, else 1:2")
    func cellAspect() {
        #expect(TerminalSize(columns: 80, rows: 24, pixelWidth: 640, pixelHeight: 384).cellAspect == 0.5)
        #expect(TerminalSize(columns: 100, rows: 50, pixelWidth: 900, pixelHeight: 1000).cellAspect == 0.45)
        #expect(TerminalSize(columns: 80, rows: 24).cellAspect == 0.5)
    }
}
