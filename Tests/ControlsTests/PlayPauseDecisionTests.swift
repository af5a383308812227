import Testing
@testable import Controls

@Suite("PlayPauseDecision and PlaybackEnd")
struct PlayPauseDecisionTests {
    @Test("playing always pauses, even at the end")
    func pauses() {
        #expect(PlayPauseDecision.decide(isPlaying: true, atEnd: false) == .pause)
        #expect(PlayPauseDecision.decide(isPlaying: true, atEnd: true) == .pause)
    }

    @Test("paused: play, or start again from 0 at the end")
    func paused() {
        #expect(PlayPauseDecision.decide(isPlaying: false, atEnd: false) == .play)
        #expect(PlayPauseDecision.decide(isPlaying: false, atEnd: true) == .restartThenPlay)
    }

    @Test("the end is eof-reached, or the last frame (1.5 frames from the length)", arguments: [
        (34.0, 120.0, 1.0 / 30, false, false),
        (120 - 1.5 / 30, 120, 1.0 / 30, false, true),
        (120 - 1.5 / 30 - 0.001, 120, 1.0 / 30, false, false),
        (120 - 1.5 / 24, 120, 1.0 / 24, false, true),
        (120, 120, nil, false, true),
        (500, 120, nil, false, true),
        (3, 120, nil, true, true),
        (0, 0, nil, false, false),
        (5, 0, nil, false, false),
        (5, 0, nil, true, true),
        (.nan, 120, nil, false, false),
        (nil, 120, nil, false, false),
        (119.96, 120, -1, false, true),
    ] as [(Double?, Double?, Double?, Bool, Bool)])
    func end(position: Double?, duration: Double?, frame: Double?, eof: Bool, expected: Bool) {
        #expect(PlaybackEnd.isAtEnd(position: position, duration: duration, frameDuration: frame, eofReached: eof) == expected)
    }

    @Test("a file that loops is never at its end: mpv goes on from its start", arguments: [(119.96, false), (60, true)])
    func loops(position: Double, eof: Bool) {
        #expect(!PlaybackEnd.isAtEnd(position: position, duration: 120, frameDuration: nil, eofReached: eof, loopsFile: true))
        #expect(PlaybackEnd.isAtEnd(position: position, duration: 120, frameDuration: nil, eofReached: eof, loopsFile: false))
    }

    @Test("watched: at the end, or past 95 %", arguments: [
        (94.9, 100.0, false, false),
        (95.0, 100.0, false, true),
        (10.0, 100.0, true, true),
        (50.0, nil, false, false),
        (nil, 100.0, false, false),
    ] as [(Double?, Double?, Bool, Bool)])
    func watched(position: Double?, duration: Double?, atEnd: Bool, expected: Bool) {
        #expect(PlaybackEnd.isWatched(position: position, duration: duration, atEnd: atEnd) == expected)
    }
}
