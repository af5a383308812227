import Testing
@testable import Controls

@Suite("Tween")
struct TweenTests {
    @Test("rests where it was made, with no end time")
    func rests() {
        let up = Tween(atOne: true, duration: 1, curve: .linear)
        let down = Tween(atOne: false, duration: 1, curve: .linear)
        #expect(up.value(at: 5) == 1)
        #expect(down.value(at: 5) == 0)
        #expect(up.endTime == nil)
        #expect(!up.isRunning(at: 5))
    }

    @Test("a run follows the curve and ends exactly at its end time")
    func run() {
        var tween = Tween(atOne: false, duration: 0.25, curve: .easeInOut)
        tween.run(rising: true, now: 10)
        #expect(tween.endTime == 10.25)
        #expect(tween.value(at: 10) == 0)
        #expect(approximately(tween.value(at: 10.125), 0.5))
        #expect(tween.value(at: 10.25) == 1)
        #expect(tween.isRunning(at: 10.2499))
        #expect(!tween.isRunning(at: 10.25))
    }

    @Test("falling follows 1 − curve, so both directions start the way the curve starts")
    func fallingUsesTheCurveFromItsStart() {
        var tween = Tween(atOne: true, duration: 1, curve: .easeOut)
        tween.run(rising: false, now: 0)
        #expect(approximately(tween.value(at: 0.25), 1 - Easing.easeOut.value(at: 0.25)))
    }

    @Test("turning round mid-way starts from the current value, with no jump, and takes the time left")
    func turnRound() {
        var tween = Tween(atOne: false, duration: 1, curve: .linear)
        tween.run(rising: true, now: 0)
        tween.run(rising: false, now: 0.3)
        #expect(approximately(tween.value(at: 0.3), 0.3))
        #expect(approximately(tween.endTime ?? 0, 0.6))
        #expect(approximately(tween.value(at: 0.45), 0.15))
        #expect(tween.value(at: 0.6) == 0)
    }

    @Test("turning round on an asymmetric curve keeps the value continuous")
    func turnRoundSmooth() {
        var tween = Tween(atOne: false, duration: 0.6, curve: .smooth)
        tween.run(rising: true, now: 0)
        let before = tween.value(at: 0.2)
        tween.run(rising: false, now: 0.2)
        #expect(approximately(tween.value(at: 0.2), before, tolerance: 1e-12))
        #expect(tween.value(at: 0.2001) < before)
    }

    @Test("running the same way again changes nothing")
    func sameWay() {
        var tween = Tween(atOne: false, duration: 1, curve: .linear)
        tween.run(rising: true, now: 0)
        let copy = tween
        tween.run(rising: true, now: 0.5)
        #expect(tween == copy)
    }

    @Test("jump goes at once; a zero, negative or NaN duration makes runs instant", arguments: [0.0, -1, .nan, .infinity])
    func instant(duration: Double) {
        var tween = Tween(atOne: false, duration: duration, curve: .linear)
        tween.run(rising: true, now: 3)
        #expect(tween.value(at: 3) == 1)
        #expect(tween.endTime == nil)
        tween.jump(rising: false)
        #expect(tween.value(at: 3) == 0)
    }

    @Test("settle forgets a finished run only once it has ended")
    func settle() {
        var tween = Tween(atOne: false, duration: 1, curve: .linear)
        tween.run(rising: true, now: 0)
        tween.settle(now: 0.999)
        #expect(tween.endTime == 1)
        tween.settle(now: 1)
        #expect(tween.endTime == nil)
        #expect(tween.value(at: 1) == 1)
    }

    @Test("a time before the run started reads as the start")
    func beforeStart() {
        var tween = Tween(atOne: false, duration: 1, curve: .linear)
        tween.run(rising: true, now: 5)
        #expect(tween.value(at: 4) == 0)
    }
}
