import Testing
@testable import Controls

@Suite("ChromeEngine visibility")
struct ChromeEngineTests {
    private func playing(_ configuration: ChromeEngine.Configuration = .init(), at now: Double = 0) -> ChromeEngine {
        ChromeEngine(configuration: configuration, isPlaying: true, now: now)
    }

    @Test("starts up and stays up while paused, with nothing to wake for")
    func startsVisible() {
        var chrome = ChromeEngine(now: 0)
        #expect(chrome.opacity(at: 0) == 1)
        #expect(chrome.nextDeadline == nil)
        chrome.tick(now: 1_000)
        #expect(chrome.opacity(at: 1_000) == 1)
        #expect(chrome.isInteractive(at: 1_000))
    }

    @Test("while playing it hides exactly hideDelay after the last activity", arguments: [
        (2.9999, true), (3.0, false), (3.0001, false),
    ])
    func hideDelayEdge(now: Double, interactive: Bool) {
        let chrome = playing()
        #expect(chrome.nextDeadline == 3)
        #expect(chrome.isInteractive(at: now) == interactive)
    }

    @Test("the fade out runs 0.25 s with ease-in-out from the hide time", arguments: [
        (2.9999, 1.0), (3.0, 1.0), (3.125, 0.5), (3.0625, 1 - 0.1291619310473198), (3.25, 0.0), (4, 0),
    ] as [(Double, Double)])
    func fadeOut(now: Double, opacity: Double) {
        #expect(approximately(playing().opacity(at: now), opacity, tolerance: 1e-9))
    }

    @Test("a custom hideDelay is honoured; negative and NaN count as 0", arguments: [
        (1.5, 1.4999, true), (1.5, 1.5, false), (-5, 0, false), (.nan, 0, false), (0, 0, false),
    ] as [(Double, Double, Bool)])
    func customDelay(delay: Double, now: Double, interactive: Bool) {
        let chrome = playing(.init(hideDelay: delay))
        #expect(chrome.isInteractive(at: now) == interactive)
    }

    @Test("a hideDelay set field by field, as the option table sets it, is held to the same rule", arguments: [
        (1.5, 1.4999, true), (1.5, 1.5, false), (-5, 0, false), (.nan, 0, false),
    ] as [(Double, Double, Bool)])
    func delaySetByField(delay: Double, now: Double, interactive: Bool) {
        var configuration = ChromeEngine.Configuration()
        configuration.hideDelay = delay
        let chrome = playing(configuration)
        #expect(chrome.isInteractive(at: now) == interactive)
        #expect(chrome.hideDeadline == (delay == 1.5 ? 1.5 : 0))
    }

    @Test("activity shows the chrome and restarts the timer")
    func activityRestarts() {
        var chrome = playing()
        chrome.activity(now: 2)
        #expect(chrome.hideDeadline == 5)
        #expect(chrome.isInteractive(at: 4.9999))
        #expect(!chrome.isInteractive(at: 5))
    }

    @Test("activity while hidden fades it back in over 0.25 s and restarts the timer")
    func activityWhileHidden() {
        var chrome = playing()
        chrome.tick(now: 10)
        #expect(chrome.opacity(at: 10) == 0)
        #expect(!chrome.isVisible)
        chrome.activity(now: 10)
        #expect(chrome.opacity(at: 10) == 0)
        #expect(approximately(chrome.opacity(at: 10.125), 0.5))
        #expect(chrome.opacity(at: 10.25) == 1)
        #expect(chrome.isInteractive(at: 10))
        #expect(chrome.nextDeadline == 10.25)
        chrome.tick(now: 10.25)
        #expect(chrome.nextDeadline == 13)
    }

    @Test("pausing counts as activity and keeps the chrome up")
    func pausingKeepsVisible() {
        var chrome = playing()
        chrome.tick(now: 5)
        chrome.playbackChanged(isPlaying: false, now: 6)
        #expect(chrome.isInteractive(at: 6))
        #expect(chrome.hideDeadline == nil)
        chrome.tick(now: 6.25)
        #expect(chrome.nextDeadline == nil)
        #expect(chrome.opacity(at: 600) == 1)
    }

    @Test("starting to play counts as activity: the timer starts from then")
    func playingStartsTimer() {
        var chrome = ChromeEngine(now: 0)
        chrome.playbackChanged(isPlaying: true, now: 7)
        #expect(chrome.hideDeadline == 10)
    }

    @Test("reporting the same playback state again does not restart the timer")
    func samePlaybackState() {
        var chrome = playing()
        chrome.playbackChanged(isPlaying: true, now: 2)
        #expect(chrome.hideDeadline == 3)
    }

    @Test("never hides while scrubbing; the timer restarts when scrubbing ends")
    func scrubbing() {
        var chrome = playing()
        chrome.scrubbing(true, now: 1)
        #expect(chrome.hideDeadline == nil)
        #expect(chrome.isInteractive(at: 100))
        chrome.hide(now: 50)
        #expect(chrome.isVisible)
        chrome.scrubbing(false, now: 120)
        #expect(chrome.hideDeadline == 123)
        #expect(!chrome.isInteractive(at: 123))
    }

