@testable import App
import Glibc
import Testing
@testable import Terminal

@Suite("PanePassthrough: allow-passthrough on for reel's pane only, and back as it was", .serialized)
struct PanePassthroughTests {
    @Test("the commands: on for the pane; back to its own value, or unset when it inherited", arguments: [
        (nil, ["tmux", "-S", "/s", "set-option", "-p", "-u", "-t", "%4", "allow-passthrough"]),
        ("off", ["tmux", "-S", "/s", "set-option", "-p", "-t", "%4", "allow-passthrough", "off"]),
    ] as [(String?, [String])])
    func commands(own: String?, back: [String]) {
        let commands = PanePassthrough.commands(server: ["tmux", "-S", "/s"], pane: "%4", own: own)
        #expect(commands.on == ["tmux", "-S", "/s", "set-option", "-p", "-t", "%4", "allow-passthrough", "on"])
        #expect(commands.back == back)
    }

    /// A detached tmux server of the test's own, and the environment reel would have in its pane.
    struct Server {
        let path: String
        let socket: String

        init(_ name: String) {
            socket = "reel-passthrough-\(name)-\(getpid())"
            path = "/tmp/tmux-\(getuid())/\(socket)"
            _ = TmuxClient.output(of: ["tmux", "-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24",
                                       "sleep 60"], timeout: 5)
        }

        var environment: [String: String] { ["TMUX": "\(path),1,0", "TMUX_PANE": "%0"] }

        /// The pane's own `allow-passthrough` line, empty when it has none.
        var own: String {
            String(decoding: TmuxClient.output(of: ["tmux", "-S", path, "show-options", "-p", "-t", "%0", "allow-passthrough"],
                                               timeout: 5) ?? [], as: UTF8.self)
        }

        func run(_ arguments: [String]) {
            _ = TmuxClient.output(of: ["tmux", "-S", path] + arguments, timeout: 5)
        }

        func stop() { run(["kill-server"]) }
    }

    @Test("a real tmux: the pane is seen, passthrough turned on for it, and put back unset or as its own value was",
          arguments: [nil, "off"] as [String?])
    func realTmux(own: String?) throws {
        guard access("/usr/bin/tmux", X_OK) == 0 else { return }
        let server = Server(own ?? "unset")
        defer { server.stop() }
        if let own { server.run(["set-option", "-p", "-t", "%0", "allow-passthrough", own]) }
        let view = try #require(TmuxClient.view(environment: server.environment, timeout: 5))
        #expect(view.clients.isEmpty && view.origin == .zero && !view.passthroughAllowed && view.paneOwnPassthrough == own)
        let owner = try #require(PanePassthrough.turnOn(view: view, environment: server.environment))
        #expect(server.own == "allow-passthrough on\n")
        owner.restore()
        #expect(server.own == (own.map { "allow-passthrough \($0)\n" } ?? ""))
        server.run(["set-option", "-p", "-t", "%0", "allow-passthrough", "on"])
        owner.restore()
        #expect(server.own == "allow-passthrough on\n", "put back once only")
        let on = try #require(TmuxClient.view(environment: server.environment, timeout: 5))
        #expect(PanePassthrough.turnOn(view: on, environment: server.environment) == nil, "already on: nothing to change")
    }
}
