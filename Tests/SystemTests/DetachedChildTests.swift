import Glibc
import System
import Testing

/// ``ChildProcess/spawnDetached(_:arguments:)``: the child that outlives its parent and reads
/// the end of its input when the parent is gone.
@Suite("A detached child and its lifeline")
struct DetachedChildTests {
    /// Waits until `file` holds a line that ends with a newline, for up to 10 s; its text.
    static func waitForLines(_ file: String, count: Int) -> String {
        var text = ""
        for _ in 0..<1000 {
            text = String(decoding: FileSystem.read(FilePath(file), limit: 4096) ?? [], as: UTF8.self)
            if text.filter({ $0 == "\n" }).count >= count { break }
            var none: [PollEntry] = []
            _ = try? Poll.wait(&none, timeout: 0.01)
        }
        return text
    }

    @Test("it runs in a session of its own, in /, with no terminal, and its input ends when the lifeline closes")
    func lifeline() throws {
        let file = "/tmp/reel-detached-\(getpid())"
        defer { unlink(file) }
        // The child says its session, its process id, its folder and its descriptors 1 and 2,
        // then waits for the end of its input.
        let script = "exec >> '\(file)'; ps -o sid= -p $$; echo $$; pwd; readlink /proc/$$/fd/2; cat; echo end"
        var (id, lifeline): (Int32, FileDescriptor?) = try ChildProcess.spawnDetached("/bin/sh", arguments: ["sh", "-c", script])
        #expect(fcntl(lifeline!.rawValue, F_GETFD) & FD_CLOEXEC != 0, "no other child inherits the lifeline")
        let started = Self.waitForLines(file, count: 4).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(started == ["\(id)", "\(id)", "/", "/dev/null"], "its own session, in /, its errors to /dev/null")
        #expect(!Self.waitForLines(file, count: 4).contains("end"), "still waiting while the lifeline is open")
        lifeline = nil
        #expect(Self.waitForLines(file, count: 5).hasSuffix("end\n"), "the end of its input once the lifeline closed")
        var status: Int32 = 0
        #expect(waitpid(id, &status, 0) == id && status == 0)
        #expect(!ChildProcess.exists(id) && ChildProcess.exists(getpid()) && ChildProcess.exists(1))
    }

    @Test("telling a child that is gone is false, and raises no SIGPIPE, where SIGPIPE would end the process")
    func tellGone() throws {
        var (id, lifeline) = try ChildProcess.spawnDetached("/bin/sh", arguments: ["sh", "-c", "exit 0"])
        var status: Int32 = 0
        #expect(waitpid(id, &status, 0) == id)
        let previous = signal(SIGPIPE, SIG_DFL)
        defer { signal(SIGPIPE, previous) }
        #expect(!ChildProcess.tell(lifeline, Array("done\n".utf8)), "no reader: EPIPE")
        var pending = sigset_t()
        sigpending(&pending)
        #expect(sigismember(&pending, SIGPIPE) == 0, "no SIGPIPE left pending")
        (id, lifeline) = try ChildProcess.spawnDetached("/bin/sh", arguments: ["sh", "-c", "read line; exit 0"])
        #expect(ChildProcess.tell(lifeline, Array("done\n".utf8)))
        #expect(waitpid(id, &status, 0) == id && status == 0)
    }

    @Test("a program that is not there is a typed error naming posix_spawn and the path")
    func missing() {
        #expect(throws: SystemError(call: "posix_spawn", errno: ENOENT, path: "/nonexistent/reel")) {
            _ = try ChildProcess.spawnDetached("/nonexistent/reel", arguments: ["reel"])
        }
    }
}
