import Testing
@testable import Controls

/// The loop's decisions with the time passed in: when it draws, how long it waits, when it sleeps.
@Suite("LoopScheduler")
struct LoopSchedulerTests {
    typealias Outlook = LoopScheduler.Outlook
    typealias Output = LoopScheduler.Output

    static let writing = Output(writing: true)
    static let awaiting = Output(awaitingAcknowledgement: true)

    @Test("with nothing due it sleeps until a descriptor wakes it, and draws nothing")
    func idleSleep() {
        var scheduler = LoopScheduler()
        #expect(scheduler.event(.willWait(Outlook()), now: 10) == .poll(timeout: nil))
        #expect(scheduler.event(.passEnded(Outlook()), now: 10) == .none)
        #expect(scheduler.lastDraw == -.infinity)
    }

    @Test("it waits until the earliest of the engines' deadlines; one past is no wait at all", arguments: [
        ([12.5, nil, 11.25, 13], 1.25),
        ([nil, 10.5], 0.5),
        ([9, 12], 0),
        ([10], 0),
    ] as [([Double?], Double)])
    func earliestDeadline(deadlines: [Double?], timeout: Double) {
        var scheduler = LoopScheduler()
        #expect(scheduler.event(.willWait(Outlook(deadlines: deadlines)), now: 10) == .poll(timeout: timeout))
    }

    @Test("a deadline far off is waited for a minute at most")
    func longestWait() {
        var scheduler = LoopScheduler()
        #expect(scheduler.event(.willWait(Outlook(deadlines: [1000])), now: 10) == .poll(timeout: 60))
        var short = LoopScheduler(longestWait: 5)
        #expect(short.event(.willWait(Outlook(deadlines: [1000])), now: 10) == .poll(timeout: 5))
    }

    @Test("work in hand that no descriptor announces means no wait, deadlines or not")
    func workInHand() {
        var scheduler = LoopScheduler()
        #expect(scheduler.event(.willWait(Outlook(workInHand: true)), now: 10) == .poll(timeout: 0))
        #expect(scheduler.event(.willWait(Outlook(deadlines: [30], workInHand: true)), now: 10) == .poll(timeout: 0))
    }

    @Test("a change is drawn at once, and once: the next pass draws nothing more")
    func changeDrawsAtOnce() {
        var scheduler = LoopScheduler()
        let changed = Outlook(sceneChanged: true, deadlines: [20])
        #expect(scheduler.event(.willWait(changed), now: 10) == .poll(timeout: 0))
        #expect(scheduler.event(.passEnded(changed), now: 10.25) == .draw)
        #expect(scheduler.lastDraw == 10.25)
        #expect(scheduler.event(.willWait(Outlook(deadlines: [20])), now: 10.5) == .poll(timeout: 9.5))
        #expect(scheduler.event(.passEnded(Outlook()), now: 10.5) == .none)
    }

