import Testing
@testable import Controls

@Suite("SeekRequest and SeekCoalescer")
struct SeekCoalescerTests {
    @Test("then merges requests into one with the same result", arguments: [
        (SeekRequest.by(10), SeekRequest.by(10), SeekRequest.by(20)),
        (.by(10), .by(-10), .by(0)),
        (.to(30, exact: true), .by(10), .to(40, exact: true)),
        (.to(30, exact: false), .by(-5), .to(25, exact: false)),
        (.by(10), .to(5, exact: false), .to(5, exact: false)),
        (.to(30, exact: false), .to(50, exact: true), .to(50, exact: true)),
    ])
    func then(first: SeekRequest, second: SeekRequest, merged: SeekRequest) {
        #expect(first.then(second) == merged)
    }

    @Test("the first request goes out at once; the rest wait and go out merged")
    func coalesces() {
        var coalescer = SeekCoalescer()
        #expect(coalescer.request(.by(10)) == .send(.by(10)))
        #expect(coalescer.isInFlight)
        #expect(coalescer.request(.by(10)) == .wait)
        #expect(coalescer.request(.by(10)) == .wait)
        #expect(coalescer.pending == .by(20))
        #expect(coalescer.completed() == .send(.by(20)))
        #expect(coalescer.isInFlight)
        #expect(coalescer.completed() == .idle)
        #expect(!coalescer.isInFlight)
        #expect(coalescer.request(.by(-10)) == .send(.by(-10)))
    }

    @Test("moves that cancel out send nothing")
    func cancelOut() {
        var coalescer = SeekCoalescer()
        _ = coalescer.request(.by(10))
        _ = coalescer.request(.by(10))
        _ = coalescer.request(.by(-10))
        #expect(coalescer.completed() == .idle)
        #expect(!coalescer.isInFlight)
    }

    @Test("a completion with nothing outstanding is idle; reset forgets everything")
    func idleAndReset() {
        var coalescer = SeekCoalescer()
        #expect(coalescer.completed() == .idle)
        _ = coalescer.request(.to(5, exact: true))
        _ = coalescer.request(.by(1))
        coalescer.reset()
        #expect(coalescer == SeekCoalescer())
    }

    @Test("a held arrow (a press every 30 ms, a seek taking 100 ms) adds up in full with one seek in flight")
    func heldArrow() {
        var coalescer = SeekCoalescer()
        var sent: [SeekRequest] = []
        var inFlightSince: Double?
        for step in 0..<40 {
            let now = Double(step) * 0.03
            if let since = inFlightSince, now - since >= 0.1 {
                if case .send(let seek) = coalescer.completed() { sent.append(seek); inFlightSince = now } else { inFlightSince = nil }
            }
            if case .send(let seek) = coalescer.request(.by(10)) { sent.append(seek); inFlightSince = now }
        }
        for _ in 0..<10 {
            guard case .send(let seek) = coalescer.completed() else { break }
            sent.append(seek)
        }
        let total = sent.reduce(0.0) { sum, seek in if case .by(let delta) = seek { sum + delta } else { sum } }
        #expect(total == 400)
        #expect(sent.count < 40 / 3 + 2)
    }
}
