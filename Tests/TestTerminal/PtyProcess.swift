#if canImport(Glibc)
import Glibc
#endif

/// A program run on a fresh pty for a test, which plays the terminal from the master side: what
/// the program writes is collected in ``output``, and ``send(_:)`` types at it. The child is
/// killed, if it still runs, and the master closed when the value goes.
public final class PtyProcess {
    /// A system call that failed while starting the child, with its errno.
    public struct Failure: Error, CustomStringConvertible {
        public var call: String
        public var code: Int32
        public var description: String { "\(call): \(String(cString: strerror(code)))" }
    }

    public let pid: pid_t
    public let master: Int32
    /// Everything the child wrote so far.
    public private(set) var output: [UInt8] = []

    /// Starts `path` with `arguments` on a pty of `columns` × `rows` cells (and `pixels`, when
    /// given), with `environment` (`NAME=value` each) or, when nil, the test's own.
    public init(_ path: String, arguments: [String], environment: [String]? = nil,
                columns: UInt16, rows: UInt16, pixels: (width: UInt16, height: UInt16) = (0, 0)) throws {
        guard access(path, X_OK) == 0 else { throw Failure(call: "access \(path)", code: errno) }
        // Everything the child needs is prepared before fork: after it, only exec and _exit run.
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?]? = environment.map { $0.map { strdup($0) } + [nil] }
        defer { for p in argv + (envp ?? []) { free(p) } }
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: pixels.width, ws_ypixel: pixels.height)
        var fd: Int32 = -1
        let child = forkpty(&fd, nil, nil, &size)
        if child == 0 {
            if let envp { execve(path, argv, envp) } else { execv(path, argv) }
            _exit(127)
        }
        guard child > 0 else { throw Failure(call: "forkpty", code: errno) }
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

    /// Types `bytes` at the child.
    public func send(_ bytes: [UInt8]) {
        var bytes = bytes
        _ = bytes.withUnsafeMutableBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads what the child wrote, waiting up to `milliseconds` for it; false once the pty is closed.
    @discardableResult
    public func pump(milliseconds: Int32) -> Bool {
        var pfd = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, milliseconds) > 0 else { return true }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        if n > 0 { output.append(contentsOf: buffer[0..<n]); return true }
        return false
    }

    /// Where `needle` first occurs in the output at or after `start`.
    public func index(of needle: [UInt8], after start: Int = 0) -> Int? {
        guard !needle.isEmpty, needle.count <= output.count else { return nil }
        var i = start
        while i + needle.count <= output.count {
            if output[i] == needle[0], output[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
