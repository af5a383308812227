import Foundation
import Testing

/// A phone's video, with rotation metadata, in a real tmux: before reel turned it itself,
/// libmpv's software renderer aborted reel at the first frame (exit 134).
@Suite("Rotated video end to end", .serialized)
struct RotationEndToEndTests {
    @Test("a rotated video plays, upright and pillarboxed, and q leaves it with 0")
    func plays() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", "--no-resume", "--pause", Paths.sample("rotated.mp4")])
        try tmux.waitFor("Rotated")
        // Upright, the 9:16 picture takes the middle of the 100-column pane and leaves its
        // sides as the black bars (blanks); sideways, it would fill the width.
        let screen = try tmux.waitForScreen { $0.contains("0:02") }
        let middle = screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(8).first.map(String.init) ?? ""
        #expect(middle.prefix(20).allSatisfy { $0 == " " }, "the left bar: \(middle)")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0, "\(tmux.standardError)")
        try tmux.expectTerminalRestored()
    }
}
