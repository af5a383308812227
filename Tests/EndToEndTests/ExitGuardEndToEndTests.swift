import Foundation
import Testing

/// A reel killed outright (SIGKILL) inside tmux, in a real kitty or xterm (VT340) under Xvfb:
/// its exit guard (0.35-0.6 s after the kill, measured; printed by the test) has put the pane's `allow-passthrough` back (unset, as before
/// reel) and removed its files from `/dev/shm`, so that an escape printed in the pane no longer
/// reaches the terminal behind tmux. The requests to end (TERM, HUP) still put everything back
/// themselves, and the guard then ends with nothing to do; a claim left by a reel that died with
/// its guard is undone by the next reel, which puts back the user's value, not the leaked `on`.
@Suite("Exit guard end to end: nothing of reel's left open after kill -9", .serialized, .enabled(if: XTerminal.available))
struct ExitGuardEndToEndTests {
    /// reel paused on the cat of film.mkv, with pixels through tmux.
    static let arguments = ["--no-audio", "--no-resume", "--no-sub", "--pause", "--start=8", Paths.sample("film.mkv")]

    /// reel started in its pane in `kind` with `build`, drawing in pixels; `before` runs first.
    func start(_ kind: XTerminal.Kind, _ build: TmuxInTerminal.Build,
               before: (TmuxInTerminal) throws -> Void = { _ in }) throws -> (session: TmuxInTerminal, reel: Int32) {
        let session = kind == .kitty
            ? try TmuxInTerminal(.kitty, build, reelArguments: Self.arguments, width: 800, height: 540)
            : try TmuxInTerminal(.xterm, build, reelArguments: Self.arguments, width: 100, height: 30)
        try before(session)
        session.start()
        try TmuxPixelsEndToEndTests().waitForPicture(session, "before the signal", required: true)
        let reel = try #require(try session.reelPID(), "reel runs\n\(session.diagnostics)")
        return (session, reel)
    }

    /// The pane's claim line (`@reel-passthrough 42:-`), empty when it has none.
    static func claim(_ session: TmuxInTerminal) throws -> String {
        try session.tmux(["show-options", "-p", "-q", "-t", session.reelPane, "@reel-passthrough"])
    }

