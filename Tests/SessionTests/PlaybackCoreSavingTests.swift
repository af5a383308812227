import Testing
@testable import Session

/// What a resume save does, and how long a frame may wait, with numbers only.
@Suite("PlaybackCore's resume saves and frame patience")
struct PlaybackCoreSavingTests {
    @Test("a save: skipped for a stream of no length, forgotten in the first second unwatched, else saved, watched past 95 % or at the end",
          arguments: [
              (30, 100, false, false, PlaybackCore.ResumeSave.save(watched: false)),
              (95, 100, false, false, .save(watched: true)),
              (0.5, 100, false, false, .forget),
              (0.5, 100, true, false, .save(watched: true)),
              (1, 100, false, false, .save(watched: false)),
              (30, nil, false, true, .skip),
              (30, 100, false, true, .save(watched: false)),
              (0.2, nil, false, false, .forget),
          ] as [(Double, Double?, Bool, Bool, PlaybackCore.ResumeSave)])
    func resumeSave(position: Double, duration: Double?, atEnd: Bool, network: Bool, expected: PlaybackCore.ResumeSave) {
        #expect(PlaybackCore.resumeSave(position: position, duration: duration, atEnd: atEnd, isNetworkStream: network) == expected)
    }

    @Test("a frame waits 0.1 s while the item opens, else three quarters of a frame, at most 0.05 s", arguments: [
        (true, 1.0 / 24, 0.1), (true, nil, 0.1), (false, 0.04, 0.03), (false, nil, 0.025), (false, 0.1, 0.05),
    ] as [(Bool, Double?, Double)])
    func patience(opening: Bool, frame: Double?, expected: Double) {
        #expect(abs(PlaybackCore.framePatience(isOpening: opening, frameDuration: frame) - expected) < 1e-12)
    }
}
