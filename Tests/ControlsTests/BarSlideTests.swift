import Testing
@testable import Controls

@Suite("BarSlide")
struct BarSlideTests {
    @Test("starts in place, at rest")
    func startsInPlace() {
        let bar = BarSlide()
        #expect(bar.visibleRows(at: 0) == 1)
        #expect(bar.opacity(at: 0) == 1)
        #expect(bar.isInteractive)
        #expect(bar.nextDeadline == nil)
    }

    @Test("slides out over 0.3 s along the smooth curve, one bar height down", arguments: [
        (1, 0.0, 0.0), (1, 0.075, 0.47200363783142935), (1, 0.15, 0.8323462377208007), (1, 0.2999, 0.999975064643677), (1, 0.3, 1), (1, 1, 1),
        (3, 0.15, 3 * 0.8323462377208007), (3, 0.3, 3),
    ] as [(Int, Double, Double)])
    func slidesOut(height: Int, after: Double, offset: Double) {
        var bar = BarSlide(configuration: .init(barHeight: height))
        bar.setHidden(true, now: 2)
        #expect(approximately(bar.offsetRows(at: 2 + after), offset, tolerance: 1e-9))
        #expect(approximately(bar.visibleRows(at: 2 + after), Double(height) - offset, tolerance: 1e-9))
        #expect(bar.opacity(at: 2 + after) == 1)
    }

    @Test("stops taking clicks as soon as it starts to go, and wakes the caller at the end")
    func hiding() {
        var bar = BarSlide()
        bar.setHidden(true, now: 2)
        #expect(!bar.isInteractive)
        #expect(bar.hidesBar)
        #expect(bar.nextDeadline == 2.3)
        #expect(bar.isAnimating(at: 2.2))
        #expect(!bar.isAnimating(at: 2.3))
        bar.tick(now: 2.3)
        #expect(bar.nextDeadline == nil)
    }

    @Test("coming back mid-way starts from where it is, with no jump")
    func turnRound() {
        var bar = BarSlide()
        bar.setHidden(true, now: 0)
        let before = bar.offsetRows(at: 0.1)
        bar.setHidden(false, now: 0.1)
        #expect(approximately(bar.offsetRows(at: 0.1), before, tolerance: 1e-12))
        #expect(bar.offsetRows(at: 0.15) < before)
        #expect(bar.isInteractive)
        #expect(bar.offsetRows(at: 0.4) == 0)
    }

    @Test("with reduce-motion it fades in place over 0.15 s, linearly", arguments: [
        (0.0, 1.0), (0.075, 0.5), (0.1125, 0.25), (0.15, 0), (1, 0),
    ])
    func reduceMotion(after: Double, opacity: Double) {
        var bar = BarSlide(configuration: .init(reduceMotion: true))
        bar.setHidden(true, now: 0)
        #expect(approximately(bar.opacity(at: after), opacity))
        #expect(bar.offsetRows(at: after) == 0)
        #expect(bar.nextDeadline == 0.15)
    }

    @Test("in screen-reader mode the bar always shows")
    func screenReader() {
        var bar = BarSlide(configuration: .init(screenReader: true))
        bar.setHidden(true, now: 0)
        #expect(bar.visibleRows(at: 1) == 1)
        #expect(bar.isInteractive)
        #expect(bar.nextDeadline == nil)
    }

    @Test("a negative height counts as 0")
    func negativeHeight() {
        #expect(BarSlide(configuration: .init(barHeight: -2)).visibleRows(at: 0) == 0)
    }
}
