import Foundation
import Testing

/// What a new user tripped over, each kept: a sound file's card, the screen reader's lines, the
/// library's help and its sizes.
@Suite("Polish end to end", .serialized)
struct PolishEndToEndTests {
    static func rows(_ screen: String) -> [Substring] { screen.split(separator: "\n", omittingEmptySubsequences: false) }

    @Test("a sound file shows its title and artist on their own rows, clear of the transport", arguments: [(100, 30), (120, 40), (80, 24)])
    func soundFile(width: Int, height: Int) throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--pause", "--hide-delay=60", Paths.sample("tone.mp3")], width: width, height: height)
        let screen = try tmux.waitForScreen { $0.contains("reel samples") && $0.contains("↺") }
        let rows = Self.rows(screen)
        let transport = try #require(rows.firstIndex { $0.contains("↺") })
        let byline = try #require(rows.firstIndex { $0.contains("reel samples") })
        #expect(byline < transport, "the artist is not above the transport")
        #expect(!rows[transport].contains("Chime"), "the title is drawn over the transport: \(rows[transport])")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("with --screen-reader, volume, mute and speed changes are plain lines too")
    func screenReaderLines() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--screen-reader", "--pause", Paths.sample("long.mp4")], width: 100, height: 30)
        try tmux.waitFor("Long clip for seeking")
        for (key, line) in [("Down", "Volume 95 %"), ("m", "Muted"), ("]", "Speed 1.25×")] {
            try tmux.send(key)
            try tmux.waitForScreen { Self.rows($0)[29].contains(line) }
        }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("? in the list shows its keys from the table of commands; any key closes it")
    func listHelp() throws {
        let library = try LibraryEndToEndTests.Library(samples: ["demo.mp4"], notes: false)
        let tmux = try library.start()
        try tmux.waitFor("reel demo: running clock")
        try tmux.send("?")
        let help = try tmux.waitFor("Keys")
        #expect(help.contains("play the selected item") && help.contains("the selected item's poster card"))
        try tmux.send("j")
        try tmux.waitForScreen { !$0.contains("the selected item's poster card") }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
