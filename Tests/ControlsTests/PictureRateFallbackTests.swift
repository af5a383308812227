@testable import Controls
import Testing

@Suite("Picture rate fallback")
struct PictureRateFallbackTests {
    /// The playback: frames shown so far and the video's position.
    struct Playback {
        var shown = 0
        var position = 0.0
    }

    /// Plays `seconds` of a `fps` video of which the terminal shows `share`, one pass every
    /// frame, from `start`; returns the first action that is not `.none` (and when), or nil.
    func play(_ machine: inout PictureRateFallback, _ playback: inout Playback, from start: Double,
              seconds: Double, fps: Double = 30, share: Double, playing: Bool = true) -> (PictureRateFallback.Action, Double)? {
        var owed = 0.0
        var found: (PictureRateFallback.Action, Double)?
        for n in 0..<Int(seconds * fps) {
            let now = start + Double(n) / fps
            if playing {
                playback.position += 1 / fps
                owed += share
                if owed >= 1 {
                    owed -= 1
                    playback.shown += 1
                }
            }
            let event = PictureRateFallback.Event.frames(shown: playback.shown, position: playback.position, frameDuration: 1 / fps,
                                                         playing: playing)
            let action = machine.event(event, now: now)
            if action != .none, found == nil { found = (action, now) }
        }
        return found
    }

    @Test("a terminal showing under half the frames steps down after two periods, once")
    func stepsDown() throws {
        var machine = PictureRateFallback(enabled: true)
        var playback = Playback()
        let (action, at) = try #require(play(&machine, &playback, from: 100, seconds: 10, share: 0.44))
        guard case .stepDown(let share) = action else { Issue.record("no step down"); return }
        #expect(abs(share - 0.44) < 0.02)
        #expect(at >= 100 + 2 * PictureRateFallback.period && at < 100 + 2 * PictureRateFallback.period + 0.1)
        #expect(machine.steppedDown)
        #expect(play(&machine, &playback, from: 110, seconds: 10, share: 0.1) == nil)
    }

    @Test("a terminal that keeps the frames never steps down", arguments: [1.0, 0.9, 0.7])
    func keepsUp(share: Double) {
        var machine = PictureRateFallback(enabled: true)
        var playback = Playback()
        #expect(play(&machine, &playback, from: 0, seconds: 60, share: share) == nil)
        #expect(!machine.steppedDown)
    }

    @Test("a protocol named by the user is never stepped down from")
    func disabled() {
        var machine = PictureRateFallback(enabled: false)
        var playback = Playback()
        #expect(play(&machine, &playback, from: 0, seconds: 60, share: 0.1) == nil)
    }

    @Test("one slow period between good ones is a hiccup, not a step down")
    func hiccup() {
        var machine = PictureRateFallback(enabled: true)
        var playback = Playback()
        var now = 0.0
        for _ in 0..<5 {
            #expect(play(&machine, &playback, from: now, seconds: PictureRateFallback.period, share: 0.2) == nil)
            now += PictureRateFallback.period
            #expect(play(&machine, &playback, from: now, seconds: PictureRateFallback.period, share: 1) == nil)
            now += PictureRateFallback.period
        }
    }

    @Test("paused time does not count, and a pause starts the period again")
    func pauses() {
        var machine = PictureRateFallback(enabled: true)
        var playback = Playback()
        var now = 0.0
        for _ in 0..<5 {
            // Slow for less than two periods, then paused: never two slow periods in a row.
            #expect(play(&machine, &playback, from: now, seconds: PictureRateFallback.period * 1.9, share: 0.2) == nil)
            now += PictureRateFallback.period * 1.9
            #expect(play(&machine, &playback, from: now, seconds: 30, share: 0, playing: false) == nil)
            now += 30
        }
        #expect(!machine.steppedDown)
    }

    @Test("a slow video (a slide show) is not a frame rate: too few frames due do not count")
    func fewFrames() {
        var machine = PictureRateFallback(enabled: true)
        var playback = Playback()
        #expect(play(&machine, &playback, from: 0, seconds: 60, fps: 2, share: 0.3) == nil)
    }

    @Test("a jump of the position (a seek, a loop, the next file) starts a new period", arguments: [-5.0, 60.0])
    func jumps(by jump: Double) {
        var machine = PictureRateFallback(enabled: true)
        var playback = Playback(shown: 0, position: 10)
        #expect(play(&machine, &playback, from: 0, seconds: 2, share: 0.2) == nil)
        playback.position += jump
        // A second slow period right after the jump: had the jump counted, two would be in a row.
        #expect(play(&machine, &playback, from: 2, seconds: 3.5, share: 0.2) == nil)
        #expect(!machine.steppedDown)
    }

    @Test("mpv's own drops count: the video moved on by more frames than were shown or let go")
    func videoFrames() {
        var machine = PictureRateFallback(enabled: true)
        #expect(machine.event(.frames(shown: 0, position: 0, frameDuration: 0.04, playing: true), now: 0) == .none)
        #expect(machine.event(.frames(shown: 10, position: 3, frameDuration: 0.04, playing: true), now: 3) == .none)
        #expect(machine.event(.frames(shown: 20, position: 6, frameDuration: 0.04, playing: true), now: 6) == .stepDown(share: 10.0 / 75))
    }

    @Test("nothing known of the video's frames, nothing measured")
    func unknownFrames() {
        var machine = PictureRateFallback(enabled: true)
        for second in 0..<60 {
            #expect(machine.event(.frames(shown: second, position: Double(second), frameDuration: nil, playing: true), now: Double(second)) == .none)
        }
        #expect(machine.lastShare == nil)
    }
}
