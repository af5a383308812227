import Glibc
import Testing

/// Test support: runs a program with posix_spawn and waits for it with waitpid, reading its
/// stdout from a file (a daemon it starts, like tmux's server, may keep any pipe open forever).
enum Subprocess {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `executable` with `arguments` (and `environment`, when given, instead of this
    /// process's), stdin from /dev/null, stdout to `output` (/dev/null by default), stderr to
    /// /dev/null; returns its process id without waiting.
    static func spawn(_ executable: String, _ arguments: [String], environment: [String]? = nil,
                      output: String = "/dev/null") throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Children start with no signals blocked, whatever the test runner's thread had.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { $0.map { strdup($0) } + [nil] }
        defer { envp?.forEach { free($0) } }
        var pid: pid_t = 0
        let code = envp.map { posix_spawn(&pid, executable, &actions, &attributes, argv, $0) }
            ?? posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        guard code == 0 else { throw Failure(description: "posix_spawn \(executable): \(code)") }
        return pid
    }

    /// Runs `executable` with `arguments` (and `environment`, when given, instead of this
    /// process's); returns its stdout when `captureOutput`.
    @discardableResult
    static func run(_ executable: String, _ arguments: [String], environment: [String]? = nil,
                    captureOutput: Bool = true) throws -> String {
        let outputPath = "/tmp/reel-subprocess-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).out"
        defer { unlink(outputPath) }
        let pid = try spawn(executable, arguments, environment: environment, output: captureOutput ? outputPath : "/dev/null")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno == EINTR { continue }
            // Another part of the test process (Foundation's Process) may reap every child on
            // SIGCHLD; then wait for the process to be gone instead.
            while kill(pid, 0) == 0 { usleep(2_000) }
            break
        }
        guard captureOutput, let file = fopen(outputPath, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The runner the tmux sessions are driven through.
@Suite("Test support: Subprocess")
struct SubprocessTests {
    @Test("it returns the program's standard output, arguments passed as they are")
    func output() throws {
        #expect(try Subprocess.run("/bin/echo", ["two words", "-n"]) == "two words -n\n")
    }

    @Test("without capture it returns nothing, and it waits for the program to end")
    func noCapture() throws {
        let marker = "/tmp/reel-subprocess-test-\(getpid())"
        defer { unlink(marker) }
        #expect(try Subprocess.run("/bin/sh", ["-c", "sleep 0.2; echo done > \(marker)"], captureOutput: false) == "")
        #expect(access(marker, F_OK) == 0)
    }

    @Test("a program that cannot be started is an error")
    func missingProgram() {
        #expect(throws: Subprocess.Failure.self) { try Subprocess.run("/nonexistent/reel-no-such-program", []) }
    }
}
