import Foundation
import Testing

/// Test support: the player's controls read off a terminal's screen as a person reads them.
extension GraphicalTerminal {
    /// Reads the controls off the screen, playing and then paused (`pause` presses Space), and
    /// expects the title's `title` words, a "10" and a time each time.
    func expectControlsRead(title: [String], pause: () throws -> Void,
                            sourceLocation: SourceLocation = #_sourceLocation) throws {
        // Playing: a few frames drawn after the controls came up.
        let first = try #require(waitForTrace(" frame "), "no frame:\n\(trace)", sourceLocation: sourceLocation)
        _ = reelTrace.waitFor(" frame ", count: 10, after: first)
        // A shot taken while frames arrive can catch the terminal (mlterm, seen) between drawing
        // a picture and the text written over it (a frame's time, as a person would see a
        // flicker): up to three shots, a few frames apart, and one of them must read every control.
        let playing = try readings(title: title, between: {
            _ = reelTrace.waitFor(" frame ", count: 3, after: reelTrace.mark, timeout: 5)
        }, shot: screenshot)
        expect(playing, title: title, read: "playing", sourceLocation: sourceLocation)
        try pause()
        // Paused, the screen settles; it is read again (up to three times, a second apart) only
        // when a reading misses something, as tesseract now and then misses a word on a picture.
        let paused = try readings(title: title, between: { usleep(1_000_000) }, shot: { try waitForStillScreen() })
        expect(paused, title: title, read: "paused", sourceLocation: sourceLocation)
    }

    /// What tesseract reads on up to three shots (`between` runs before the second and the
    /// third), until one reads every control.
    private func readings(title: [String], between: () -> Void, shot: () throws -> Screenshot) throws -> [String] {
        var readings: [String] = []
        for attempt in 0..<3 {
            if attempt > 0 { between() }
            readings.append(try ScreenText.read(shot(), folder: directory))
            if ScreenText.missingControls(in: readings[attempt], title: title).isEmpty { break }
        }
        return readings
    }

    /// Expects one of `readings` to read every control, else says what each missed.
    private func expect(_ readings: [String], title: [String], read when: String, sourceLocation: SourceLocation) {
        #expect(readings.contains { ScreenText.missingControls(in: $0, title: title).isEmpty },
                "\(when), in none of \(readings.count) readings: \(readings.map { ScreenText.missingControls(in: $0, title: title) }) in what was read:\n\(readings.joined(separator: "\n---\n"))",
                sourceLocation: sourceLocation)
    }
}

extension XTerminal {
    /// Reads the controls playing and then paused by Space (``expectControlsRead(title:pause:sourceLocation:)``),
    /// then quits with q and expects reel to have drawn in `graphics` and ended well.
    func expectControlsReadThenQuit(title: [String], graphics: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try expectControlsRead(title: title, pause: {
            let mark = reelTrace.mark
            try press("space")
            reelTrace.waitForHandledInput(after: mark)
        }, sourceLocation: sourceLocation)
        try press("q")
        #expect(waitForExit() == 0, sourceLocation: sourceLocation)
        #expect(standardError.contains("graphics \(graphics)"), "\(standardError)", sourceLocation: sourceLocation)
    }
}
