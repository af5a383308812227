import Testing
@testable import Controls

/// The pacing of screens to the terminal's answers, with numbers and the time passed in.
@Suite("LinkPacer")
struct LinkPacerTests {
    @Test("pictures are sized to a modest first guess until the link is measured; a link that shows itself fast gets none")
    func sizingRate() {
        var slow = LinkPacer(active: true)
        #expect(slow.sizingRate == LinkPacer.firstGuess, "unmeasured: a first picture must not take seconds")
        _ = slow.event(.wrote(bytes: 20_000, picture: true), now: 0)
        _ = slow.event(.answered(.status), now: 0.2)
        #expect(slow.sizingRate == slow.rate && slow.rate != nil, "measured: the measure")
        var fast = LinkPacer(active: true)
        _ = fast.event(.wrote(bytes: 20_000, picture: true), now: 0)
        _ = fast.event(.answered(.status), now: 0.001)
        #expect(fast.rate == nil && fast.seenFast)
        #expect(fast.sizingRate == nil, "a screen inside the link's burst: whole pictures")
        #expect(LinkPacer(active: false).sizingRate == nil, "not paced: whole pictures")
    }

    @Test("a picture waits for the last picture's answer, and goes once it came")
    func pictureWaitsForAnswer() {
        var pacer = LinkPacer(active: true)
        #expect(pacer.mayWritePicture)
        #expect(pacer.event(.wrote(bytes: 20_000, picture: true), now: 0) == .none)
        #expect(!pacer.mayWritePicture)
        #expect(pacer.bytesInFlight == 20_000)
        _ = pacer.event(.answered(.status), now: 0.2)
        #expect(pacer.mayWritePicture)
        #expect(pacer.bytesInFlight == 0)
    }

    @Test("a late answer for an earlier screen does not release the picture written after it")
    func lateAnswerReleasesNothingNewer() {
        var pacer = LinkPacer(active: true)
        _ = pacer.event(.wrote(bytes: 300, picture: false), now: 0)  // the controls
        _ = pacer.event(.wrote(bytes: 20_000, picture: true), now: 0.01)
        _ = pacer.event(.answered(.status), now: 0.1)  // the controls' answer
        #expect(!pacer.mayWritePicture)
        #expect(pacer.outstanding.count == 1)
        _ = pacer.event(.answered(.status), now: 0.3)
        #expect(pacer.mayWritePicture)
    }

    @Test("the controls may go behind one picture in flight, but not behind other controls")
    func controlsBehindOnePicture() {
        var pacer = LinkPacer(active: true)
        _ = pacer.event(.wrote(bytes: 15_000, picture: true), now: 0)
        #expect(pacer.mayWriteControls)
        _ = pacer.event(.wrote(bytes: 200, picture: false), now: 0.05)
        #expect(!pacer.mayWriteControls)
        #expect(!pacer.mayWritePicture)
        _ = pacer.event(.answered(.status), now: 0.2)
        #expect(pacer.mayWritePicture)
        #expect(!pacer.mayWriteControls)
        _ = pacer.event(.answered(.status), now: 0.21)
        #expect(pacer.mayWriteControls)
    }

    @Test("the rest of a picture cut short at the cap waits for that picture's answer, as a picture; the controls do not")
    func restOfCutWaitsAsAPicture() {
        var pacer = LinkPacer(active: true)
        #expect(pacer.mayWriteScreen(restOfPicture: true))
        _ = pacer.event(.wrote(bytes: 14_000, picture: true), now: 0)  // cut at the cap
        #expect(!pacer.mayWriteScreen(restOfPicture: true), "the rest would be a second picture in flight")
        #expect(pacer.mayWriteScreen(restOfPicture: false), "the controls go behind the one picture")
        _ = pacer.event(.answered(.status), now: 0.2)
        #expect(pacer.mayWriteScreen(restOfPicture: true))
        _ = pacer.event(.wrote(bytes: 14_000, picture: true), now: 0.2)  // the rest, cut again
        _ = pacer.event(.answered(.status), now: 0.4)
        _ = pacer.event(.wrote(bytes: 300, picture: false), now: 0.41)  // the controls
        #expect(!pacer.mayWriteScreen(restOfPicture: true), "nor behind a screen of the controls")
        #expect(!pacer.mayWriteScreen(restOfPicture: false))
        #expect(LinkPacer(active: false).mayWriteScreen(restOfPicture: true), "not paced: everything goes")
    }

