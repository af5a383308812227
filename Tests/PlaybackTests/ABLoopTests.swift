import Media
import Playback
import Testing

/// The A-B loop through the real libmpv: the points read back, and playback turns at B to A.
@Suite("A-B loop against real libmpv", .serialized)
struct ABLoopTests {
    @Test("with A and B set, mpv reports them and keeps playing between them; unset, it plays on")
    func loopsBetweenThePoints() throws {
        let driver = try PlayerDriver()
        try driver.load(PlayerDriver.sample("long.mp4"))
        try driver.player.setABLoop(a: 2, b: 3)
        try #require(try driver.run(timeout: 5) { state, _ in state.abLoop == ABLoop(a: 2, b: 3) })
        try driver.player.play()
        // Past B more than once: the position goes back to A each time and never gets far past B.
        var latest = 0.0, wraps = 0
        try driver.run(timeout: 20) { state, _ in
            let position = state.position ?? 0
            if position + 0.5 < latest { wraps += 1 }
            latest = position
            #expect(position < 3.5, "played on to \(position) past B")
            return wraps >= 2
        }
        #expect(wraps >= 2, "playback did not go back to A twice")
        try driver.player.setABLoop(a: nil, b: nil)
        try #require(try driver.run(timeout: 5) { state, _ in state.abLoop == ABLoop() })
        #expect(try driver.run(timeout: 10) { state, _ in (state.position ?? 0) > 4 }, "playback stayed in the old loop")
    }
}
