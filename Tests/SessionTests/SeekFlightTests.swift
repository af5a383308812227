import Controls
import Testing
@testable import Session

/// One seek in flight, the rest merged, with numbers: commands, replies, restarts and the time.
@Suite("SeekFlight")
struct SeekFlightTests {
    @Test("the first seek goes at once; those asked for while it flies are merged and go after mpv's restart")
    func merges() {
        var flight = SeekFlight()
        #expect(flight.request(.by(10), now: 0) == .by(10))
        flight.sent(id: 1, now: 0)
        #expect(flight.hasSeekInFlight)
        #expect(flight.request(.by(10), now: 0) == nil)
        #expect(flight.request(.by(5), now: 0) == nil)
        #expect(!flight.restarted(now: 0).finished, "mpv has not replied to the command yet")
        flight.replied(1)
        let restart = flight.restarted(now: 0)
        #expect(restart.finished && restart.next == .by(15))
        flight.sent(id: 2, now: 0.2)
        flight.replied(2)
        let last = flight.restarted(now: 0)
        #expect(last.finished && last.next == nil)
        #expect(!flight.hasSeekInFlight)
    }

    @Test("a restart before mpv replied to the seek's command is not the seek's")
    func restartBeforeReply() {
        var flight = SeekFlight()
        _ = flight.request(.to(30, exact: true), now: 0)
        flight.sent(id: 4, now: 0)
        #expect(!flight.restarted(now: 0).finished)
        flight.replied(3)
        #expect(!flight.restarted(now: 0).finished, "another command's reply")
        #expect(flight.hasSeekInFlight)
    }

    @Test("moves that cancel out leave nothing to send")
    func cancelOut() {
        var flight = SeekFlight()
        _ = flight.request(.by(10), now: 0)
        flight.sent(id: 1, now: 0)
        _ = flight.request(.by(10), now: 0)
        _ = flight.request(.by(-10), now: 0)
        flight.replied(1)
        #expect(flight.restarted(now: 0).next == nil)
    }

    @Test("a seek mpv never confirms is let go after 1.5 s, and what waited goes then",
          arguments: [(1.5, false), (1.51, true)])
    func expires(at now: Double, expired: Bool) {
        var flight = SeekFlight()
        _ = flight.request(.by(10), now: 0)
        flight.sent(id: 1, now: 0)
        _ = flight.request(.to(42, exact: false), now: 0)
        #expect(flight.expire(now: now) == (expired ? .to(42, exact: false) : nil))
    }

    @Test("reset forgets the seek in flight and what waited")
    func reset() {
        var flight = SeekFlight()
        _ = flight.request(.by(10), now: 0)
        flight.sent(id: 1, now: 0)
        _ = flight.request(.by(10), now: 0)
        flight.reset()
        #expect(!flight.hasSeekInFlight)
        #expect(flight.request(.by(3), now: 0) == .by(3))
    }

    @Test("a seek handed out but never reported sent is let go after 1.5 s too")
    func handedOutExpires() {
        var flight = SeekFlight()
        _ = flight.request(.by(10), now: 0)
        _ = flight.request(.by(3), now: 0.5)
        #expect(flight.expire(now: 1.5) == nil)
        #expect(flight.expire(now: 1.6) == .by(3))
    }

    @Test("a seek that could not be sent is dropped: the next request goes at once; a late 'not sent' changes nothing")
    func notSent() {
        var flight = SeekFlight()
        _ = flight.request(.by(10), now: 0)
        #expect(flight.notSent(now: 0) == nil)
        #expect(!flight.hasSeekInFlight)
        #expect(flight.request(.by(10), now: 0.1) == .by(10))
        flight.sent(id: 3, now: 0.1)
        #expect(flight.notSent(now: 0.2) == nil, "a seek sent is not taken back")
        #expect(flight.hasSeekInFlight)
    }

    @Test("a held arrow (a press every 30 ms, a seek taking 100 ms) adds up in full with one seek in flight")
    func heldArrow() {
        var flight = SeekFlight()
        var sent: [SeekRequest] = []
        var id: UInt64 = 0
        var inFlightSince: Double?
        func send(_ seek: SeekRequest, _ now: Double) {
            sent.append(seek)
            id += 1
            flight.sent(id: id, now: now)
            flight.replied(id)
            inFlightSince = now
        }
        for step in 0..<40 {
            let now = Double(step) * 0.03
            if let since = inFlightSince, now - since >= 0.1 {
                inFlightSince = nil
                if let next = flight.restarted(now: now).next { send(next, now) }
            }
            if let seek = flight.request(.by(10), now: now) { send(seek, now) }
        }
        for step in 0..<10 {
            guard let next = flight.restarted(now: 2 + Double(step)).next else { break }
            send(next, 2 + Double(step))
        }
        let total = sent.reduce(0.0) { sum, seek in if case .by(let delta) = seek { sum + delta } else { sum } }
        #expect(total == 400)
        #expect(sent.count < 40 / 3 + 2)
    }
}
