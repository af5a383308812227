import Foundation
import Testing

/// reel inside a tmux with a client attached: the terminal behind tmux is asked through
/// passthrough, with `allow-passthrough` on for reel's pane only while it runs, and put back as
/// it was when it quits or is ended by a signal. The client's terminal is another tmux, which
/// answers no kitty query, so the picture stays in cells, and reel says why.
@Suite("Pixels through tmux end to end: passthrough and its option", .serialized)
struct TmuxPassthroughEndToEndTests {
    /// reel in a pane that starts it once a client is attached, its output piped to a file, and
    /// an outer tmux attached as that client; the inner session first.
    static func start(_ arguments: [String]) throws -> (inner: TmuxSession, outer: TmuxSession, piped: String) {
        let wait = "until tmux list-clients | grep -q .; do sleep 0.05; done; exec \"$@\""
        let inner = try TmuxSession(["/bin/sh", "-c", wait, "sh", Paths.reel, "--no-audio", "--no-resume", "--stats"] + arguments)
        let piped = inner.directory.appendingPathComponent("piped").path
        try Subprocess.run("/usr/bin/tmux", ["-L", inner.socket, "pipe-pane", "-O", "-t", "main", "cat > '\(piped)'"])
        let outer = try TmuxSession(["/usr/bin/env", "-u", "TMUX", "/usr/bin/tmux", "-L", inner.socket, "attach", "-t", "main"],
                                    wrapped: false)
        return (inner, outer, piped)
    }

    /// The pane's own `allow-passthrough` (empty when it has none).
    static func paneOption(_ session: TmuxSession) throws -> String {
        try Subprocess.run("/usr/bin/tmux", ["-L", session.socket, "show-options", "-p", "-t", "main", "allow-passthrough"])
    }

    @Test("the probe goes through passthrough, turned on for reel's pane only, kept on for the one client's answers while reel runs and put back at the end; the reason is said")
    func probeThroughPassthrough() throws {
        try #require(access("/usr/bin/tmux", X_OK) == 0, "tmux is installed by scripts/setup")
        let (inner, outer, piped) = try Self.start([Paths.sample("long.mp4")])
        withExtendedLifetime(outer) {}
        try inner.waitFor("❚❚")
        let output = (try? String(contentsOfFile: piped, encoding: .isoLatin1)) ?? ""
        #expect(output.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=q"), "the kitty query went through passthrough")
        #expect(!output.replacing("\u{1B}\u{1B}_G", with: "").contains("\u{1B}_G"), "never unwrapped")
        #expect(try !inner.paneVariable("pane_title").hasPrefix("Ga="), "tmux took no query for a title")
        // Cells need no passthrough, but the one client's terminal (the outer tmux) answered the
        // status question through it: it stays on while reel runs, to pace the screens.
        #expect(try Self.paneOption(inner).contains("allow-passthrough on"), "kept on for the questions after the screens")
        // The question after a screen reaches the piped file a moment after the screen: wait for it.
        var later = output
        let deadline = Date().addingTimeInterval(10)
        while !later.contains("\u{1B}Ptmux;\u{1B}\u{1B}[5n\u{1B}\\"), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            later = (try? String(contentsOfFile: piped, encoding: .isoLatin1)) ?? ""
        }
        #expect(later.contains("\u{1B}Ptmux;\u{1B}\u{1B}[5n\u{1B}\\"), "the status question went through passthrough")
        let trace = (try? String(contentsOf: inner.directory.appendingPathComponent("trace"), encoding: .utf8)) ?? ""
        #expect(trace.contains("tmux allow-passthrough on for %0 (was inherited 0)"), "\(trace.prefix(2000))")
        try inner.send("q")
        #expect(inner.waitForExit() == 0)
        let after = (try? String(contentsOf: inner.directory.appendingPathComponent("trace"), encoding: .utf8)) ?? ""
        #expect(after.contains("tmux allow-passthrough restored: set-option -p -u -t %0 allow-passthrough"))
        #expect(try Self.paneOption(inner) == "")
        try inner.expectTerminalRestored()
        #expect(inner.standardError.contains("graphics blocks") && inner.standardError.contains("cells_because no pixels through tmux"),
                "\(inner.standardError)")
    }

    @Test("--graphics=kitty in a detached tmux sends tmux no kitty query: the pane's title stays its own")
    func forcedKittyDetached() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--graphics=kitty", Paths.sample("long.mp4")])
        try tmux.waitFor("❚❚")
        #expect(try !tmux.paneVariable("pane_title").hasPrefix("Ga="), "tmux took kitty's query for a title")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }
}
