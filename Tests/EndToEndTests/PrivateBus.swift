import Foundation
import Glibc

/// Test support: a D-Bus session bus of the test's own (`dbus-daemon --session`), never the
/// user's, ended when the value goes; and the programs that talk to it (playerctl, dbus-send,
/// dbus-monitor) run with its address.
final class PrivateBus {
    /// `unix:path=…,guid=…`, for DBUS_SESSION_BUS_ADDRESS.
    let address: String
    private let pid: pid_t
    private var monitors: [pid_t] = []

    init() throws {
        let output = try Subprocess.run("/usr/bin/dbus-daemon", ["--session", "--fork", "--nopidfile",
                                                                  "--print-address=1", "--print-pid=1"])
        let lines = output.split(separator: "\n").map(String.init)
        guard lines.count >= 2, let pid = pid_t(lines[1]), lines[0].hasPrefix("unix:") else {
            throw Subprocess.Failure(description: "dbus-daemon printed \(output)")
        }
        address = lines[0]
        self.pid = pid
    }

    deinit {
        for monitor in monitors {
            kill(monitor, SIGTERM)
            var status: Int32 = 0
            _ = waitpid(monitor, &status, 0)
        }
        kill(pid, SIGTERM)
    }

    /// The environment of a program on this bus.
    var environment: [String] {
        ["DBUS_SESSION_BUS_ADDRESS=\(address)", "PATH=/usr/bin:/bin", "HOME=\(NSTemporaryDirectory())"]
    }

    /// Runs `playerctl ARGUMENTS` for reel's players; its output, trimmed.
    @discardableResult
    func playerctl(_ arguments: String...) throws -> String {
        try Subprocess.run("/usr/bin/playerctl", ["--player=reel"] + arguments, environment: environment)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Calls a method with `dbus-send --print-reply`; its output.
    @discardableResult
    func send(to name: String, _ member: String, _ arguments: [String] = []) throws -> String {
        try Subprocess.run("/usr/bin/dbus-send", ["--session", "--print-reply", "--dest=\(name)", "/org/mpris/MediaPlayer2",
                                                  member] + arguments, environment: environment)
    }

    /// Calls a method until `condition` holds for its reply (see ``send(to:_:_:)``); the last reply.
    @discardableResult
    func waitForReply(to name: String, _ member: String, _ arguments: [String], timeout: Double = 10,
                      _ condition: (String) -> Bool) throws -> String {
        try poll(timeout: timeout, condition) { try send(to: name, member, arguments) }
    }

    /// The names on the bus.
    func names() throws -> String {
        try Subprocess.run("/usr/bin/dbus-send", ["--session", "--print-reply", "--dest=org.freedesktop.DBus",
                                                  "/org/freedesktop/DBus", "org.freedesktop.DBus.ListNames"],
                           environment: environment)
    }

    /// Starts `dbus-monitor` on the bus's signals, writing to `path` until the bus goes.
    func monitor(into path: String) throws {
        monitors.append(try Subprocess.spawn("/usr/bin/dbus-monitor", ["--session", "type='signal'"],
                                             environment: environment, output: path))
    }

    /// Waits until `condition` holds for playerctl's output of `arguments`; the last output.
    @discardableResult
    func waitFor(_ arguments: [String], timeout: Double = 10, _ condition: (String) -> Bool) throws -> String {
        try poll(timeout: timeout, condition) {
            try Subprocess.run("/usr/bin/playerctl", ["--player=reel"] + arguments, environment: environment)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// Calls `produce` every 0.1 s until `condition` holds for what it returns; the last of it.
    private func poll(timeout: Double, _ condition: (String) -> Bool, _ produce: () throws -> String) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var output = ""
        repeat {
            output = try produce()
            if condition(output) { return output }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline
        return output
    }
}