    /// reel's objects in `/dev/shm`.
    static func sharedMemory(of reel: Int32) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/shm")) ?? []).filter { $0.hasPrefix("reel-\(reel)-") }
    }

    /// reel's exit guard: its child in a session of its own.
    static func guardProcess(of reel: Int32) throws -> Int32? {
        try Subprocess.run("/usr/bin/pgrep", ["-P", "\(reel)", "-x", "sh"]).split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// Whether process `id` is there and not a zombie.
    static func isRunning(_ id: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(id)/stat", encoding: .utf8),
              let state = stat.split(separator: ")").last?.split(separator: " ").first else { return false }
        return state != "Z"
    }

    /// Whether a window of the display is named `name`.
    static func windowNamed(_ name: String, in session: TmuxInTerminal) -> Bool {
        ((try? Subprocess.run("/usr/bin/env", ["DISPLAY=\(session.terminal.display)", "/usr/bin/xdotool", "search", "--name",
                                                "^\(name)$"])) ?? "").contains(where: \.isNumber)
    }

    /// Writes what a program in reel's pane would print: a window title in tmux's passthrough,
    /// then `mark`; returns once tmux has read it (the mark is on the pane).
    static func printTitle(_ title: String, mark: String, in session: TmuxInTerminal) throws {
        let tty = try session.format("#{pane_tty}", target: session.reelPane)
        let handle = try #require(FileHandle(forWritingAtPath: tty), "the pane's tty \(tty)")
        handle.write(Data("\u{1B}Ptmux;\u{1B}\u{1B}]2;\(title)\u{07}\u{1B}\\\r\n\(mark)\r\n".utf8))
        try handle.close()
        #expect(XTerminal.wait(timeout: 10) { ((try? session.tmux(["capture-pane", "-p", "-t", session.reelPane])) ?? "").contains(mark) })
    }

    @Test("kill -9: with no later reel, allow-passthrough is unset again and /dev/shm holds nothing of reel's; an escape in the pane no longer retitles the window",
          arguments: [(XTerminal.Kind.kitty, TmuxInTerminal.Build.backports), (.xterm, .system)])
    func killed(kind: XTerminal.Kind, build: TmuxInTerminal.Build) throws {
        let (session, reel) = try start(kind, build)
        #expect(try session.paneOption("allow-passthrough", pane: session.reelPane).set == "allow-passthrough on",
                "reel turned passthrough on for its pane\n\(session.diagnostics)")
        if kind == .kitty { #expect(!Self.sharedMemory(of: reel).isEmpty, "kitty's images go through /dev/shm") }
        let guardian = try Self.guardProcess(of: reel)
        kill(reel, SIGKILL)
        let killed = Date()
        var closed = false
        _ = XTerminal.wait(timeout: 10) {
            closed = ((try? session.paneOption("allow-passthrough", pane: session.reelPane).set) ?? "x") == ""
                && Self.sharedMemory(of: reel).isEmpty
            return closed
        }
        let took = Date().timeIntervalSince(killed)
        print("\(kind) in \(build): passthrough closed and /dev/shm clean \(Int(took * 1000)) ms after kill -9")
        let left = (try? session.paneOption("allow-passthrough", pane: session.reelPane).set) ?? "?"
        // The time is printed, not held: the suite runs on a shared, noisy machine, and the
        // mechanism (no later reel needed) is what the test checks; 0.35-0.6 s was measured.
        #expect(closed,
                "\(took) s after kill -9: allow-passthrough '\(left)', /dev/shm \(Self.sharedMemory(of: reel))\n\(session.diagnostics)")
        #expect(try Self.claim(session) == "", "reel's claim is gone")
        #expect(guardian.map { id in XTerminal.wait(timeout: 10) { !Self.isRunning(id) } } == true, "the guard ran, and ends once done")
        // What the pane prints now stays in tmux: a title in passthrough does not reach the window.
        // (xterm names its window by OSC 2; kitty keeps the title `-T` gave it, whatever comes.)
        guard kind == .xterm else { return }
        try Self.printTitle("LEAKED", mark: "printed-1", in: session)
        #expect(!XTerminal.wait(timeout: 0.5) { Self.windowNamed("LEAKED", in: session) }, "the escape went past tmux to the terminal")
        // The same escape with passthrough on (as reel left it before) does retitle it: the door is real.
        try session.tmux(["set-option", "-p", "-t", session.reelPane, "allow-passthrough", "on"])
        try Self.printTitle("OPENED", mark: "printed-2", in: session)
        #expect(XTerminal.wait(timeout: 10) { Self.windowNamed("OPENED", in: session) }, "with passthrough on the title gets through")
    }

    @Test("TERM and HUP: reel puts everything back itself, exits 128+N, and its guard ends with nothing to do",
          arguments: [SIGTERM, SIGHUP])
    func requestsToEnd(signal: Int32) throws {
        let (session, reel) = try start(.kitty, .backports)
        let guardian = try Self.guardProcess(of: reel)
        kill(reel, signal)
        #expect(session.waitForReelExit() == 128 + signal, "\(session.diagnostics)")
        #expect(try session.paneOption("allow-passthrough", pane: session.reelPane).set == "")
        #expect(Self.sharedMemory(of: reel).isEmpty)
        // The user turns the pane's passthrough on once reel is gone: the guard must not undo it.
        try session.tmux(["set-option", "-p", "-t", session.reelPane, "allow-passthrough", "on"])
        #expect(guardian.map { id in XTerminal.wait(timeout: 10) { !Self.isRunning(id) } } == true, "the guard ran, and ends")
        #expect(try session.paneOption("allow-passthrough", pane: session.reelPane).set == "allow-passthrough on",
                "a value set after reel's end is the user's, and stays")
    }

    @Test("a claim left by a reel that died with its guard: the next reel puts back the value before it on q, not the leaked on")
    func leakedBefore() throws {
        let (session, _) = try start(.xterm, .backports) { session in
            // What reel 2000000007 (no such process) leaves if it and its guard are killed at once.
            try session.tmux(["set-option", "-p", "-t", session.reelPane, "allow-passthrough", "on", ";",
                              "set-option", "-p", "-t", session.reelPane, "@reel-passthrough", "2000000007:-"])
        }
        try session.tmux(["send-keys", "-t", session.reelPane, "q"])
        #expect(session.waitForReelExit() == 0, "\(session.diagnostics)")
        #expect(try session.paneOption("allow-passthrough", pane: session.reelPane).set == "", "unset, as before the reel that died")
        #expect(try Self.claim(session) == "")
    }
}
