@testable import Tmux
import Glibc
import Testing
@testable import Terminal

@Suite("PanePassthrough: allow-passthrough on for reel's pane only, and back as it was", .serialized)
struct PanePassthroughTests {
    @Test("the commands: on for the pane with reel's claim; back to its own value, or unset when it inherited, and the claim gone",
          arguments: [
              (nil, ["tmux", "-S", "/s", "set-option", "-p", "-u", "-t", "%4", "allow-passthrough", ";",
                     "set-option", "-p", "-u", "-t", "%4", "@reel-passthrough"]),
              ("off", ["tmux", "-S", "/s", "set-option", "-p", "-t", "%4", "allow-passthrough", "off", ";",
                       "set-option", "-p", "-u", "-t", "%4", "@reel-passthrough"]),
          ] as [(String?, [String])])
    func commands(own: String?, back: [String]) {
        let commands = PanePassthrough.commands(server: ["tmux", "-S", "/s"], pane: "%4", claim: PassthroughClaim(process: 42, own: own))
        #expect(commands.on == ["tmux", "-S", "/s", "set-option", "-p", "-t", "%4", "allow-passthrough", "on", ";",
                                "set-option", "-p", "-t", "%4", "@reel-passthrough", "42:\(own ?? "-")"])
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

        /// The pane's claim line (`@reel-passthrough 42:-`), empty when it has none.
        var claim: String {
            String(decoding: TmuxClient.output(of: ["tmux", "-S", path, "show-options", "-p", "-q", "-t", "%0", "@reel-passthrough"],
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
        try #require(access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/setup")
        let server = Server(own ?? "unset")
        defer { server.stop() }
        if let own { server.run(["set-option", "-p", "-t", "%0", "allow-passthrough", own]) }
        let view = try #require(TmuxClient.view(environment: server.environment, timeout: 5))
        #expect(view.clients.isEmpty && view.origin == .zero && !view.passthroughAllowed && view.paneOwnPassthrough == own)
        let owner = try #require(PanePassthrough.turnOn(view: view, environment: server.environment))
        #expect(server.own == "allow-passthrough on\n")
        #expect(server.claim == "@reel-passthrough \(getpid()):\(own ?? "-")\n")
        owner.restore()
        #expect(server.own == (own.map { "allow-passthrough \($0)\n" } ?? ""))
        #expect(server.claim == "")
        server.run(["set-option", "-p", "-t", "%0", "allow-passthrough", "on"])
        owner.restore()
        #expect(server.own == "allow-passthrough on\n", "put back once only")
        let on = try #require(TmuxClient.view(environment: server.environment, timeout: 5))
        #expect(PanePassthrough.turnOn(view: on, environment: server.environment) == nil, "already on: nothing to change")
    }

    @Test("a later reel undoes the claim of a reel gone with its guard (its on is not the user's), and leaves a live one's alone",
          arguments: [nil, "off"] as [String?])
    func leakedClaim(own: String?) throws {
        try #require(access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/setup")
        let server = Server("leaked-\(own ?? "unset")")
        defer { server.stop() }
        // What a reel killed with its guard leaves: on, and the claim of a process that is gone.
        let gone = PassthroughClaim(process: 2_000_000_007, own: own)
        server.run(gone.claimCommands(pane: "%0"))
        let leaked = try #require(TmuxClient.view(environment: server.environment, timeout: 5))
        #expect(leaked.passthroughAllowed && leaked.passthroughClaim == gone)
        let view = try #require(PanePassthrough.reclaim(view: leaked, environment: server.environment))
        #expect(server.own == (own.map { "allow-passthrough \($0)\n" } ?? "") && server.claim == "", "put back as before the dead reel")
        #expect(!view.passthroughAllowed && view.paneOwnPassthrough == own && view.passthroughClaim == nil)
        let owner = try #require(PanePassthrough.turnOn(view: view, environment: server.environment), "off again: this reel turns it on")
        owner.restore()
        #expect(server.own == (own.map { "allow-passthrough \($0)\n" } ?? ""), "and puts back the user's value, not the leaked on")
        // A claim of a reel still running (this test's parent stands in for it) is its own business.
        let live = PassthroughClaim(process: getppid(), own: own)
        server.run(live.claimCommands(pane: "%0"))
        let held = try #require(TmuxClient.view(environment: server.environment, timeout: 5))
        #expect(PanePassthrough.reclaim(view: held, environment: server.environment) == held)
        #expect(server.own == "allow-passthrough on\n")
    }
}
