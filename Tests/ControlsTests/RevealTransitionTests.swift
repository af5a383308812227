import Testing
@testable import Controls

@Suite("RevealTransition")
struct RevealTransitionTests {
    @Test("closed at rest shows the poster and its ▶ only")
    func closed() {
        let reveal = RevealTransition()
        #expect(reveal.progress(at: 0) == 0)
        #expect(!reveal.isVideoShown(at: 0))
        #expect(!reveal.contains(x: 80, y: 45, width: 160, height: 90, at: 0))
        #expect(reveal.videoOpacity(at: 0) == 0)
        #expect(reveal.playButton(at: 0) == .init(scale: 1, opacity: 1))
        #expect(reveal.closeButtonOpacity(at: 0) == 0)
        #expect(reveal.isPlayButtonInteractive)
        #expect(!reveal.isCloseButtonInteractive)
        #expect(reveal.nextDeadline == nil)
    }

    // The diameter is the diagonal, scaled from 0.05 to 1 along the smooth curve over 0.6 s.
    @Test("the circle grows from 5 % of the diagonal to all of it over 0.6 s", arguments: [
        (0.0, 0.05, 4.589389937671455), (0.15, 0.49840345593985785, 45.74735611182124),
        (0.3, 0.8407289258347607, 77.16865745070763), (0.45, 0.9636766028522387, 88.4537540859895),
        (0.6, 1.0, 91.7877987534291), (2, 1.0, 91.7877987534291),
    ])
    func radius(after: Double, scale: Double, radius: Double) {
        var reveal = RevealTransition()
        reveal.open(now: 10)
        #expect(approximately(reveal.maskScale(at: 10 + after), scale))
        #expect(approximately(reveal.maskRadius(at: 10 + after, width: 160, height: 90), radius, tolerance: 1e-7))
    }

    @Test("opening wakes the caller at its end, and then rests")
    func deadline() {
        var reveal = RevealTransition()
        reveal.open(now: 10)
        #expect(reveal.nextDeadline == 10.6)
        #expect(reveal.isAnimating(at: 10.5999))
        #expect(!reveal.isAnimating(at: 10.6))
        reveal.tick(now: 10.6)
        #expect(reveal.nextDeadline == nil)
        reveal.open(now: 11)
        #expect(reveal.nextDeadline == nil)
    }

    @Test("membership follows the circle centred on the frame", arguments: [
        (0.15, 80.0, 45.0, true), (0.15, 80 + 45.7, 45, true), (0.15, 80 + 45.8, 45, false),
        (0.6, 0.5, 0.5, true), (0.6, 159.5, 89.5, true), (0.0, 80, 45, false),
    ] as [(Double, Double, Double, Bool)])
    func contains(after: Double, x: Double, y: Double, inside: Bool) {
        var reveal = RevealTransition()
        reveal.open(now: 0)
        #expect(reveal.contains(x: x, y: y, width: 160, height: 90, at: after) == inside)
    }

    @Test("tall pixels stretch the circle across fewer rows")
    func pixelAspect() {
        var reveal = RevealTransition()
        reveal.open(now: 0)
        #expect(approximately(reveal.maskRadius(at: 0.15, width: 160, height: 90, pixelAspect: 0.5), 60.01572353096737, tolerance: 1e-7))
        #expect(reveal.contains(x: 80, y: 14, width: 160, height: 90, at: 0.15))
        #expect(!reveal.contains(x: 80, y: 14, width: 160, height: 90, pixelAspect: 0.5, at: 0.15))
        #expect(reveal.contains(x: 80, y: 20, width: 160, height: 90, pixelAspect: 0.5, at: 0.15))
        #expect(reveal.maskRadius(at: 0.15, width: 160, height: 90, pixelAspect: .nan) == reveal.maskRadius(at: 0.15, width: 160, height: 90))
    }

    @Test("the ▶ grows to 1.8× and fades while the ✕ fades in")
    func buttons() {
        var reveal = RevealTransition()
        reveal.open(now: 0)
        #expect(!reveal.isPlayButtonInteractive)
        #expect(reveal.isCloseButtonInteractive)
        let look = reveal.playButton(at: 0.3)
        #expect(approximately(look.scale, 1.6658769901766406))
        #expect(approximately(look.opacity, 0.16765376227919926))
        #expect(approximately(reveal.closeButtonOpacity(at: 0.3), 0.8323462377208007))
        #expect(reveal.playButton(at: 0.6) == .init(scale: 1.8, opacity: 0))
        #expect(reveal.videoOpacity(at: 0.01) == 1)
    }

