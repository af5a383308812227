import Controls
import Testing
@testable import Session

/// One seek in flight, the rest merged, with numbers: commands, replies, restarts and the time.
@Suite("SeekFlight")
struct SeekFlightTests {
    @Test("the first seek goes at once; those asked for while it flies are merged and go after mpv's restart")
    func merges() {
        var flight = SeekFlight()
        #expect(flight.request(.by(10)) == .by(10))
        flight.sent(id: 1, now: 0)
        #expect(flight.hasSeekInFlight)
        #expect(flight.request(.by(10)) == nil)
        #expect(flight.request(.by(5)) == nil)
        #expect(!flight.restarted().finished, "mpv has not replied to the command yet")
        flight.replied(1)
        let restart = flight.restarted()
        #expect(restart.finished && restart.next == .by(15))
        flight.sent(id: 2, now: 0.2)
        flight.replied(2)
        let last = flight.restarted()
        #expect(last.finished && last.next == nil)
        #expect(!flight.hasSeekInFlight)
    }

    @Test("a restart before mpv replied to the seek's command is not the seek's")
    func restartBeforeReply() {
        var flight = SeekFlight()
        _ = flight.request(.to(30, exact: true))
        flight.sent(id: 4, now: 0)
        #expect(!flight.restarted().finished)
        flight.replied(3)
        #expect(!flight.restarted().finished, "another command's reply")
        #expect(flight.hasSeekInFlight)
    }

    @Test("moves that cancel out leave nothing to send")
    func cancelOut() {
        var flight = SeekFlight()
        _ = flight.request(.by(10))
        flight.sent(id: 1, now: 0)
        _ = flight.request(.by(10))
        _ = flight.request(.by(-10))
        flight.replied(1)
        #expect(flight.restarted().next == nil)
    }

    @Test("a seek mpv never confirms is let go after 1.5 s, and what waited goes then",
          arguments: [(1.5, false), (1.51, true)])
    func expires(at now: Double, expired: Bool) {
        var flight = SeekFlight()
        _ = flight.request(.by(10))
        flight.sent(id: 1, now: 0)
        _ = flight.request(.to(42, exact: false))
        #expect(flight.expire(now: now) == (expired ? .to(42, exact: false) : nil))
    }

    @Test("reset forgets the seek in flight and what waited")
    func reset() {
        var flight = SeekFlight()
        _ = flight.request(.by(10))
        flight.sent(id: 1, now: 0)
        _ = flight.request(.by(10))
        flight.reset()
        #expect(!flight.hasSeekInFlight)
        #expect(flight.request(.by(3)) == .by(3))
    }
}
