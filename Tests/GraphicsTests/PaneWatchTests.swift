import Testing
@testable import Graphics
@testable import Terminal

/// When the picture may be on screen inside tmux, answer after answer, on an injected clock.
@Suite("PaneWatch: the picture only while reel's tmux pane is shown")
struct PaneWatchTests {
    typealias Step = (time: Double, view: PaneView?, action: PaneWatch.Action)

    static let one = PaneViewTests.client("/dev/pts/1")
    static let two = PaneViewTests.client("/dev/pts/2")

    static func view(windowActive: Bool = true, paneActive: Bool = true, zoomed: Bool = false, inMode: Bool = false,
                     left: Int = 0, top: Int = 0, width: Int = 50, height: Int = 29, clients: [PaneClient] = [one]) -> PaneView {
        PaneViewTests.view(windowActive: windowActive, paneActive: paneActive, zoomed: zoomed, inMode: inMode,
                           left: left, top: top, width: width, height: height, clients: clients)
    }

    static func draw(_ column: Int, _ row: Int, clearing: [String] = []) -> PaneWatch.Action {
        PaneWatch.Action(clearTerminals: clearing, picture: .draw(CellOrigin(column: column, row: row)))
    }

    static func hide(_ terminals: [String] = ["/dev/pts/1"]) -> PaneWatch.Action {
        PaneWatch.Action(clearTerminals: terminals, picture: .hide)
    }

    /// Runs `steps` (nil: a failed poll) on a fresh engine, expecting each step's action.
    func run(_ steps: [Step], sourceLocation: SourceLocation = #_sourceLocation) {
        var watch = PaneWatch()
        for (index, step) in steps.enumerated() {
            let event: PaneWatch.Event = step.view.map { .answer($0) } ?? .failed
            let action = watch.event(event, now: step.time)
            #expect(action == step.action, "step \(index) at \(step.time)", sourceLocation: sourceLocation)
        }
    }

    @Test("nothing is drawn before tmux answers; the first answer that shows the pane draws it at its origin")
    func start() {
        #expect(!PaneWatch().isDrawn)
        run([(0, nil, .none), (0.2, Self.view(left: 50, top: 0), Self.draw(50, 0)), (0.4, Self.view(left: 50, top: 0), .none)])
        run([(0, Self.view(windowActive: false), .none), (0.2, Self.view(), Self.draw(0, 0))])
    }

    @Test("another window, a zoom onto another pane, copy mode: hidden at once, deleted from the client; drawn again on return",
          arguments: [
              view(windowActive: false), view(paneActive: false, zoomed: true), view(inMode: true),
              view(clients: [PaneViewTests.client("/dev/pts/1", width: 40)]),
              view(clients: [PaneViewTests.client("/dev/pts/1", window: "@1")]),
          ])
    func hiddenAndBack(away: PaneView) {
        run([(0, Self.view(), Self.draw(0, 0)), (0.2, away, Self.hide()), (0.4, away, .none), (0.6, Self.view(), Self.draw(0, 0))])
    }

    @Test("the last client detaching hides the picture and deletes it from that client's terminal; attaching draws it again")
    func detach() {
        run([(0, Self.view(clients: [Self.one, Self.two]), Self.draw(0, 0)),
             (0.2, Self.view(clients: []), Self.hide(["/dev/pts/1", "/dev/pts/2"])),
             (0.4, Self.view(clients: [Self.two]), Self.draw(0, 0))])
    }

    @Test("a client that comes has everything drawn again; one that goes has the picture deleted from its terminal alone")
    func clientsComeAndGo() {
        run([(0, Self.view(), Self.draw(0, 0)),
             (0.2, Self.view(clients: [Self.one, Self.two]), Self.draw(0, 0)),
             (0.4, Self.view(clients: [Self.two]), PaneWatch.Action(clearTerminals: ["/dev/pts/1"])),
             (0.6, Self.view(clients: [Self.two]), .none)])
    }