    @Test("no answer for a second: the question goes again alone, counted; never the picture")
    func reaskAfterASecond() {
        var pacer = LinkPacer(active: true)
        _ = pacer.event(.wrote(bytes: 300_000, picture: true), now: 10)
        #expect(pacer.nextDeadline == 11)
        #expect(pacer.event(.tick, now: 10.5) == .none)
        #expect(pacer.event(.tick, now: 11) == .ask(.attributes))
        #expect(pacer.reasks == 1)
        #expect(pacer.outstanding.map(\.question) == [.status, .attributes])
        #expect(pacer.nextDeadline == 12)
        #expect(pacer.event(.tick, now: 11.5) == .none)
        #expect(!pacer.mayWritePicture)
    }

    @Test("a lost answer: the question asked again settles the screen before it")
    func lostAnswerSettledByReask() {
        var pacer = LinkPacer(active: true)
        _ = pacer.event(.wrote(bytes: 20_000, picture: true), now: 0)
        #expect(pacer.event(.tick, now: 1) == .ask(.attributes))
        _ = pacer.event(.answered(.attributes), now: 1.01)
        #expect(pacer.outstanding.isEmpty)
        #expect(pacer.mayWritePicture)
    }

    @Test("the answer to a question asked again comes late: it settles only itself")
    func lateReaskAnswer() {
        var pacer = LinkPacer(active: true)
        _ = pacer.event(.wrote(bytes: 20_000, picture: true), now: 0)
        _ = pacer.event(.tick, now: 1)
        _ = pacer.event(.answered(.status), now: 1.2)
        #expect(pacer.mayWritePicture)
        _ = pacer.event(.wrote(bytes: 20_000, picture: true), now: 1.21)
        _ = pacer.event(.answered(.attributes), now: 1.22)
        #expect(!pacer.mayWritePicture)
        _ = pacer.event(.answered(.status), now: 1.4)
        #expect(pacer.mayWritePicture)
    }

    @Test("an answer with nothing of its kind outstanding (the start-up probe's) changes nothing")
    func strayAnswer() {
        var pacer = LinkPacer(active: true)
        _ = pacer.event(.wrote(bytes: 20_000, picture: true), now: 0)
        _ = pacer.event(.answered(.attributes), now: 0.1)
        #expect(!pacer.mayWritePicture)
        #expect(pacer.answers == 0)
    }

    @Test("a small screen on an idle link measures the round trip; a large one the rate")
    func measures() {
        var pacer = LinkPacer(active: true)
        _ = pacer.event(.wrote(bytes: 100, picture: false), now: 0)
        _ = pacer.event(.answered(.status), now: 0.04)
        #expect(pacer.roundTrip == 0.04)
        // 20 kB that took 0.24 s with a 0.04 s round trip: 100 kB/s.
        _ = pacer.event(.wrote(bytes: 20_000, picture: true), now: 1)
        _ = pacer.event(.answered(.status), now: 1.24)
        #expect(abs((pacer.rate ?? 0) - 100_000) < 1)
        #expect(pacer.frameBytes() == 15_000)
        #expect(pacer.frameBytes(within: 0.1) == 10_000)
        #expect(pacer.frameBytes(within: 2) == 15_000)
    }

