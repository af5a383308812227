import Glibc
import System
import Testing

/// The one error type, the one retry, the one pipe, poll, the XDG rule and the C shim.
@Suite("System shim")
struct SystemShimTests {
    @Test("an error names its call, its path when it has one, and the system's reason")
    func errorText() {
        #expect(SystemError(call: "pipe", errno: EMFILE).description == "pipe: Too many open files")
        #expect(SystemError(call: "open", errno: ENOENT, path: "/x/y").description == "open /x/y: No such file or directory")
        #expect(SystemError(call: "open", errno: SystemError.notRegularFile).reason == "not a regular file")
        #expect(SystemError(call: "stat", errno: ENOTDIR).isMissing)
        #expect(!SystemError(call: "stat", errno: EACCES).isMissing)
    }

    @Test("check throws with errno on -1 and passes any other result through")
    func check() {
        #expect(throws: SystemError(call: "close", errno: EBADF)) { try SystemError.check("close") { close(-1) } }
        #expect(throws: SystemError(call: "stat", errno: ENOENT, path: "/nonexistent/reel")) {
            try SystemError.check("stat", "/nonexistent/reel") { path in
                var info = stat()
                return stat(path, &info)
            }
        }
        #expect((try? SystemError.check("getpid") { getpid() }) == getpid())
    }

    @Test("a call interrupted by a signal is run again, and only then")
    func retry() {
        var calls = 0
        let result = retryingInterrupts { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7 && calls == 3)
        calls = 0
        let failed = retryingInterrupts { () -> Int32 in
            calls += 1
            errno = EAGAIN
            return -1
        }
        #expect(failed == -1 && calls == 1 && errno == EAGAIN)
    }

    @Test("a pipe's ends are non-blocking and close-on-exec, carry bytes in order, and close with their owner")
    func pipe() throws {
        var descriptors: [Int32] = []
        do {
            let pipe = try Pipe()
            descriptors = [pipe.readEnd.rawValue, pipe.writeEnd.rawValue]
            for descriptor in descriptors {
                #expect(fcntl(descriptor, F_GETFL) & O_NONBLOCK != 0)
                #expect(fcntl(descriptor, F_GETFD) & FD_CLOEXEC != 0)
            }
            #expect(pipe.readAvailable().isEmpty, "an empty pipe reads nothing, at once")
            Pipe.write(2, to: pipe.writeEnd.rawValue)
            Pipe.write(28, to: pipe.writeEnd.rawValue)
            #expect(pipe.readAvailable() == [2, 28])
        }
        for descriptor in descriptors {
            #expect(fcntl(descriptor, F_GETFD) == -1 && errno == EBADF, "closed when the pipe went")
        }
    }

    @Test("a wake signal is readable once raised and not after it is drained")
    func wakeSignal() throws {
        let wake = try WakeSignal()
        var entries = [PollEntry(wake.fileDescriptor, events: .readable)]
        #expect(try Poll.wait(&entries, timeout: 0) == 0)
        wake.signal()
        wake.signal()
        #expect(try Poll.wait(&entries, timeout: 0) == 1)
        #expect(entries[0].returned.contains(.readable))
        wake.wait()  // raised: returns at once, and drains
        #expect(try Poll.wait(&entries, timeout: 0) == 0)
    }

    @Test("a wake signal raised from another thread ends a wait on it")
    func wakeAcrossThreads() throws {
        let wake = try WakeSignal()
        let thread = try #require(ThreadBody { wake.signal() }.spawnJoinable())
        wake.wait()
        thread.join()
        var entries = [PollEntry(wake.fileDescriptor, events: .readable)]
        #expect(try Poll.wait(&entries, timeout: 0) == 0)
    }

    @Test("writeAll writes everything, and a closed descriptor is a typed error")
    func writeAll() throws {
        let pipe = try Pipe()
        try FileDescriptor.writeAll(Array("hello".utf8), to: pipe.writeEnd.rawValue)
        #expect(try pipe.readEnd.read(upTo: 16) == Array("hello".utf8))
        #expect(throws: SystemError(call: "write", errno: EBADF)) { try FileDescriptor.writeAll([1], to: -1) }
    }

    @Test("each XDG directory: the variable when absolute, else its place below HOME, else nothing", arguments: [
        (XDGDirectory.config, ["XDG_CONFIG_HOME": "/c", "HOME": "/h"], "/c/reel/x" as FilePath?),
        (.config, ["XDG_CONFIG_HOME": "relative", "HOME": "/h"], "/h/.config/reel/x"),
        (.state, ["HOME": "/h"], "/h/.local/state/reel/x"),
        (.state, ["XDG_STATE_HOME": "/s"], "/s/reel/x"),
        (.cache, ["HOME": "/h"], "/h/.cache/reel/x"),
        (.cache, ["HOME": "h"], nil),
        (.cache, [:], nil),
    ] as [(XDGDirectory, [String: String], FilePath?)])
    func xdg(directory: XDGDirectory, environment: [String: String], expected: FilePath?) {
        #expect(directory.reelPath("x", environment: environment) == expected)
    }

    @Test("the environment is read byte for byte")
    func environment() {
        setenv("REEL_SYSTEM_TEST", "caf\u{E9}", 1)
        defer { unsetenv("REEL_SYSTEM_TEST") }
        #expect(Environment.value("REEL_SYSTEM_TEST") == "caf\u{E9}")
        #expect(Environment.current()["REEL_SYSTEM_TEST"] == "caf\u{E9}")
        #expect(Environment.value("REEL_SYSTEM_TEST_UNSET") == nil)
    }

    @Test("a directory's file system type comes from fstatfs through the C shim: /proc is proc")
    func fileSystemType() throws {
        #expect(try DirectoryReader(path: "/proc").fileSystemMagic == 0x9FA0)
        #expect(try DirectoryReader(path: "/").fileSystemMagic != 0)
    }

    @Test("a poll with nothing ready times out, and reports what came on each entry")
    func poll() throws {
        let pipe = try Pipe()
        var entries = [PollEntry(pipe.readEnd.rawValue, events: .readable), PollEntry(pipe.writeEnd.rawValue, events: .writable)]
        #expect(try Poll.wait(&entries, timeout: 0) == 1)
        #expect(entries[0].returned.isEmpty && entries[1].returned == .writable)
        var closed = [PollEntry(-1, events: .readable)]
        #expect(try Poll.wait(&closed, timeout: 0) == 0, "a negative descriptor is ignored, as poll(2) says")
    }
}
