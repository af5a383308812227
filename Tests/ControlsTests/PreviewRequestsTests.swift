import Controls
import Testing

/// The scrub preview's requests: the latest position wins, and frames are cached by keyframe.
@Suite("Preview requests")
struct PreviewRequestsTests {
    typealias Requests = PreviewRequests<String>

    @Test("the first position goes to the decoder at once, and its frame shows")
    func firstRequest() {
        var requests = Requests()
        #expect(requests.event(.pointer(at: 12)) == [.decode(12)])
        #expect(requests.event(.decoded(requested: 12, keyframe: 10, frame: "k10")) == [.show("k10", keyframe: 10)])
        #expect(requests.isIdle && requests.cachedCount == 1)
    }

    @Test("while one is in flight, a newer position supersedes the pending one")
    func latestWins() {
        var requests = Requests()
        _ = requests.event(.pointer(at: 1))
        #expect(requests.event(.pointer(at: 2)).isEmpty)
        #expect(requests.event(.pointer(at: 3)).isEmpty)
        #expect(requests.event(.pointer(at: 4)).isEmpty)
        #expect(requests.pending == 4)
        // The answer for 1 shows (the nearest picture there is), and only 4 is asked next: not 2 or 3.
        #expect(requests.event(.decoded(requested: 1, keyframe: 0, frame: "k0")) == [.show("k0", keyframe: 0), .decode(4)])
        #expect(requests.event(.decoded(requested: 4, keyframe: 4, frame: "k4")) == [.show("k4", keyframe: 4)])
        #expect(requests.isIdle)
    }

    @Test("a position between a keyframe and a position that landed on it is shown from the cache")
    func cachedByKeyframe() {
        var requests = Requests()
        _ = requests.event(.pointer(at: 14))
        _ = requests.event(.decoded(requested: 14, keyframe: 10, frame: "k10"))
        _ = requests.event(.pointer(at: 30))
        _ = requests.event(.decoded(requested: 30, keyframe: 30, frame: "k30"))
        // 12 lies in 10…14, known to land on the keyframe at 10: no decode.
        #expect(requests.event(.pointer(at: 12)) == [.show("k10", keyframe: 10)])
        #expect(requests.event(.pointer(at: 10)).isEmpty, "the same keyframe is already on the card")
        // 16 is not known: it is asked, and landing on 10 again widens that entry, with no second copy.
        #expect(requests.event(.pointer(at: 16)) == [.decode(16)])
        #expect(requests.event(.decoded(requested: 16, keyframe: 10, frame: "k10")).isEmpty)
        #expect(requests.cachedCount == 2)
        _ = requests.event(.pointer(at: 30))
        #expect(requests.event(.pointer(at: 15)) == [.show("k10", keyframe: 10)])
    }

    @Test("a pending position the cache answers meanwhile is not decoded")
    func pendingFromCache() {
        var requests = Requests()
        _ = requests.event(.pointer(at: 5))
        _ = requests.event(.decoded(requested: 5, keyframe: 4, frame: "k4"))
        _ = requests.event(.pointer(at: 20))
        _ = requests.event(.pointer(at: 40))
        // 40 waits; the answer for 20 lands on 18, so 40 is still unknown and goes next.
        #expect(requests.event(.decoded(requested: 20, keyframe: 18, frame: "k18")) == [.show("k18", keyframe: 18), .decode(40)])
        _ = requests.event(.pointer(at: 60))
        #expect(requests.pending == 60)
        // Back in 4…5: shown at once from the cache, and the pending 60 is dropped.
        #expect(requests.event(.pointer(at: 4.5)) == [.show("k4", keyframe: 4)])
        #expect(requests.pending == nil)
        // The answer for 40 is cached, but the card keeps the frame for where the pointer is.
        #expect(requests.event(.decoded(requested: 40, keyframe: 40, frame: "k40")).isEmpty)
        #expect(requests.isIdle && requests.cachedCount == 3)
    }

    @Test("leaving hides the card and drops the pending position; a late frame is cached, not shown")
    func leave() {
        var requests = Requests()
        _ = requests.event(.pointer(at: 1))
        _ = requests.event(.pointer(at: 9))
        #expect(requests.event(.leave) == [.hide])
        #expect(requests.pending == nil)
        #expect(requests.event(.decoded(requested: 1, keyframe: 0, frame: "k0")).isEmpty)
        #expect(requests.cachedCount == 1 && requests.isIdle)
        #expect(requests.event(.leave).isEmpty, "nothing to hide twice")
        #expect(requests.event(.pointer(at: 0.5)) == [.show("k0", keyframe: 0)])
    }

    @Test("a failed request lets the pending one go")
    func failure() {
        var requests = Requests()
        _ = requests.event(.pointer(at: 1))
        _ = requests.event(.pointer(at: 2))
        #expect(requests.event(.failed(requested: 1)) == [.decode(2)])
        #expect(requests.event(.failed(requested: 2)).isEmpty && requests.isIdle)
    }

    @Test("the cache keeps the frames used last", arguments: [1, 3])
    func capacity(capacity: Int) {
        var requests = Requests(configuration: .init(capacity: capacity))
        for second in 0..<5 {
            _ = requests.event(.pointer(at: Double(second * 10)))
            _ = requests.event(.decoded(requested: Double(second * 10), keyframe: Double(second * 10), frame: "k\(second)"))
        }
        #expect(requests.cachedCount == capacity)
        #expect(requests.event(.pointer(at: 40)).isEmpty, "the last is kept and already shown")
        #expect(requests.event(.pointer(at: 0)) == [.decode(0)], "the oldest went")
    }

    @Test("another item resets everything")
    func reset() {
        var requests = Requests()
        _ = requests.event(.pointer(at: 3))
        _ = requests.event(.decoded(requested: 3, keyframe: 3, frame: "k3"))
        #expect(requests.event(.reset) == [.hide])
        #expect(requests.cachedCount == 0 && requests.pointer == nil)
        #expect(requests.event(.pointer(at: 3)) == [.decode(3)])
    }
}
