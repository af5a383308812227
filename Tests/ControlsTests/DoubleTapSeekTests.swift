import Testing
@testable import Controls

@Suite("DoubleTapSeek")
struct DoubleTapSeekTests {
    private let point = Point(x: 30, y: 40)

    @Test("the left half goes back and the right half forward, by the physical middle", arguments: [
        (0.0, SeekSide.backward), (49.99, .backward), (50, .forward), (99, .forward), (120, .forward),
    ])
    func side(x: Double, expected: SeekSide) {
        #expect(SeekSide.side(forX: x, width: 100) == expected)
    }

    @Test("two key presses less than 0.3 s apart skip; at 0.3 s or later the second is a new first press", arguments: [
        (0.0, 0.2999, true), (0, 0.3, false), (0, 0.3001, false), (1_000.7, 1_000.7 + 0.2999, true), (1_000.7, 1_000.7 + 0.3, false),
    ])
    func keyWindow(first: Double, second: Double, skips: Bool) {
        var engine = DoubleTapSeek()
        #expect(engine.tap(.forward, at: nil, now: first) == .showChrome)
        #expect(engine.tap(.forward, at: nil, now: second) == (skips ? .skip(seconds: 10) : .showChrome))
    }

    @Test("a double tap on the left skips back")
    func skipBack() {
        var engine = DoubleTapSeek()
        _ = engine.tap(.backward, at: point, now: 0)
        #expect(engine.tap(.backward, at: point, now: 0.1) == .skip(seconds: -10))
        #expect(engine.tally(at: 0.1) == SkipTally(side: .backward, seconds: 10))
    }

    @Test("a lone click waits out the window, then tick reports it as a single tap", arguments: [
        (0.2999, DoubleTapSeek.Action.none), (0.3, .singleTap(.backward)), (0.5, .singleTap(.backward)),
    ])
    func loneClick(tickAt: Double, expected: DoubleTapSeek.Action) {
        var engine = DoubleTapSeek()
        #expect(engine.tap(.backward, at: point, now: 0) == .none)
        #expect(engine.pendingSingleTapDeadline == 0.3)
        #expect(engine.nextDeadline == 0.3)
        #expect(engine.tick(now: tickAt) == expected)
        if expected != .none {
            #expect(engine.nextDeadline == nil)
            #expect(engine.tick(now: tickAt) == .none)
        }
    }

    @Test("a lone key press needs no wake-up")
    func loneKey() {
        var engine = DoubleTapSeek()
        _ = engine.tap(.forward, at: nil, now: 0)
        #expect(engine.nextDeadline == nil)
        #expect(engine.tick(now: 1) == .none)
    }

    @Test("a click after the window without a tick hands back the first click as single and waits itself")
    func staleClick() {
        var engine = DoubleTapSeek()
        _ = engine.tap(.forward, at: point, now: 0)
        #expect(engine.tap(.forward, at: point, now: 0.3) == .singleTap(.forward))
        #expect(engine.pendingSingleTapDeadline == 0.6)
        #expect(engine.tap(.forward, at: point, now: 0.5) == .skip(seconds: 10))
    }

    @Test("while the feedback shows, every single tap on that side adds an interval")
    func tallyAdds() {
        var engine = DoubleTapSeek()
        _ = engine.tap(.forward, at: point, now: 0)
        #expect(engine.tap(.forward, at: point, now: 0.2) == .skip(seconds: 10))
        #expect(engine.tally(at: 0.2)?.label == "+10 s")
        #expect(engine.tap(.forward, at: point, now: 0.7) == .skip(seconds: 10))
        #expect(engine.tally(at: 0.7)?.label == "+20 s")
        #expect(engine.tap(.forward, at: nil, now: 1.5) == .skip(seconds: 10))
        #expect(engine.tally(at: 1.5)?.label == "+30 s")
    }

    @Test("the tally resets exactly 0.9 s after the last skip", arguments: [
        (0.8999, true), (0.9, false), (0.9001, false),
    ])
    func resetEdge(after: Double, adds: Bool) {
        var engine = DoubleTapSeek()
        _ = engine.tap(.forward, at: nil, now: 10)
        _ = engine.tap(.forward, at: nil, now: 10.1)
        #expect(engine.resetDeadline == 10.1 + 0.9)
        let now = 10.1 + after
        #expect((engine.tally(at: now) != nil) == adds)
        #expect(engine.tap(.forward, at: nil, now: now) == (adds ? .skip(seconds: 10) : .showChrome))
        #expect(engine.tally(at: now)?.seconds == (adds ? 20 : nil))
    }