    @Test("scrubbing shows a hidden chrome")
    func scrubbingShows() {
        var chrome = playing()
        chrome.tick(now: 4)
        chrome.scrubbing(true, now: 4)
        #expect(chrome.isVisible)
    }

    @Test("a seek counts as activity")
    func seekIsActivity() {
        var chrome = playing()
        chrome.seeked(now: 2.5)
        #expect(chrome.hideDeadline == 5.5)
    }

    @Test("at the end of the file it shows and stays, until playback starts again")
    func ended() {
        var chrome = playing()
        chrome.tick(now: 4)
        chrome.ended(now: 5)
        #expect(chrome.isVisible)
        #expect(!chrome.isPlaying)
        #expect(chrome.hideDeadline == nil)
        chrome.tick(now: 500)
        #expect(chrome.isInteractive(at: 500))
        chrome.playbackChanged(isPlaying: true, now: 900)
        #expect(chrome.hideDeadline == 903)
    }

    @Test("screen-reader mode never hides: not by the timer, not by hide or toggle")
    func screenReader() {
        var chrome = playing(.init(screenReader: true))
        #expect(chrome.hideDeadline == nil)
        #expect(chrome.nextDeadline == nil)
        chrome.hide(now: 1)
        chrome.toggle(now: 2)
        chrome.tick(now: 500)
        #expect(chrome.opacity(at: 500) == 1)
        #expect(chrome.isInteractive(at: 500))
    }

    @Test("reduce-motion shows and hides at once, with no fade to wake for")
    func reduceMotion() {
        var chrome = playing(.init(reduceMotion: true))
        #expect(chrome.opacity(at: 2.9999) == 1)
        #expect(chrome.opacity(at: 3) == 0)
        chrome.tick(now: 3)
        #expect(chrome.nextDeadline == nil)
        chrome.activity(now: 4)
        #expect(chrome.opacity(at: 4) == 1)
        #expect(chrome.nextDeadline == 7)
        #expect(!chrome.isAnimating(at: 4))
    }

    @Test("toggle hides a shown chrome and shows a hidden one as activity")
    func toggle() {
        var chrome = ChromeEngine(now: 0)
        chrome.toggle(now: 1)
        #expect(!chrome.isVisible)
        #expect(!chrome.isInteractive(at: 1))
        #expect(approximately(chrome.opacity(at: 1.125), 0.5))
        #expect(chrome.opacity(at: 1.25) == 0)
        #expect(!chrome.isShown(at: 1.25))
        chrome.toggle(now: 2)
        #expect(chrome.isVisible)
        #expect(chrome.isInteractive(at: 2))
    }

    @Test("show starts the timer only when the chrome was hidden")
    func show() {
        var chrome = playing()
        chrome.show(now: 2)
        #expect(chrome.hideDeadline == 3)
        chrome.tick(now: 4)
        chrome.show(now: 4)
        #expect(chrome.hideDeadline == 7)
    }

    @Test("turning round mid-fade continues from the current opacity, with no jump")
    func turnRoundMidFade() {
        var chrome = playing()
        let before = chrome.opacity(at: 3.1)
        chrome.activity(now: 3.1)
        #expect(approximately(chrome.opacity(at: 3.1), before))
        #expect(chrome.opacity(at: 3.15) > before)
        #expect(chrome.opacity(at: 3.35) == 1)
    }

    @Test("queries see a due hide before tick, and tick agrees with them")
    func lazyHideMatchesTick() {
        let lazy = playing()
        var ticked = lazy
        ticked.tick(now: 3.1)
        for now in [3.1, 3.2, 3.25, 9] {
            #expect(lazy.opacity(at: now) == ticked.opacity(at: now))
            #expect(lazy.isInteractive(at: now) == ticked.isInteractive(at: now))
        }
        #expect(ticked.nextDeadline == 3.25)
        ticked.tick(now: 3.25)
        #expect(ticked.nextDeadline == nil)
    }

    @Test("nextDeadline is the earlier of the hide time and the end of a fade")
    func nextDeadlineIsEarliest() {
        var chrome = playing(.init(hideDelay: 0.1))
        chrome.tick(now: 1)
        chrome.activity(now: 1)
        #expect(chrome.nextDeadline == 1.1)
    }

    @Test("isAnimating is true only while a fade runs")
    func animating() {
        let chrome = playing()
        #expect(!chrome.isAnimating(at: 2.9))
        #expect(chrome.isAnimating(at: 3.1))
        #expect(!chrome.isAnimating(at: 3.25))
    }

    @Test("keepAlive restarts the hide timer when the overlay is up, and never shows it")
    func keepAliveOnlyWhenVisible() {
        var engine = ChromeEngine(isPlaying: true, now: 0)
        engine.keepAlive(now: 2)
        engine.tick(now: 4.9)
        #expect(engine.isShown(at: 4.9), "the timer did not restart")
        engine.tick(now: 6)
        #expect(!engine.isShown(at: 6.3))
        engine.keepAlive(now: 7)
        #expect(!engine.isShown(at: 7.3), "keepAlive showed a hidden overlay")
    }
}
