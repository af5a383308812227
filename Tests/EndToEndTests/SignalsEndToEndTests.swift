import Foundation
import Testing

/// Signals, suspend and resize storms against the real binary: the terminal always comes back.
@Suite("Signals end to end", .serialized)
struct SignalsEndToEndTests {
    @Test("each terminating signal restores the tty and exits 128+N", arguments: [
        (SIGINT, "INT"), (SIGTERM, "TERM"), (SIGHUP, "HUP"), (SIGQUIT, "QUIT"),
        (SIGUSR1, "USR1"), (SIGUSR2, "USR2"), (SIGALRM, "ALRM"), (SIGPWR, "PWR"), (__libc_current_sigrtmin(), "RTMIN"),
    ] as [(Int32, String)])
    func terminatingSignal(signal: Int32, name: String) throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", Paths.sample("long.mp4")])
        try tmux.waitFor("Long clip for seeking")
        let pid = try #require(try tmux.programPID())
        kill(pid, signal)
        #expect(tmux.waitForExit() == 128 + signal, "SIG\(name): stderr \(tmux.standardError)")
        try tmux.expectTerminalRestored()
    }

    @Test("a fault or a resource limit restores the tty, then dies by the signal",
          .disabled(if: ProcessInfo.processInfo.environment["REEL_SANITIZER"] == "thread",
                    "ThreadSanitizer runs a handler for SIGSEGV, SIGBUS, SIGFPE or SIGABRT at once, as for a real fault, even when kill() lands inside its own runtime; the handler's first touch of a Swift global then waits on a lock the runtime holds. Real crashes are tested under it; this runs in every other build."),
          arguments: [SIGABRT, SIGXCPU, SIGSYS])
    func fatal(signal: Int32) throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", Paths.sample("long.mp4")])
        try tmux.waitFor("Long clip for seeking")
        let pid = try #require(try tmux.programPID())
        kill(pid, signal)
        // The shell reports death by a signal as 128+N.
        #expect(tmux.waitForExit() == 128 + signal)
        try tmux.expectTerminalRestored()
    }

    @Test("Ctrl-Z stops reel with the terminal restored; fg brings it back redrawn and playing")
    func suspendAndResume() throws {
        let tmux = try TmuxSession(["/bin/bash", "--norc", "--noprofile", "-i"], environment: ["PS1": "$ "], wrapped: false)
        try tmux.waitFor("$")
        try tmux.type("\(Paths.reel) --no-audio --hide-delay=60 \(Paths.sample("long.mp4"))")
        try tmux.send("Enter")
        try tmux.waitFor("Long clip for seeking")
        try tmux.send("C-z")
        let stopped = try tmux.waitForScreen { $0.contains("Stopped") }
        #expect(!stopped.contains("Long clip for seeking") || stopped.contains("Stopped"))
        #expect(try tmux.paneVariable("alternate_on") == "0", "the alternate screen stayed on while stopped")
        #expect(try tmux.paneVariable("mouse_any_flag") == "0")
        try tmux.type("fg")
        try tmux.send("Enter")
        let back = try tmux.waitForScreen { $0.contains("Long clip for seeking") && PlayerEndToEndTests.times(in: $0) != nil }
        #expect(try tmux.paneVariable("alternate_on") == "1")
        let before = PlayerEndToEndTests.times(in: back).map { PlayerEndToEndTests.seconds($0.0) } ?? 0
        try tmux.waitForScreen { screen in
            (PlayerEndToEndTests.times(in: screen).map { PlayerEndToEndTests.seconds($0.0) } ?? 0) >= before + 2
        }
        try tmux.send("q")
        try tmux.waitForScreen { $0.hasSuffix("$ ") || $0.contains("$ \n") || $0.split(separator: "\n").last?.hasPrefix("$") == true }
        #expect(try tmux.paneVariable("alternate_on") == "0")
        #expect(try tmux.paneVariable("cursor_flag") == "1")
    }

    @Test("a resize storm neither crashes nor leaves garbage")
    func resizeStorm() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", Paths.sample("long.mp4")])
        try tmux.waitFor("Long clip for seeking")
        var generator = SystemRandomNumberGenerator()
        let sizes = [(1, 1), (400, 120), (2, 1), (10, 3), (300, 100)] + (0..<200).map { _ in
            (Int.random(in: 1...240, using: &generator), Int.random(in: 1...80, using: &generator))
        }
        for (width, height) in sizes { try tmux.resize(width: width, height: height) }
        // Input after the storm is handled: reel came through it.
        try tmux.sync()
        #expect(tmux.waitForExit(timeout: 0.1) == nil, "reel died in the storm: \(tmux.standardError)")
        try tmux.resize(width: 80, height: 24)
        let screen = try tmux.waitForScreen { screen in
            screen.contains("Long clip for seeking") && screen.split(separator: "\n").contains { $0.contains("2:30") }
        }
        // Every row is exactly the new width or shorter: nothing from a larger size is left behind.
        for line in screen.split(separator: "\n") { #expect(line.count <= 80) }
        #expect(screen.split(separator: "\n", omittingEmptySubsequences: false).count <= 25)
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }
}
