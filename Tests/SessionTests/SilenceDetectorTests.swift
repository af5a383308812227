import Testing
@testable import Session

/// `--network-timeout` held by reel itself: buffering with nothing arriving, for too long.
@Suite("SilenceDetector")
struct SilenceDetectorTests {
    /// One look: buffering or not, what has arrived, and when.
    typealias Look = (buffering: Bool, mark: Double, now: Double)

    /// The times at which the detector, limit 3 s, reports silence.
    static func reports(_ looks: [Look], resetAt reset: Double? = nil) -> [Double] {
        var detector = SilenceDetector(limit: 3)
        var times: [Double] = []
        for look in looks {
            if let reset, look.now == reset { detector.reset() }
            if detector.observe(isBuffering: look.buffering, received: look.mark, now: look.now) { times.append(look.now) }
        }
        return times
    }

    @Test("buffering with nothing arriving for the limit is silence, said once")
    func silent() {
        #expect(Self.reports([(true, 100, 10), (true, 100, 12.9), (true, 100, 13), (true, 100, 20)]) == [13])
    }

    @Test("the deadline is the limit after the silence began, and gone once said")
    func deadline() {
        var detector = SilenceDetector(limit: 3)
        _ = detector.observe(isBuffering: true, received: 1, now: 10)
        #expect(detector.nextDeadline == 13)
        _ = detector.observe(isBuffering: true, received: 2, now: 11)
        #expect(detector.nextDeadline == 14)
        _ = detector.observe(isBuffering: true, received: 2, now: 14)
        #expect(detector.nextDeadline == nil)
    }

    @Test("data that keeps arriving, however slowly, is no silence", arguments: [0.5, 1, 2.9])
    func trickle(step: Double) {
        let looks = (0..<40).map { (true, Double($0), Double($0) * step) }
        #expect(Self.reports(looks).isEmpty)
    }

    @Test("playing between waits starts the count again; a reset forgets a report")
    func playingResets() {
        #expect(Self.reports([(true, 1, 0), (false, 1, 2.5), (true, 1, 4), (true, 1, 6.9), (true, 1, 7)]) == [7])
        #expect(Self.reports([(true, 1, 0), (true, 1, 3), (true, 1, 8), (true, 1, 11)], resetAt: 8) == [3, 11])
    }
}
