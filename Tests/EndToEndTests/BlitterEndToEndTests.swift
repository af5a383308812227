import Foundation
import Testing

/// The cell blitters as a real tmux pane receives them.
@Suite("Blitters end to end", .serialized)
struct BlitterEndToEndTests {
    /// Whether `screen` holds a glyph from `range`.
    static func contains(_ screen: String, _ range: ClosedRange<UInt32>) -> Bool {
        screen.unicodeScalars.contains { range.contains($0.value) }
    }

    static let sextants: ClosedRange<UInt32> = 0x1FB00...0x1FB3B
    static let octants: ClosedRange<UInt32> = 0x1CD00...0x1CDE5
    static let quadrants: ClosedRange<UInt32> = 0x2596...0x259F

    @Test("--blitter=sextant draws sextants that reach the pane")
    func sextants() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--blitter=sextant", "--start=8",
                                    Paths.sample("film.mkv")])
        let screen = try tmux.waitForScreen { Self.contains($0, Self.sextants) }
        #expect(!Self.contains(screen, Self.octants))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("inside tmux, auto draws quadrants: tmux's own answers say nothing of the terminal behind it")
    func autoInTmux() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--start=8", Paths.sample("film.mkv")])
        let screen = try tmux.waitForScreen { Self.contains($0, Self.quadrants) }
        #expect(!Self.contains(screen, Self.sextants) && !Self.contains(screen, Self.octants))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test("octants are refused inside tmux, with a notice, and quadrants drawn instead")
    func octantsRefused() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--blitter=octant", "--start=8",
                                    Paths.sample("film.mkv")])
        let screen = try tmux.waitFor("Octants cannot be drawn through tmux")
        #expect(!Self.contains(screen, Self.octants))
        try tmux.waitForScreen { Self.contains($0, Self.quadrants) }
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