    @Test("the other side needs its own double tap, and then starts its tally at one interval")
    func otherSide() {
        var engine = DoubleTapSeek()
        _ = engine.tap(.forward, at: nil, now: 0)
        _ = engine.tap(.forward, at: nil, now: 0.1)
        _ = engine.tap(.forward, at: nil, now: 0.3)
        #expect(engine.tap(.backward, at: nil, now: 0.5) == .showChrome)
        #expect(engine.tally(at: 0.5)?.label == "+20 s")
        #expect(engine.tap(.backward, at: nil, now: 0.6) == .skip(seconds: -10))
        #expect(engine.tally(at: 0.6)?.label == "-10 s")
        #expect(engine.tap(.backward, at: nil, now: 0.8) == .skip(seconds: -10))
        #expect(engine.tap(.backward, at: nil, now: 1.0) == .skip(seconds: -10))
        #expect(engine.tally(at: 1.0)?.label == "-30 s")
    }

    @Test("a first tap on the other side replaces the waiting one")
    func otherSideReplacesPending() {
        var engine = DoubleTapSeek()
        _ = engine.tap(.forward, at: nil, now: 0)
        _ = engine.tap(.backward, at: nil, now: 0.1)
        #expect(engine.tap(.forward, at: nil, now: 0.2) == .showChrome)
    }

    @Test("an interval of 0 or less disables skipping: keys show the chrome, clicks are single at once", arguments: [0.0, -10, .nan, .infinity])
    func disabled(interval: Double) {
        var engine = DoubleTapSeek(configuration: .init(interval: interval))
        #expect(engine.tap(.forward, at: nil, now: 0) == .showChrome)
        #expect(engine.tap(.forward, at: nil, now: 0.1) == .showChrome)
        #expect(engine.tap(.backward, at: point, now: 0.2) == .singleTap(.backward))
        #expect(engine.tap(.backward, at: point, now: 0.25) == .singleTap(.backward))
        #expect(engine.skip(.forward, now: 0.3) == .showChrome)
        #expect(engine.tally(at: 0.3) == nil)
        #expect(engine.feedback(at: 0.3) == nil)
        #expect(engine.nextDeadline == nil)
    }

    @Test("labels for fractional intervals", arguments: [
        (2.5, 1, "+2.5 s"), (2.5, 2, "+5 s"), (2.5, 3, "+7.5 s"), (10, 2, "+20 s"), (0.1, 3, "+0.3 s"),
    ])
    func fractionalLabels(interval: Double, skips: Int, label: String) {
        var engine = DoubleTapSeek(configuration: .init(interval: interval))
        for index in 0..<skips { _ = engine.skip(.forward, now: Double(index) * 0.1) }
        #expect(engine.tally(at: 0.3)?.label == label)
    }

    @Test("j/l skip at once, count in the tally, and the other side starts over")
    func directSkip() {
        var engine = DoubleTapSeek()
        #expect(engine.skip(.backward, now: 0) == .skip(seconds: -10))
        #expect(engine.skip(.backward, now: 0.5) == .skip(seconds: -10))
        #expect(engine.tally(at: 0.5)?.label == "-20 s")
        #expect(engine.skip(.forward, now: 0.6) == .skip(seconds: 10))
        #expect(engine.tally(at: 0.6)?.label == "+10 s")
        #expect(engine.ripple(at: 0.6)?.center == nil)
    }

    @Test("the feedback fades in and, after the reset, out over 0.2 s with ease-out, keeping its label", arguments: [
        (0.0, 0.0), (0.1, 0.6846431874274606), (0.2, 1), (0.8999, 1), (0.9, 1), (1.0, 1 - 0.6846431874274606), (1.1, 0),
    ] as [(Double, Double)])
    func feedbackFade(after: Double, opacity: Double) {
        var engine = DoubleTapSeek()
        _ = engine.skip(.forward, now: 0)
        #expect(approximately(engine.feedbackOpacity(at: after), opacity))
        let feedback = engine.feedback(at: after)
        #expect(feedback?.label == (opacity > 0 ? "+10 s" : nil))
        #expect(feedback?.side == (opacity > 0 ? .forward : nil))
    }

    @Test("with reduce-motion the feedback comes and goes at once and there is no ripple")
    func reduceMotion() {
        var engine = DoubleTapSeek(configuration: .init(reduceMotion: true))
        _ = engine.tap(.forward, at: point, now: 0)
        _ = engine.tap(.forward, at: point, now: 0.1)
        #expect(engine.feedbackOpacity(at: 0.1) == 1)
        #expect(engine.ripple(at: 0.1) == nil)
        #expect(engine.ripple(at: 0.3) == nil)
        #expect(engine.feedbackOpacity(at: 0.9999) == 1)
        #expect(engine.feedbackOpacity(at: 1.0) == 0)
        #expect(engine.nextDeadline == 1.0)
        _ = engine.tick(now: 1.0)
        #expect(engine.nextDeadline == nil)
    }

