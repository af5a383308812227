import Foundation
import Testing

/// Ctrl-L draws the whole screen again, over whatever another program wrote on the terminal: the
/// renderer forgets what it thinks is shown, so an unchanged screen is still written out.
@Suite("Redraw end to end", .serialized)
struct RedrawEndToEndTests {
    static let stray = "STRAY-TEXT-FROM-ELSEWHERE"

    /// Writes text straight to the pane's terminal, as another program sharing it would.
    static func scribble(on tmux: TmuxSession) throws {
        let tty = try tmux.paneVariable("pane_tty")
        let handle = try #require(FileHandle(forWritingAtPath: tty), "cannot open \(tty)")
        handle.write(Data("\u{1B}[5;5H\(stray)".utf8))
        try handle.close()
        try tmux.waitFor(stray)
    }

    /// Waits for `condition`, then until two captures 0.3 s apart are the same: nothing is still
    /// being drawn (a thumbnail arriving, the filter's rows) that would write over the stray text.
    static func settle(_ tmux: TmuxSession, _ condition: (String) -> Bool) throws {
        var screen = try tmux.waitForScreen(condition)
        for _ in 0..<40 {
            Thread.sleep(forTimeInterval: 0.3)
            let next = try tmux.capture()
            if next == screen { return }
            screen = next
        }
        Issue.record("the screen never settled:\n\(screen)")
    }

    @Test("Ctrl-L on a paused video clears text written over it")
    func player() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--hide-delay=60", Paths.sample("long.mp4")])
        try tmux.waitFor("Long clip for seeking")
        try Self.scribble(on: tmux)
        // Paused, input that changes nothing (a focus report) writes nothing: only Ctrl-L writes
        // the screen again.
        try tmux.sync()
        #expect(try tmux.capture().contains(Self.stray), "the paused screen was redrawn without Ctrl-L")
        try tmux.send("C-l")
        // Until the redraw is whole: a capture between the clear and the last row (a busy
        // machine's tmux reads the redraw in parts) has lost the stray text too.
        let screen = try tmux.waitForScreen { !$0.contains(Self.stray) && $0.contains("Long clip for seeking") }
        #expect(screen.contains("Long clip for seeking"), "the controls are gone after Ctrl-L:\n\(screen)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("Ctrl-L in the list, and while typing its filter, clears text written over it")
    func list() throws {
        let library = try LibraryEndToEndTests.Library(samples: ["demo.mp4"], notes: false)
        let tmux = try library.start()
        try Self.settle(tmux) { $0.contains("reel demo: running clock") }
        try Self.scribble(on: tmux)
        try tmux.send("C-l")
        var screen = try tmux.waitForScreen { !$0.contains(Self.stray) && $0.contains("reel demo: running clock") }
        #expect(screen.contains("reel demo: running clock"))
        try tmux.send("/")
        try tmux.type("demo")
        try Self.settle(tmux) { $0.contains("/demo▏") && $0.contains("1 of 1 match") }
        try Self.scribble(on: tmux)
        try tmux.send("C-l")
        // The filter's row is the last one drawn: wait for it, not only for the stray text to go.
        screen = try tmux.waitForScreen { !$0.contains(Self.stray) && $0.contains("/demo▏") }
        #expect(screen.contains("/demo▏"), "the filter is gone after Ctrl-L:\n\(screen)")
        try tmux.send("Escape")
        try tmux.waitForScreen { !$0.contains("/demo▏") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