    @Test("back to back screens are timed from the answer before, when the link was still busy")
    func pipelinedRate() {
        var pacer = LinkPacer(active: true)
        _ = pacer.event(.wrote(bytes: 10_000, picture: true), now: 0)
        _ = pacer.event(.wrote(bytes: 200, picture: false), now: 0.01)
        _ = pacer.event(.answered(.status), now: 0.1)
        #expect(abs((pacer.rate ?? 0) - 100_000) < 1)
        _ = pacer.event(.wrote(bytes: 10_000, picture: true), now: 0.1)
        _ = pacer.event(.answered(.status), now: 0.11)  // the controls'
        #expect(pacer.roundTrip == nil)  // not on an idle link
        _ = pacer.event(.answered(.status), now: 0.21)
        // The second picture's 10 kB took from the answer before (0.11) to 0.21.
        #expect(abs((pacer.rate ?? 0) - 100_000) < 1)
    }

    @Test("the rate is smoothed: one slow screen moves it a quarter of the way")
    func smoothing() {
        var pacer = LinkPacer(active: true)
        _ = pacer.event(.wrote(bytes: 10_000, picture: true), now: 0)
        _ = pacer.event(.answered(.status), now: 0.1)
        _ = pacer.event(.wrote(bytes: 10_000, picture: true), now: 1)
        _ = pacer.event(.answered(.status), now: 1.2)
        #expect(abs((pacer.rate ?? 0) - 87_500) < 1)
    }

    @Test("forgetting what is outstanding (a suspend) lets the next picture go and keeps the measures")
    func forget() {
        var pacer = LinkPacer(active: true)
        _ = pacer.event(.wrote(bytes: 10_000, picture: true), now: 0)
        _ = pacer.event(.answered(.status), now: 0.1)
        _ = pacer.event(.wrote(bytes: 10_000, picture: true), now: 1)
        _ = pacer.event(.forget, now: 1.1)
        #expect(pacer.mayWritePicture && pacer.outstanding.isEmpty && pacer.nextDeadline == nil)
        #expect(pacer.rate != nil)
    }

    @Test("a terminal that never answered the probe is not paced: everything goes, nothing is asked")
    func inactive() {
        var pacer = LinkPacer(active: false)
        _ = pacer.event(.wrote(bytes: 20_000, picture: true), now: 0)
        #expect(pacer.mayWritePicture)
        #expect(pacer.mayWriteControls)
        #expect(pacer.outstanding.isEmpty)
        #expect(pacer.nextDeadline == nil)
        #expect(pacer.event(.tick, now: 5) == .none)
        #expect(pacer.frameBytes() == nil)
    }

    @Test("a screen that crossed inside the link's burst is no rate sample; one that took its time is")
    func burstIsNoSample() {
        var pacer = LinkPacer(active: true)
        _ = pacer.event(.wrote(bytes: 100, picture: false), now: 0)
        _ = pacer.event(.answered(.status), now: 0.02)  // the round trip: 20 ms
        _ = pacer.event(.wrote(bytes: 6_000, picture: true), now: 1)
        _ = pacer.event(.answered(.status), now: 1.021)  // 1 ms on the link: a burst
        #expect(pacer.rate == nil)
        _ = pacer.event(.wrote(bytes: 30_000, picture: true), now: 2)
        _ = pacer.event(.answered(.status), now: 2.22)  // 200 ms on the link
        #expect(pacer.rate.map { abs($0 - 150_000) < 1 } == true)
    }

    @Test("an answer so late that the question went again measures nothing: a stall is no rate")
    func lateAnswerIsNoSample() {
        var pacer = LinkPacer(active: true)
        _ = pacer.event(.wrote(bytes: 40_000, picture: true), now: 0)
        #expect(pacer.event(.tick, now: 1) == .ask(.attributes))
        _ = pacer.event(.answered(.status), now: 3.5)
        #expect(pacer.rate == nil)
        #expect(pacer.mayWritePicture)
    }
}