    @Test("while the terminal writes the last screen, a change waits for it, not for the clock", arguments: [
        writing, awaiting, Output(writing: true, awaitingAcknowledgement: true),
    ])
    func backPressure(output: Output) {
        var scheduler = LoopScheduler()
        let busy = Outlook(output: output, sceneChanged: true, animating: true)
        #expect(!output.isReady)
        // No deadline from the due draw: POLLOUT or the terminal's reply wakes the loop.
        #expect(scheduler.event(.willWait(busy), now: 10) == .poll(timeout: nil))
        #expect(scheduler.event(.willWait(Outlook(output: output, sceneChanged: true, deadlines: [10.5])), now: 10)
            == .poll(timeout: 0.5))
        #expect(scheduler.event(.passEnded(busy), now: 10) == .none)
        // Taken: the change is drawn on the next pass.
        var ready = busy
        ready.output = Output()
        #expect(scheduler.event(.passEnded(ready), now: 10.2) == .draw)
        #expect(scheduler.lastDraw == 10.2)
    }

    @Test("an animation alone redraws at most every animationInterval")
    func animationPacing() {
        var scheduler = LoopScheduler(animationInterval: 0.25)
        let animating = Outlook(animating: true)
        // Nothing drawn yet: the first tick is long due.
        #expect(scheduler.event(.willWait(animating), now: 10) == .poll(timeout: 0))
        #expect(scheduler.event(.passEnded(animating), now: 10) == .draw)
        #expect(scheduler.event(.willWait(animating), now: 10.125) == .poll(timeout: 0.125))
        #expect(scheduler.event(.passEnded(animating), now: 10.125) == .none)
        #expect(scheduler.event(.passEnded(animating), now: 10.24) == .none)
        #expect(scheduler.event(.passEnded(animating), now: 10.25) == .draw)
        #expect(scheduler.lastDraw == 10.25)
        // A new frame meanwhile does not wait for the tick.
        #expect(scheduler.event(.passEnded(Outlook(sceneChanged: true, animating: true)), now: 10.375) == .draw)
        // An engine's earlier deadline still counts.
        #expect(scheduler.event(.willWait(Outlook(animating: true, deadlines: [10.5])), now: 10.375) == .poll(timeout: 0.125))
        #expect(scheduler.event(.willWait(Outlook(animating: true, deadlines: [11])), now: 10.375) == .poll(timeout: 0.25))
    }

    @Test("the default animation interval is 30 frames a second")
    func thirtyHertz() {
        var scheduler = LoopScheduler()
        #expect(scheduler.animationInterval == 1.0 / 30)
        _ = scheduler.event(.passEnded(Outlook(animating: true)), now: 3)
        #expect(scheduler.drawDue(Outlook(animating: true), now: 3.01) == 3 + 1.0 / 30)
    }

    @Test("an animation that ended is drawn once more, at its final value, then nothing")
    func animationEnd() {
        var scheduler = LoopScheduler(animationInterval: 0.25)
        #expect(scheduler.event(.passEnded(Outlook(animating: true)), now: 10) == .draw)
        #expect(scheduler.animationPending)
        // It ended before the next tick: the last frame is due at once, not at 10.25.
        #expect(scheduler.event(.willWait(Outlook()), now: 10.1) == .poll(timeout: 0))
        #expect(scheduler.event(.passEnded(Outlook()), now: 10.1) == .draw)
        #expect(!scheduler.animationPending)
        #expect(scheduler.event(.willWait(Outlook()), now: 10.2) == .poll(timeout: nil))
        #expect(scheduler.event(.passEnded(Outlook()), now: 10.2) == .none)
    }

    @Test("an animation's last frame waits for the terminal like any other")
    func animationEndWaitsForTerminal() {
        var scheduler = LoopScheduler()
        _ = scheduler.event(.passEnded(Outlook(animating: true)), now: 10)
        #expect(scheduler.event(.passEnded(Outlook(output: Self.writing)), now: 10.1) == .none)
        #expect(scheduler.animationPending)
        #expect(scheduler.event(.passEnded(Outlook()), now: 10.2) == .draw)
    }

    @Test("a redraw asked for is drawn at the next pass the terminal allows, and once")
    func redraw() {
        var scheduler = LoopScheduler()
        #expect(scheduler.event(.redrawRequested, now: 10) == .none)
        #expect(scheduler.redrawPending)
        #expect(scheduler.event(.willWait(Outlook(deadlines: [50])), now: 10) == .poll(timeout: 0))
        #expect(scheduler.event(.passEnded(Outlook(output: Self.awaiting)), now: 10) == .none)
        #expect(scheduler.redrawPending)
        #expect(scheduler.event(.passEnded(Outlook()), now: 10.5) == .draw)
        #expect(!scheduler.redrawPending)
        #expect(scheduler.event(.passEnded(Outlook()), now: 10.6) == .none)
    }

    @Test("a draw due in the past is no wait, never a negative one")
    func pastDueIsZero() {
        var scheduler = LoopScheduler(animationInterval: 0.25)
        _ = scheduler.event(.passEnded(Outlook(animating: true)), now: 10)
        #expect(scheduler.event(.willWait(Outlook(animating: true)), now: 11) == .poll(timeout: 0))
    }

    @Test("the terminal is ready only when written and acknowledged")
    func outputReady() {
        #expect(Output().isReady)
        #expect(!Output(writing: true).isReady)
        #expect(!Output(awaitingAcknowledgement: true).isReady)
    }

    @Test("while the last picture is unanswered a change of the controls is drawn, with no new picture; behind unanswered controls, nothing")
    func pacedByAnswers() {
        var scheduler = LoopScheduler()
        let picture = Output(awaitingPicture: true)
        #expect(!picture.isReady && picture.mayDraw)
        #expect(scheduler.event(.passEnded(Outlook(output: picture, sceneChanged: true)), now: 10) == .draw)
        let both = Output(awaitingPicture: true, awaitingControls: true)
        #expect(!both.mayDraw)
        #expect(scheduler.event(.passEnded(Outlook(output: both, sceneChanged: true)), now: 11) == .none)
        // Nothing drawable: the wait is for the answer (the tty) or the pacer's deadline, no spin.
        #expect(scheduler.event(.willWait(Outlook(output: both, sceneChanged: true, deadlines: [12])), now: 11) == .poll(timeout: 1))
    }
}
