import Foundation
import Testing

/// Several files in a real tmux: played in the order given, Up next between them, N and P, the
/// list as the playlist's view with each item's progress, and the speed and time keys.
@Suite("Playlist end to end", .serialized)
struct PlaylistEndToEndTests {
    /// Three short clips: Portrait (4 s), Green with a cover (4 s), Colour segments (10 s).
    static let three = [Paths.sample("portrait.mp4"), Paths.sample("covered.mp4"), Paths.sample("segments.mp4")]

    static func state() -> String { Fixtures.path("playlist-state-\(UInt32.random(in: 0...UInt32.max))") }

    @Test("the items play in the order given; at the end of one, Up next counts down over its last frame and plays the next")
    func upNext() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", "--autoplay-delay=3"] + Self.three,
                                   environment: ["XDG_STATE_HOME": Self.state()])
        try tmux.waitFor("Portrait")
        // The card as drawn in full: a capture may fall between its title and its buttons.
        let card = try tmux.waitForScreen(timeout: 10) { $0.contains("Up next") && $0.contains("Play now") }
        #expect(card.contains("Green with a cover") || card.contains("covered.mp4"))
        #expect(card.contains("Play now") && card.contains("Cancel"))
        try tmux.waitForScreen(timeout: 6) { $0.contains("Green with a cover") && !$0.contains("Up next") }
        // Enter on the card plays the next at once.
        try tmux.waitForScreen(timeout: 10) { $0.contains("Up next") && $0.contains("Colour segments") }
        try tmux.send("Enter")
        try tmux.waitForScreen(timeout: 3) { !$0.contains("Up next") && $0.contains("0:10") && $0.contains("Colour segments") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("Esc on the Up next card cancels it and stays on the last frame; --autoplay-delay=0 goes on at once")
    func cancelAndNoDelay() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", "--autoplay-delay=30"] + Self.three)
        try tmux.waitFor("Up next", timeout: 10)
        try tmux.send("Escape")
        let stayed = try tmux.waitForScreen { !$0.contains("Up next") && $0.contains("Replay") }
        #expect(stayed.contains("Portrait"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)

        let quick = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", "--autoplay-delay=0"] + Self.three)
        try quick.waitFor("Portrait")
        try quick.waitForScreen(timeout: 10) { $0.contains("Green with a cover") }
        #expect(!(try quick.capture()).contains("Up next"))
        try quick.send("q")
        #expect(quick.waitForExit() == 0)
    }

    @Test("N and P move through the list with a notice; Esc shows the list with the item playing marked and watched items ticked")
    func nextPreviousAndList() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", "--autoplay-delay=0"] + Self.three,
                                   environment: ["XDG_STATE_HOME": Self.state()])
        try tmux.waitFor("Portrait")
        // Portrait plays to its end, then the next goes on at once.
        try tmux.waitForScreen(timeout: 10) { $0.contains("Green with a cover") }
        try tmux.send("N")
        try tmux.waitForScreen { $0.contains("Next:") && $0.contains("(3/3)") }
        try tmux.waitForScreen { $0.contains("Colour segments") && !$0.contains("Next:") }
        try tmux.send("N")
        try tmux.waitFor("This is the last item")
        try tmux.send("P")
        try tmux.waitForScreen { $0.contains("Previous:") && $0.contains("(2/3)") }
        try tmux.waitForScreen { $0.contains("Green with a cover") && PlayerEndToEndTests.times(in: $0)?.1 == "0:04" }
        try tmux.send("Escape")
        // The rows fill in as the probes (paused while the player covered the list) finish.
        try tmux.waitForScreen { $0.contains("▶ Green with a cover") && $0.contains("✓ Portrait") }
        // Enter plays the selection again, through the list.
        try tmux.send("Enter")
        try tmux.waitForScreen { PlayerEndToEndTests.times(in: $0) != nil && $0.contains("Green with a cover") && !$0.contains("▶ Green") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        try tmux.expectTerminalRestored()
    }

    @Test("--list starts at the list even with files given; Enter plays the selected one")
    func listOption() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--list"] + Self.three)
        try tmux.waitForScreen { $0.contains("Portrait") && $0.contains("Enter play") }
        try tmux.send("j", "Enter")
        try tmux.waitForScreen { $0.contains("Green with a cover") && PlayerEndToEndTests.times(in: $0) != nil && !$0.contains("Enter play") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a folder opens at the first item not yet watched")
    func firstUnwatched() throws {
        let folder = Fixtures.path("series-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (index, sample) in ["portrait.mp4", "covered.mp4", "segments.mp4"].enumerated() {
            try FileManager.default.copyItem(atPath: Paths.sample(sample), toPath: folder + "/ep\(index + 1).mp4")
        }
        let state = Self.state()
        // Watch ep1 to its end (its last frame), then quit.
        let first = try TmuxSession([Paths.reel, "--no-audio", "--start=-0.5", folder + "/ep1.mp4"], environment: ["XDG_STATE_HOME": state])
        try first.waitFor("Replay", timeout: 10)
        try first.send("q")
        #expect(first.waitForExit() == 0)
        let list = try TmuxSession([Paths.reel, "--no-audio", folder], environment: ["XDG_STATE_HOME": state])
        let screen = try list.waitForScreen { $0.contains("Green with a cover") && $0.contains("✓ Portrait") }
        #expect(LibraryEndToEndTests.isSelected("Green with a cover", in: screen), "\(screen)")
        try list.send("q")
        #expect(list.waitForExit() == 0)
    }

    @Test("[ and ] step the speed with a badge beside the time; Backspace goes back to normal")
    func speed() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", Paths.sample("long.mp4")])
        try tmux.waitFor("Long clip for seeking")
        try tmux.send("]")
        try tmux.waitForScreen { $0.contains("Speed 1.25×") && $0.contains("1.25×") }
        try tmux.send("]", "]")
        try tmux.waitForScreen { $0.split(separator: "\n").contains { $0.contains("1.75×") && $0.contains("2:30") } }
        try tmux.send("[", "[", "[", "[")
        try tmux.waitFor("0.75×")
        try tmux.send("BSpace")
        try tmux.waitForScreen { screen in
            screen.contains("Speed 1×") && !screen.split(separator: "\n").contains { $0.contains("2:30") && $0.contains("×") }
        }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("a click on the total time shows the time left, and another brings the total back")
    func remainingTime() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", "--pause", "--start=30", Paths.sample("long.mp4")],
                                   width: 100, height: 30)
        try tmux.waitFor("2:30")
        try tmux.click(column: 96, row: 29)
        try tmux.waitFor("−2:00")
        try tmux.click(column: 96, row: 29)
        try tmux.waitForScreen { $0.contains("2:30") && !$0.contains("−") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("L loops the file; the notice says so")
    func loopFile() throws {
        // A long notice, so that a busy machine's capture cannot come after it has gone.
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--hide-delay=60", "--notice-duration=30", Paths.sample("portrait.mp4")])
        try tmux.waitFor("Portrait")
        try tmux.send("L")
        try tmux.waitFor("Loop this file: on")
        // It comes round instead of stopping at the end.
        try tmux.waitForScreen(timeout: 10) { PlayerEndToEndTests.times(in: $0)?.0 == "0:03" }
        try tmux.waitForScreen(timeout: 10) { PlayerEndToEndTests.times(in: $0)?.0 == "0:00" || PlayerEndToEndTests.times(in: $0)?.0 == "0:01" }
        #expect(!(try tmux.capture()).contains("Replay"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
