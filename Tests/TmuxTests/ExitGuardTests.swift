@testable import Tmux
import Glibc
import Testing
import Terminal

/// What the exit guard does once reel is gone: put back the pane's `allow-passthrough` while it
/// is still the `on` of that reel's claim, and nothing else.
@Suite("ExitGuard: the pane put back after reel, and only what is still reel's", .serialized)
struct ExitGuardTests {
    typealias Server = PanePassthroughTests.Server

    @Test("after a reel that was killed: its on goes back to the value before, unset or its own", arguments: [nil, "off"] as [String?])
    func killed(own: String?) throws {
        try #require(access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/setup")
        let server = Server("guard-\(own ?? "unset")")
        defer { server.stop() }
        if let own { server.run(["set-option", "-p", "-t", "%0", "allow-passthrough", own]) }
        server.run(PassthroughClaim(process: 42, own: own).claimCommands(pane: "%0"))
        #expect(server.own == "allow-passthrough on\n" && server.claim == "@reel-passthrough 42:\(own ?? "-")\n")
        ExitGuard.undoPassthrough(of: 42, environment: server.environment)
        #expect(server.own == (own.map { "allow-passthrough \($0)\n" } ?? "") && server.claim == "")
    }

    @Test("a value changed since reel set it stays, only the claim goes; another reel's claim and a user's own on stay")
    func notReels() throws {
        try #require(access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/setup")
        let server = Server("guard-changed")
        defer { server.stop() }
        server.run(PassthroughClaim(process: 42, own: nil).claimCommands(pane: "%0"))
        server.run(["set-option", "-p", "-t", "%0", "allow-passthrough", "off"])
        ExitGuard.undoPassthrough(of: 42, environment: server.environment)
        #expect(server.own == "allow-passthrough off\n" && server.claim == "", "the user's off stays")
        server.run(PassthroughClaim(process: 43, own: nil).claimCommands(pane: "%0"))
        ExitGuard.undoPassthrough(of: 42, environment: server.environment)
        #expect(server.own == "allow-passthrough on\n" && server.claim == "@reel-passthrough 43:-\n", "reel 43's claim is not 42's")
        server.run(["set-option", "-p", "-u", "-t", "%0", "@reel-passthrough"])
        ExitGuard.undoPassthrough(of: 42, environment: server.environment)
        #expect(server.own == "allow-passthrough on\n", "after a clean exit (no claim) the user's on is theirs")
    }

    @Test("the guard's arguments are reel's process id, nothing else")
    func arguments() {
        #expect(ExitGuard.main(arguments: [], environment: [:]) == 2)
        #expect(ExitGuard.main(arguments: ["x"], environment: [:]) == 2)
        #expect(ExitGuard.main(arguments: ["0"], environment: [:]) == 2)
    }
}
