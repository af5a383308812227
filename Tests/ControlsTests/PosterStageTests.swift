import Testing
@testable import Controls

@Suite("PosterStage")
struct PosterStageTests {
    /// A stage that opened at 0, had the player in front by 1, and closes at 2.
    static func closingFromPlayer() -> PosterStage {
        var stage = PosterStage()
        stage.open(now: 0)
        stage.tick(now: 1)
        stage.close(now: 2)
        return stage
    }

    @Test("at rest on the poster nothing moves")
    func rest() {
        let stage = PosterStage()
        #expect(stage.phase(at: 0) == .poster)
        #expect(stage.growth(at: 0) == 0)
        #expect(!stage.reveal(at: 0).isVideoShown(at: 0))
        #expect(!stage.isAnimating(at: 0))
        #expect(stage.nextDeadline == nil)
    }

    // The circle opens over 0.6 s; then the frame grows over 0.3 s (ease-in-out); then the player.
    @Test("opening: the circle, then the frame grows, then the player", arguments: [
        (0.0, PosterStage.Phase.opening, 0.0, 0.05), (0.3, .opening, 0, 0.8407289258347607),
        (0.6, .growing, 0, 1), (0.75, .growing, 0.5, 1), (0.9, .player, 1, 1), (5, .player, 1, 1),
    ] as [(Double, PosterStage.Phase, Double, Double)])
    func opening(after: Double, phase: PosterStage.Phase, growth: Double, scale: Double) {
        var stage = PosterStage()
        stage.open(now: 10)
        #expect(stage.phase(at: 10 + after) == phase)
        #expect(approximately(stage.growth(at: 10 + after), growth))
        #expect(approximately(stage.reveal(at: 10 + after).maskScale(at: 10 + after), scale))
        #expect(stage.isPlayerInFront(at: 10 + after) == (phase == .player))
    }

    @Test("each step starts when the last one ended, however late the tick")
    func lateTicks() {
        var ticked = PosterStage()
        ticked.open(now: 0)
        var late = ticked
        #expect(ticked.nextDeadline == 0.6)
        ticked.tick(now: 0.6)
        #expect(approximately(ticked.nextDeadline ?? 0, 0.9))
        #expect(late.growth(at: 0.8) == ticked.growth(at: 0.8))
        late.tick(now: 0.8)
        #expect(late.growth(at: 0.85) == ticked.growth(at: 0.85))
        #expect(late.isAnimating(at: 0.85))
        ticked.tick(now: 0.9)
        #expect(ticked.nextDeadline == nil)
        #expect(!ticked.isAnimating(at: 0.9))
    }

    @Test("closing from the player shrinks the frame, then closes the circle")
    func closeFromPlayer() {
        let stage = Self.closingFromPlayer()
        #expect(!stage.isOpen)
        #expect(stage.phase(at: 2) == .shrinking)
        #expect(approximately(stage.growth(at: 2.15), 0.5))
        #expect(stage.phase(at: 2.3) == .closing)
        #expect(stage.reveal(at: 2.3).maskScale(at: 2.3) == 1)
        #expect(approximately(stage.reveal(at: 2.45).maskScale(at: 2.45), 0.5515965440601421))
        #expect(stage.phase(at: 2.9) == .poster)
        #expect(!stage.reveal(at: 2.9).isVideoShown(at: 2.9))
    }

    @Test("closing mid-reveal turns the circle round where it is")
    func closeMidReveal() {
        var stage = PosterStage()
        stage.open(now: 0)
        let before = stage.reveal(at: 0.3).maskScale(at: 0.3)
        stage.close(now: 0.3)
        #expect(stage.phase(at: 0.3) == .closing)
        #expect(approximately(stage.reveal(at: 0.3).maskScale(at: 0.3), before, tolerance: 1e-12))
        #expect(approximately(stage.nextDeadline ?? 0, 0.8305410550847776, tolerance: 1e-9))
        #expect(stage.phase(at: 0.84) == .poster)
        #expect(stage.growth(at: 0.5) == 0)
    }

    @Test("opening while the frame shrinks grows it again; the circle stays full")
    func reopenMidShrink() {
        var stage = Self.closingFromPlayer()
        stage.open(now: 2.15)
        #expect(stage.phase(at: 2.15) == .growing)
        #expect(approximately(stage.growth(at: 2.15), 0.5))
        #expect(stage.reveal(at: 2.2).maskScale(at: 2.2) == 1)
        #expect(stage.phase(at: 2.3) == .player)
    }

    @Test("opening while the circle closes opens it again from where it is")
    func reopenMidClose() {
        var stage = Self.closingFromPlayer()
        let closing = stage.reveal(at: 2.45).maskScale(at: 2.45)
        stage.open(now: 2.45)
        #expect(stage.phase(at: 2.45) == .opening)
        #expect(approximately(stage.reveal(at: 2.45).maskScale(at: 2.45), closing, tolerance: 1e-12))
        #expect(stage.reveal(at: 2.5).maskScale(at: 2.5) > closing)
        #expect(stage.growth(at: 2.5) == 0)
    }

    @Test("a stale end time never starts a step in the past")
    func noStaleSteps() {
        var stage = PosterStage()
        stage.open(now: 0)
        stage.tick(now: 1)
        stage.close(now: 2)          // shrinks until 2.3, then the circle closes until 2.9
        stage.open(now: 2.5)         // the circle opens again from where it is
        stage.close(now: 2.6)        // and closes again from 2.6, not from 2.3
        let scale = stage.reveal(at: 2.6).maskScale(at: 2.6)
        #expect(scale > 0.05 && scale < 1)
        #expect(stage.phase(at: 2.6) == .closing)
        #expect(stage.reveal(at: 2.61).maskScale(at: 2.61) < scale)
    }

    @Test("asking twice for the same direction changes nothing")
    func idempotent() {
        var once = PosterStage()
        once.open(now: 0)
        var twice = once
        twice.open(now: 0.2)
        #expect(once == twice)
        var closed = PosterStage()
        closed.close(now: 1)
        #expect(closed == PosterStage())
    }

    @Test("with reduce-motion the video cross-fades in the frame and the frame jumps to full size")
    func reduceMotion() {
        var stage = PosterStage(configuration: .init(reduceMotion: true))
        stage.open(now: 0)
        let reveal = stage.reveal(at: 0.3)
        #expect(reveal.maskScale(at: 0.3) == 1)
        #expect(approximately(reveal.videoOpacity(at: 0.3), 0.8323462377208007))
        #expect(stage.phase(at: 0.3) == .opening)
        #expect(stage.phase(at: 0.6) == .player)
        #expect(stage.growth(at: 0.6) == 1)
        stage.tick(now: 1)
        stage.close(now: 2)
        #expect(stage.phase(at: 2) == .closing)
        #expect(stage.growth(at: 2) == 0)
        #expect(approximately(stage.reveal(at: 2.3).videoOpacity(at: 2.3), 1 - 0.8323462377208007))
        #expect(stage.phase(at: 2.6) == .poster)
    }

    @Test("the reveal's duration is a setting; the growth keeps its own")
    func slowReveal() {
        var stage = PosterStage(configuration: .init(revealDuration: 6))
        stage.open(now: 0)
        #expect(stage.phase(at: 5.9) == .opening)
        #expect(approximately(stage.reveal(at: 3).maskScale(at: 3), 0.8407289258347607))
        #expect(stage.phase(at: 6.15) == .growing)
        #expect(stage.phase(at: 6.3) == .player)
    }
}
