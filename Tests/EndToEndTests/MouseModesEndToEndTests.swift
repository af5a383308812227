import Foundation
import Testing

/// The mouse-tracking mode reel leaves tmux in, read from tmux's own flags: a terminal keeps one
/// tracking mode, so once the controls hide (and motion reports, 1003, go off) button tracking
/// (1002) must be on again, or no click, double click or wheel ever reaches reel.
///
/// tmux's flags: `mouse_all_flag` is 1003, `mouse_button_flag` 1002, `mouse_standard_flag` 1000,
/// `mouse_any_flag` any of them, `mouse_sgr_flag` the SGR encoding (1006).
@Suite("Mouse modes end to end", .serialized)
struct MouseModesEndToEndTests {
    static let title = "Long clip for seeking"

    /// The flags, as `all button standard sgr`.
    static func flags(_ tmux: TmuxSession) throws -> String {
        try tmux.paneVariable("mouse_all_flag") + " " + tmux.paneVariable("mouse_button_flag") + " "
            + tmux.paneVariable("mouse_standard_flag") + " " + tmux.paneVariable("mouse_sgr_flag")
    }

    /// Motion reports (while the controls show), and button reports (once they have hidden).
    static let motion = "1 0 0 1", buttons = "0 1 0 1"

    /// Waits until the flags read `expected`, and expects it.
    static func expectFlags(_ tmux: TmuxSession, _ expected: String, _ comment: Comment,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        try tmux.waitForScreen(sourceLocation: sourceLocation) { _ in (try? flags(tmux)) == expected }
        #expect(try flags(tmux) == expected, comment, sourceLocation: sourceLocation)
    }

    /// Waits for the controls to show, then to hide by themselves (playing, `--hide-delay`).
    static func waitForHide(_ tmux: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try tmux.waitFor(title, sourceLocation: sourceLocation)
        try tmux.waitForScreen(sourceLocation: sourceLocation) { !$0.contains(title) && PlayerEndToEndTests.times(in: $0) == nil }
    }

    @Test("after the controls hide, tmux still reports clicks, and a click brings the controls back")
    func afterHide() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--hide-delay=1", Paths.sample("long.mp4")])
        try tmux.waitFor(Self.title)
        try Self.expectFlags(tmux, Self.motion, "motion reports while the controls show")
        try Self.waitForHide(tmux)
        try Self.expectFlags(tmux, Self.buttons, "button tracking after the hide")
        // Ctrl-L draws everything again, the mode with it.
        try tmux.send("C-l")
        try Self.expectFlags(tmux, Self.buttons, "button tracking after Ctrl-L")
        try tmux.click(column: 20, row: 12)
        try tmux.waitFor(Self.title)
        try Self.expectFlags(tmux, Self.motion, "motion reports again with the controls")
        try Self.waitForHide(tmux)
        try Self.expectFlags(tmux, Self.buttons, "button tracking after the second hide")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }

    @Test("Ctrl-Z and fg with the controls hidden: button tracking is on again, and q turns every mode off")
    func suspend() throws {
        let tmux = try TmuxSession(["/bin/bash", "--norc", "--noprofile", "-i"], environment: ["PS1": "$ "], wrapped: false)
        try tmux.waitFor("$")
        try tmux.type("\(Paths.reel) --no-audio --no-resume --hide-delay=1 \(Paths.sample("long.mp4"))")
        try tmux.send("Enter")
        try Self.waitForHide(tmux)
        try Self.expectFlags(tmux, Self.buttons, "button tracking after the hide")
        try tmux.send("C-z")
        try tmux.waitFor("Stopped")
        try Self.expectFlags(tmux, "0 0 0 0", "no mouse reports while stopped")
        try tmux.type("fg")
        try tmux.send("Enter")
        // Back with the controls still hidden: the video alone, redrawn whole.
        try tmux.waitForScreen { _ in (try? tmux.paneVariable("alternate_on")) == "1" }
        try Self.expectFlags(tmux, Self.buttons, "button tracking after fg")
        try tmux.send("q")
        try tmux.waitForScreen { $0.split(separator: "\n").last?.hasPrefix("$") == true }
        try Self.expectFlags(tmux, "0 0 0 0", "every mode off at the end")
    }

    @Test("stopped by SIGSTOP while something turns the mouse off, reel turns it on again at SIGCONT")
    func continued() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--hide-delay=1", Paths.sample("long.mp4")])
        try Self.waitForHide(tmux)
        try Self.expectFlags(tmux, Self.buttons, "button tracking after the hide")
        let pid = try #require(try tmux.programPID())
        kill(pid, SIGSTOP)
        // What a shell's line editor may do while reel is stopped: its own modes, on the pane's tty.
        let tty = try tmux.paneVariable("pane_tty")
        try Data("\u{1B}[?1002l\u{1B}[?1006l".utf8).write(to: URL(fileURLWithPath: tty))
        try Self.expectFlags(tmux, "0 0 0 0", "the modes went off while stopped")
        kill(pid, SIGCONT)
        try Self.expectFlags(tmux, Self.buttons, "button tracking and SGR again after SIGCONT")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }
}