    @Test("the ripple grows from 0.1 to 1 of max(width, height) with ease-out over 0.55 s as it fades", arguments: [
        (0.0, 0.1, 1.0), (0.1, 0.35408873840332566, 0.7176791795518604), (0.275, 0.7161788686847145, 0.31535681257253945),
        (0.5, 0.9872237675184732, 0.014195813868363105),
    ])
    func ripple(after: Double, scale: Double, opacity: Double) throws {
        var engine = DoubleTapSeek()
        _ = engine.tap(.forward, at: point, now: 5)
        _ = engine.tap(.forward, at: point, now: 5.1)
        let ripple = try #require(engine.ripple(at: 5.1 + after))
        #expect(ripple.side == .forward)
        #expect(ripple.center == point)
        #expect(approximately(ripple.scale, scale))
        #expect(approximately(ripple.opacity, opacity))
    }

    @Test("the ripple ends at 0.55 s, restarts on every skip, and its full radius is half the longer side")
    func rippleLifetime() throws {
        var engine = DoubleTapSeek()
        _ = engine.skip(.backward, now: 0)
        #expect(engine.ripple(at: 0.5499) != nil)
        #expect(engine.ripple(at: 0.55) == nil)
        _ = engine.tap(.backward, at: point, now: 0.3)
        let restarted = try #require(engine.ripple(at: 0.3))
        #expect(restarted.scale == 0.1)
        #expect(restarted.center == point)
        #expect(Ripple(side: .forward, center: nil, scale: 1, opacity: 0).radius(width: 160, height: 90) == 80)
    }

    @Test("nextDeadline walks through the fade-in, the ripple, the reset and the fade-out")
    func deadlines() {
        var engine = DoubleTapSeek()
        _ = engine.skip(.forward, now: 0)
        var wakes: [Double] = []
        // Bounded, so that a deadline that tick does not clear fails instead of spinning.
        for _ in 0..<10 {
            guard let deadline = engine.nextDeadline else { break }
            wakes.append(deadline)
            #expect(engine.tick(now: deadline) == .none)
        }
        #expect(wakes == [0.2, 0.55, 0.9, 0.9 + 0.2])
    }

    @Test("isAnimating follows the fades and the ripple")
    func animating() {
        var engine = DoubleTapSeek()
        #expect(!engine.isAnimating(at: 0))
        _ = engine.skip(.forward, now: 0)
        #expect(engine.isAnimating(at: 0.5))
        #expect(!engine.isAnimating(at: 0.7))
        #expect(engine.isAnimating(at: 1.0))
        #expect(!engine.isAnimating(at: 1.1))
    }

    @Test("a held arrow: the first repeat in the window skips, and every later repeat adds one interval")
    func heldArrow() {
        var engine = DoubleTapSeek()
        var actions: [DoubleTapSeek.Action] = []
        for step in 0..<20 {
            let now = Double(step) * 0.03
            _ = engine.tick(now: now)
            actions.append(engine.tap(.forward, at: nil, now: now))
        }
        #expect(actions.first == .showChrome)
        #expect(actions.dropFirst().allSatisfy { $0 == .skip(seconds: 10) })
        #expect(engine.tally(at: 0.57)?.label == "+190 s")
    }

    @Test("screen-reader action names say the interval")
    func actionNames() {
        #expect(DoubleTapSeek().accessibilityActionName(for: .backward) == "Skip back 10 seconds")
        #expect(DoubleTapSeek(configuration: .init(interval: 2.5)).accessibilityActionName(for: .forward) == "Skip forward 2.5 seconds")
    }

    @Test("a jump elsewhere clears the feedback, the ripple and the tally at once; the next skip starts a new tally",
          arguments: [false, true])
    func clearOnJump(reduceMotion: Bool) {
        var engine = DoubleTapSeek(configuration: .init(reduceMotion: reduceMotion))
        #expect(engine.skip(.backward, now: 0) == .skip(seconds: -10))
        #expect(engine.feedback(at: 0.1)?.label == "-10 s")
        engine.clear()
        #expect(engine.feedback(at: 0.1) == nil)
        #expect(engine.ripple(at: 0.1) == nil)
        #expect(engine.tally(at: 0.1) == nil)
        #expect(!engine.isAnimating(at: 0.1))
        #expect(engine.nextDeadline == nil)
        #expect(engine.feedbackOpacity(at: 0.5) == 0)
        #expect(engine.skip(.backward, now: 0.2) == .skip(seconds: -10))
        #expect(engine.feedback(at: 0.5)?.label == "-10 s", "a new tally, not -20 s")
    }
}
