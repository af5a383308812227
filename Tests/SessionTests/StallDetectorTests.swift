import Testing
@testable import Session

@Suite("StallDetector")
struct StallDetectorTests {
    @Test("a clock that runs with no frame means the picture cannot be shown")
    func noPicture() {
        var detector = StallDetector()
        #expect(detector.observe(position: 0, frames: 0, expectsPicture: true, hasPicture: false, isWaiting: false, atEnd: false, now: 0) == nil)
        #expect(detector.observe(position: 1.0, frames: 0, expectsPicture: true, hasPicture: false, isWaiting: false, atEnd: false, now: 1) == nil)
        #expect(detector.observe(position: 1.6, frames: 0, expectsPicture: true, hasPicture: false, isWaiting: false, atEnd: false, now: 1.6) == .noPicture)
        #expect(detector.observe(position: 3, frames: 0, expectsPicture: true, hasPicture: false, isWaiting: false, atEnd: false, now: 3) == nil, "said once")
    }

    @Test("a short file that ends with no frame is caught too; sound-only files expect no picture")
    func shortAndSound() {
        var short = StallDetector()
        _ = short.observe(position: 0, frames: 0, expectsPicture: true, hasPicture: false, isWaiting: false, atEnd: false, now: 0)
        #expect(short.observe(position: 0.9, frames: 0, expectsPicture: true, hasPicture: false, isWaiting: false, atEnd: true, now: 1) == .noPicture)
        var sound = StallDetector()
        _ = sound.observe(position: 0, frames: 0, expectsPicture: false, hasPicture: false, isWaiting: false, atEnd: false, now: 0)
        #expect(sound.observe(position: 5, frames: 0, expectsPicture: false, hasPicture: false, isWaiting: false, atEnd: false, now: 5) == nil)
    }

    @Test("a picture that was shown and then went (mpv unloading the file for a client's stop, video turned off) is no missing picture")
    func pictureGoneLater() {
        var detector = StallDetector()
        detector.begin(position: 0, now: 0)
        #expect(detector.observe(position: 0, frames: 1, expectsPicture: true, hasPicture: true, isWaiting: true, atEnd: false, now: 0.1) == nil)
        #expect(detector.observe(position: 60, frames: 1, expectsPicture: true, hasPicture: false, isWaiting: false, atEnd: false, now: 2) == nil)
        detector.reset()
        _ = detector.observe(position: 0, frames: 0, expectsPicture: true, hasPicture: false, isWaiting: false, atEnd: false, now: 3)
        #expect(detector.observe(position: 2, frames: 0, expectsPicture: true, hasPicture: false, isWaiting: false, atEnd: false, now: 5) == .noPicture,
                "a new item starts with no picture seen")
    }

    @Test("an item that jumps to its end with no frame, seen only there, is caught from where it began")
    func jumpToEnd() {
        var detector = StallDetector()
        detector.begin(position: 0, now: 0)
        #expect(detector.observe(position: 10, frames: 0, expectsPicture: true, hasPicture: false, isWaiting: true, atEnd: true, now: 0.2) == .noPicture)
    }

    @Test("nothing moving for the limit is a stall, unless paused, buffering or seeking")
    func stall() {
        var detector = StallDetector(limit: 8)
        _ = detector.observe(position: 0, frames: 1, expectsPicture: true, hasPicture: true, isWaiting: false, atEnd: false, now: 0)
        #expect(detector.observe(position: 0, frames: 1, expectsPicture: true, hasPicture: true, isWaiting: false, atEnd: false, now: 7.9) == nil)
        #expect(detector.nextDeadline(now: 7.9) == 8)
        #expect(detector.observe(position: 0, frames: 1, expectsPicture: true, hasPicture: true, isWaiting: false, atEnd: false, now: 8) == .stalled)
        var waiting = StallDetector(limit: 8)
        _ = waiting.observe(position: 0, frames: 1, expectsPicture: true, hasPicture: true, isWaiting: true, atEnd: false, now: 0)
        #expect(waiting.observe(position: 0, frames: 1, expectsPicture: true, hasPicture: true, isWaiting: true, atEnd: false, now: 60) == nil)
        #expect(waiting.observe(position: 0, frames: 1, expectsPicture: true, hasPicture: true, isWaiting: false, atEnd: false, now: 67) == nil)
        #expect(waiting.observe(position: 0, frames: 1, expectsPicture: true, hasPicture: true, isWaiting: false, atEnd: false, now: 68) == .stalled)
        var ended = StallDetector(limit: 8)
        _ = ended.observe(position: 9, frames: 1, expectsPicture: true, hasPicture: true, isWaiting: false, atEnd: true, now: 0)
        #expect(ended.observe(position: 9, frames: 1, expectsPicture: true, hasPicture: true, isWaiting: false, atEnd: true, now: 30) == nil)
    }

    @Test("a stream read to its end with nothing played is caught while paused, after the grace, and never once the clock moved")
    func nothingPlayed() {
        var detector = StallDetector()
        detector.begin(position: 0, now: 0)
        #expect(detector.observe(position: 0, frames: 2, expectsPicture: true, hasPicture: false, isWaiting: true, atEnd: false, drained: true, now: 0.1) == nil)
        #expect(detector.drainedDeadline == 1.6)
        #expect(detector.observe(position: 0, frames: 2, expectsPicture: true, hasPicture: false, isWaiting: true, atEnd: false, drained: true, now: 1.6) == .nothingPlayed)
        #expect(detector.drainedDeadline == nil, "said once")
        var played = StallDetector()
        played.begin(position: 0, now: 0)
        _ = played.observe(position: 4, frames: 0, expectsPicture: false, hasPicture: false, isWaiting: true, atEnd: true, drained: true, now: 0.1)
        #expect(played.observe(position: 4, frames: 0, expectsPicture: false, hasPicture: false, isWaiting: true, atEnd: true, drained: true, now: 5) == nil,
                "a sound file played to its end")
        var pictured = StallDetector()
        pictured.begin(position: 0, now: 0)
        _ = pictured.observe(position: 0, frames: 1, expectsPicture: true, hasPicture: true, isWaiting: true, atEnd: false, drained: true, now: 0.1)
        #expect(pictured.observe(position: 0, frames: 1, expectsPicture: true, hasPicture: true, isWaiting: true, atEnd: false, drained: true, now: 5) == nil,
                "a one-frame file, paused on its picture")
    }
}
