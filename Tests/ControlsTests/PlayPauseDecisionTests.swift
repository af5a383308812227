import Testing
@testable import Controls

@Suite("PlayPauseDecision")
struct PlayPauseDecisionTests {
    @Test("playing always pauses, even at the end")
    func pauses() {
        #expect(PlayPauseDecision.decide(isPlaying: true, position: 34, duration: 120) == .pause)
        #expect(PlayPauseDecision.decide(isPlaying: true, position: 120, duration: 120, eofReached: true) == .pause)
    }

    @Test("paused: play, or start again from 0 at the end", arguments: [
        (34.0, 120.0, false, PlayPauseDecision.play),
        (120 - PlayPauseDecision.endTolerance, 120, false, .restartThenPlay),
        (120 - PlayPauseDecision.endTolerance - 0.0001, 120, false, .play),
        (120, 120, false, .restartThenPlay),
        (500, 120, false, .restartThenPlay),
        (3, 120, true, .restartThenPlay),
        (0, 0, false, .play),
        (5, 0, false, .play),
        (5, 0, true, .restartThenPlay),
        (.nan, 120, false, .play),
    ] as [(Double?, Double?, Bool, PlayPauseDecision)])
    func paused(position: Double?, duration: Double?, eof: Bool, expected: PlayPauseDecision) {
        #expect(PlayPauseDecision.decide(isPlaying: false, position: position, duration: duration, eofReached: eof) == expected)
    }

    @Test("unknown position and duration play")
    func unknown() {
        #expect(PlayPauseDecision.decide(isPlaying: false, position: nil, duration: nil) == .play)
    }
}
