import Foundation
import Testing

/// MPRIS2's LoopStatus and Shuffle end to end: written by playerctl on a private bus, carried
/// out as reel's commands, with their notices on screen.
@Suite("MPRIS loop and shuffle end to end", .serialized)
struct MPRISListEndToEndTests {
    /// The samples of the list after the first, by file name and title.
    static let rest = [("action.mp4", "Action: fast cuts"), ("animation.mp4", "Flat-colour animation"),
                       ("credits.mp4", "Scrolling credits"), ("dark.mp4", "Dark and low contrast"),
                       ("detail.mp4", "Fractal zoom with texture")]

    @Test("playerctl loop Track, Playlist and None: each with its notice, and LoopStatus reads it back")
    func loopStatus() throws {
        let bus = try PrivateBus()
        let tmux = try MPRISEndToEndTests.reel(on: bus, ["--screen-reader", "--notice-duration=3", Paths.sample("demo.mp4"), Paths.sample("talk.mp4")])
        try tmux.waitFor("reel demo: running clock")
        #expect(try bus.waitFor(["loop"]) { $0 == "None" } == "None")
        try bus.playerctl("loop", "Playlist")
        try tmux.waitFor("Loop the list: on")
        #expect(try bus.waitFor(["loop"]) { $0 == "Playlist" } == "Playlist")
        try bus.playerctl("loop", "Track")
        // Track loops the file alone: the list's loop goes, the file's ⟳ shows.
        try tmux.waitFor("Loop the list: off")
        try tmux.waitFor("⟳")
        #expect(try bus.waitFor(["loop"]) { $0 == "Track" } == "Track")
        try bus.playerctl("loop", "None")
        try tmux.waitFor("Loop this file: off")
        #expect(try bus.waitFor(["loop"]) { $0 == "None" } == "None")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("playerctl shuffle On shuffles what is to come: Shuffle reads On, and Next plays the list's next row")
    func shuffle() throws {
        let bus = try PrivateBus()
        let files = [Paths.sample("demo.mp4")] + Self.rest.map { Paths.sample($0.0) }
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--notice-duration=3"] + files, height: 50,
                                   environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        try tmux.waitFor("reel demo: running clock")
        #expect(try bus.waitFor(["shuffle"]) { $0 == "Off" } == "Off")
        try bus.playerctl("shuffle", "On")
        try tmux.waitFor("Shuffle: on")
        #expect(try bus.waitFor(["shuffle"]) { $0 == "On" } == "On")
        try bus.playerctl("next")
        let next = try bus.waitFor(["metadata", "title"]) { title in Self.rest.contains { $0.1 == title } }
        // The list (Esc) shows the new order: the item now playing is the first row after the demo.
        try tmux.send("Escape")
        let list = try tmux.waitForScreen { screen in Self.rest.allSatisfy { screen.contains($0.0) || screen.contains($0.1) } }
        let rows = list.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        let firstRow = { (names: (String, String)) in rows.firstIndex { $0.contains(names.0) || $0.contains(names.1) } ?? Int.max }
        let following = try #require(Self.rest.min { firstRow($0) < firstRow($1) })
        #expect(following.1 == next, "Next played \(next); the list:\n\(list)")
        // In the list too, the list's order is the bus's to change: shuffle goes off, said in the bar.
        try bus.playerctl("shuffle", "Off")
        try tmux.waitFor("Shuffle: off")
        #expect(try bus.waitFor(["shuffle"]) { $0 == "Off" } == "Off")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