    @Test("a client of another session of the group that selects another window has the picture deleted from its terminal alone")
    func groupedSessions() {
        let away = PaneViewTests.client("/dev/pts/2", window: "@1")
        run([(0, Self.view(clients: [Self.one, Self.two]), Self.draw(0, 0)),
             (0.2, Self.view(clients: [Self.one, away]), PaneWatch.Action(clearTerminals: ["/dev/pts/2"])),
             (0.4, Self.view(clients: [Self.one, Self.two]), Self.draw(0, 0))])
    }

    @Test("a pane that moves at its size is deleted where it was and drawn where it is")
    func move() {
        run([(0, Self.view(left: 50, top: 0, height: 10), Self.draw(50, 0)),
             (0.2, Self.view(left: 50, top: 10, height: 10), Self.draw(50, 10, clearing: ["/dev/pts/1"]))])
    }

    @Test("a resize hides at once and draws again once two answers agree on the new size, polled faster meanwhile")
    func resize() {
        var watch = PaneWatch()
        #expect(watch.event(.answer(Self.view()), now: 0) == Self.draw(0, 0))
        #expect(watch.pollInterval == PaneWatch.interval)
        #expect(watch.event(.answer(Self.view(width: 40)), now: 0.2) == Self.hide())
        #expect(watch.isSettling && watch.pollInterval == PaneWatch.settlingInterval && watch.hiddenAt == 0.2)
        #expect(watch.event(.answer(Self.view(width: 30)), now: 0.3) == .none, "still being dragged")
        #expect(watch.event(.failed, now: 0.4) == .none && watch.failures == 1)
        #expect(watch.event(.answer(Self.view(width: 30)), now: 0.5) == Self.draw(0, 0))
        #expect(!watch.isSettling && watch.failures == 0 && watch.drawnAt == 0.5 && watch.pollInterval == PaneWatch.interval)
    }

    @Test("a pane resized while hidden is drawn at once on return: tmux's answers agreed meanwhile")
    func resizedWhileAway() {
        run([(0, Self.view(), Self.draw(0, 0)), (0.2, Self.view(windowActive: false), Self.hide()),
             (0.4, Self.view(windowActive: false, left: 10, width: 40), .none), (0.6, Self.view(left: 10, width: 40), Self.draw(10, 0))])
    }

    @Test("every terminal cleared is cleared again 0.3 s and 1 s later, each once a tick, and nothing before its time")
    func clearedAgain() {
        #expect(PaneWatch.reclearDelays == [0.3, 1.0])
        var watch = PaneWatch()
        #expect(watch.nextDeadline == nil && watch.tick(now: 100) == .none)
        _ = watch.event(.answer(Self.view(clients: [Self.one, Self.two])), now: 10)
        #expect(watch.nextDeadline == nil)
        // pts/2 goes to another window at 10.25, then pts/1 detaches at 10.5 (the picture hides).
        let (gone, hidden) = (10.25, 10.5)
        _ = watch.event(.answer(Self.view(clients: [Self.one, PaneViewTests.client("/dev/pts/2", window: "@1")])), now: gone)
        _ = watch.event(.answer(Self.view(clients: [PaneViewTests.client("/dev/pts/2", window: "@1")])), now: hidden)
        #expect(watch.nextDeadline == gone + 0.3)
        #expect(watch.tick(now: gone + 0.29) == .none)
        #expect(watch.tick(now: gone + 0.3) == PaneWatch.Action(clearTerminals: ["/dev/pts/2"]))
        #expect(watch.nextDeadline == hidden + 0.3)
        #expect(watch.tick(now: hidden + 0.3) == PaneWatch.Action(clearTerminals: ["/dev/pts/1"]))
        // Two clears due at once write each terminal once; the picture is kept as it is.
        #expect(watch.tick(now: hidden + 1) == PaneWatch.Action(clearTerminals: ["/dev/pts/2", "/dev/pts/1"]))
        #expect(watch.nextDeadline == nil && watch.tick(now: 20) == .none && !watch.isDrawn)
    }

    @Test("a failed poll changes nothing: a drawn picture stays, a hidden one stays hidden")
    func failures() {
        run([(0, Self.view(), Self.draw(0, 0)), (0.2, nil, .none), (0.4, nil, .none), (0.6, Self.view(), .none),
             (0.8, Self.view(inMode: true), Self.hide()), (1.0, nil, .none), (1.2, Self.view(inMode: true), .none)])
    }
}
