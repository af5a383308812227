import DesktopBus
import Foundation
import Glibc
import Testing

/// The libdbus binding against a real bus of the test's own: values out and back through
/// dbus-send, names, and what it does without a bus.
@Suite("Bus connection", .serialized)
struct BusConnectionTests {
    /// A private `dbus-daemon --session`, ended with the value.
    final class Daemon {
        let address: String
        private let pid: pid_t

        init() throws {
            // --fork: the daemon prints its address and pid, and the command returns.
            guard let stream = popen("/usr/bin/dbus-daemon --session --fork --nopidfile --print-address=1 --print-pid=1 2>/dev/null", "r")
            else { throw BusError(operation: "start dbus-daemon", message: "popen failed") }
            var lines: [String] = []
            var buffer = [CChar](repeating: 0, count: 512)
            while lines.count < 2, fgets(&buffer, Int32(buffer.count), stream) != nil {
                lines.append(String(cString: buffer).trimmingCharacters(in: .whitespacesAndNewlines))
            }
            pclose(stream)
            guard lines.count == 2, let pid = pid_t(lines[1]) else {
                throw BusError(operation: "start dbus-daemon", message: "it printed \(lines)")
            }
            address = lines[0]
            self.pid = pid
        }

        deinit { kill(pid, SIGTERM) }

        /// Starts `dbus-send --print-reply ARGUMENTS` on this bus, its output going to `output`.
        func send(_ arguments: [String], output: String) throws -> pid_t {
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            let argv = (["/usr/bin/dbus-send", "--print-reply"] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            let assignment: String = "DBUS_SESSION_BUS_ADDRESS=" + address
            let envp: [UnsafeMutablePointer<CChar>?] = [strdup(assignment), nil]
            defer { envp.forEach { free($0) } }
            var pid: pid_t = 0
            guard posix_spawn(&pid, "/usr/bin/dbus-send", &actions, nil, argv, envp) == 0 else {
                throw BusError(operation: "start dbus-send", message: "posix_spawn failed")
            }
            return pid
        }
    }

    /// Answers calls on `bus` with `handler` until `pid` exits (at most 10 s); its exit status
    /// and what it printed.
    static func serve(_ bus: BusConnection, until pid: pid_t, output: String,
                      _ handler: (BusCall) -> BusReply) -> (status: Int32, printed: String) {
        let deadline = Date().addingTimeInterval(10)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline { kill(pid, SIGKILL); _ = waitpid(pid, &status, 0); break }
            var descriptor = pollfd(fd: bus.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            bus.dispatch(handler)
        }
        let printed = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        unlink(output)
        return ((status >> 8) & 0xFF, printed)
    }

    /// Calls `member` of `org.example.Test` with dbus-send, on a connection of a fresh private
    /// bus that answers with `handler`; dbus-send's exit status and what it printed.
    static func exchange(_ member: String, _ arguments: [String] = [],
                         _ handler: (BusCall) -> BusReply) throws -> (status: Int32, printed: String) {
        let daemon = try Daemon()
        let bus = try BusConnection(address: daemon.address)
        try bus.requestName("org.example.ReelTest")
        let output = outputPath()
        let sender = try daemon.send(["--dest=org.example.ReelTest", "/org/mpris/MediaPlayer2", "org.example.Test.\(member)"]
                                     + arguments, output: output)
        return serve(bus, until: sender, output: output, handler)
    }

    static func outputPath() -> String {
        NSTemporaryDirectory() + "reel-bus-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    @Test("no DBUS_SESSION_BUS_ADDRESS, an empty one or an autolaunch: one is no bus, and nothing is started")
    func noBus() throws {
        #expect(try BusConnection.session(environment: [:]) == nil)
        #expect(try BusConnection.session(environment: ["DBUS_SESSION_BUS_ADDRESS": ""]) == nil)
        #expect(try BusConnection.session(environment: ["DBUS_SESSION_BUS_ADDRESS": "autolaunch:"]) == nil)
    }

    @Test("a bus that is not there is a BusError, with libdbus's reason")
    func missingBus() {
        #expect(throws: BusError.self) {
            try BusConnection(address: "unix:path=/nonexistent/reel-test-bus")
        }
    }

    @Test("a name is owned once: a second connection cannot take it")
    func names() throws {
        let daemon = try Daemon()
        let first = try BusConnection(address: daemon.address)
        try first.requestName("org.example.ReelTest")
        #expect(first.uniqueName.hasPrefix(":"))
        let second = try BusConnection(address: daemon.address)
        #expect(throws: BusError.self) { try second.requestName("org.example.ReelTest") }
    }

    @Test("a call's arguments come in typed, and the reply's values go out as dbus-send reads them")
    func roundTrip() throws {
        var calls: [BusCall] = []
        let (status, printed) = try Self.exchange("Echo", ["string:café", "int64:-5", "variant:double:1.5", "objpath:/a/b",
                                                           "boolean:true", "array:string:x,y"]) { call in
            calls.append(call)
            return .values([.dictionary([("length", .int64(120_000_000)), ("title", .string("Ünïcode")),
                                         ("tags", .strings(["a", "b"]))]),
                            .objectPath("/org/mpris/MediaPlayer2/reel/track/3"), .boolean(false), .uint32(7)])
        }
        #expect(calls == [BusCall(path: "/org/mpris/MediaPlayer2", interface: "org.example.Test", member: "Echo",
                                  arguments: [.string("café"), .int64(-5), .variant(.double(1.5)), .objectPath("/a/b"),
                                              .boolean(true), .strings(["x", "y"])])])
        #expect(status == 0, "\(printed)")
        for piece in ["string \"length\"", "int64 120000000", "string \"Ünïcode\"", "string \"a\"",
                      "object path \"/org/mpris/MediaPlayer2/reel/track/3\"", "boolean false", "uint32 7"] {
            #expect(printed.contains(piece), "\(piece) not in:\n\(printed)")
        }
    }

    @Test("an error reply reaches the caller with its name")
    func errorReply() throws {
        let (status, printed) = try Self.exchange("Nothing") { .unknownMethod($0) }
        #expect(status != 0)
        #expect(printed.contains("org.freedesktop.DBus.Error.UnknownMethod"), "\(printed)")
    }
}