    @Test("closing from open runs the curve back to 5 % in 0.6 s")
    func closeFromOpen() {
        var reveal = RevealTransition(isOpen: true)
        #expect(reveal.progress(at: 0) == 1)
        reveal.close(now: 1)
        #expect(approximately(reveal.maskScale(at: 1.15), 0.5515965440601421))
        #expect(reveal.isVideoShown(at: 1.5999))
        #expect(!reveal.isVideoShown(at: 1.6))
        #expect(reveal.maskScale(at: 1.6) == 0.05)
        #expect(reveal.playButton(at: 1.6) == .init(scale: 1, opacity: 1))
        #expect(reveal.nextDeadline == 1.6)
    }

    @Test("closing mid-way turns round from where the circle is, with no jump")
    func reverseMidWay() throws {
        var reveal = RevealTransition()
        reveal.open(now: 0)
        let before = reveal.maskScale(at: 0.3)
        reveal.close(now: 0.3)
        #expect(approximately(reveal.maskScale(at: 0.3), before, tolerance: 1e-12))
        #expect(reveal.maskScale(at: 0.31) < before)
        let end = try #require(reveal.nextDeadline)
        #expect(approximately(end, 0.8305410550847776, tolerance: 1e-9))
        #expect(reveal.progress(at: end) == 0)
        let closing = reveal.maskScale(at: 0.5)
        reveal.open(now: 0.5)
        #expect(approximately(reveal.maskScale(at: 0.5), closing, tolerance: 1e-12))
        #expect(reveal.maskScale(at: 0.51) > closing)
    }

    @Test("with reduce-motion the circle is always full and the video cross-fades over 0.6 s", arguments: [
        (0.0, 0.0), (0.15, 0.47200363783142935), (0.3, 0.8323462377208007), (0.6, 1),
    ])
    func reduceMotion(after: Double, opacity: Double) {
        var reveal = RevealTransition(configuration: .init(reduceMotion: true))
        reveal.open(now: 0)
        #expect(reveal.maskScale(at: after) == 1)
        #expect(approximately(reveal.videoOpacity(at: after), opacity))
        #expect(reveal.playButton(at: after).scale == 1)
        #expect(approximately(reveal.playButton(at: after).opacity, 1 - opacity))
        #expect(reveal.contains(x: 0.5, y: 0.5, width: 160, height: 90, at: after) == (after > 0))
    }

    @Test("the radius follows the smooth curve at every frame of 30 a second, always growing")
    func everyCurvePoint() {
        var reveal = RevealTransition()
        reveal.open(now: 0)
        let halfDiagonal = (160.0 * 160 + 90 * 90).squareRoot() / 2
        var last = -1.0
        for frame in 0...18 {
            let time = Double(frame) / 30
            let scale = 0.05 + 0.95 * Easing.smooth.value(at: time / 0.6)
            let radius = reveal.maskRadius(at: time, width: 160, height: 90)
            #expect(approximately(reveal.maskScale(at: time), scale), "at \(time) s")
            #expect(approximately(radius, scale * halfDiagonal, tolerance: 1e-7), "at \(time) s")
            #expect(radius > last, "the circle shrank at \(time) s")
            last = radius
        }
        #expect(approximately(last, halfDiagonal, tolerance: 1e-7))
    }

    @Test("the mask made once per frame agrees with contains for every pixel", arguments: [0.0, 0.1, 0.25, 0.4, 0.6])
    func maskAgrees(after: Double) {
        var reveal = RevealTransition()
        reveal.open(now: 0)
        let mask = reveal.mask(at: after, width: 32, height: 18, pixelAspect: 0.5)
        #expect(mask.isClosed == (after == 0))
        #expect(mask.isClosed || (mask.centreX == 16 && mask.centreY == 9))
        for y in 0..<18 {
            for x in 0..<32 {
                let centre = (Double(x) + 0.5, Double(y) + 0.5)
                #expect(mask.contains(x: centre.0, y: centre.1)
                    == reveal.contains(x: centre.0, y: centre.1, width: 32, height: 18, pixelAspect: 0.5, at: after))
            }
        }
    }

    @Test("before the reveal, and after closing, the mask lets nothing through")
    func closedMask() {
        var reveal = RevealTransition()
        #expect(reveal.mask(at: 0, width: 32, height: 18).isClosed)
        reveal.open(now: 0)
        #expect(!reveal.mask(at: 0.01, width: 32, height: 18).isClosed)
        reveal.close(now: 1)
        #expect(reveal.mask(at: 1.6, width: 32, height: 18) == .closed)
        #expect(!RevealMask.closed.contains(x: 0, y: 0))
    }
}
