@testable import Playback
import Testing

/// Videos with rotation metadata (a phone's), which libmpv 0.35's software renderer cannot turn
/// (it aborted): reel turns them in the filter chain, so they play upright, as mpv shows them.
@Suite("Rotated videos")
struct RotationTests {
    @Test("each quarter turn is one filter; other angles, none",
          arguments: [(0, nil), (90, "lavfi=[transpose=clock]"), (180, "lavfi=[hflip,vflip]"), (270, "lavfi=[transpose=cclock]"),
                      (-90, "lavfi=[transpose=cclock]"), (450, "lavfi=[transpose=clock]"), (45, nil)] as [(Int, String?)])
    func filters(degrees: Int, expected: String?) {
        #expect(MpvPlayer.rotationFilter(degrees) == expected)
    }

    @Test("the turn comes before the pixel aspect's filter, which then sees the turned shape")
    func order() {
        #expect(MpvPlayer.videoFilters(rotation: 90, pixelAspect: 1) == "lavfi=[transpose=clock]")
        #expect(MpvPlayer.videoFilters(rotation: 0, pixelAspect: 1) == nil)
        let both = MpvPlayer.videoFilters(rotation: 270, pixelAspect: 0.5)
        #expect(both == "lavfi=[transpose=cclock]," + (MpvPlayer.pixelAspectFilter(0.5) ?? "-"))
    }

    /// rotated.mp4 is stored 160x90, red left and blue right, turned a quarter by its metadata:
    /// mpv shows it 90x160 with blue on top (`mpv --vo=image` gives that picture).
    @Test("a rotated video plays upright, letterboxed as the turned shape, instead of aborting")
    func playsUpright() throws {
        let driver = try PlayerDriver(width: 64, height: 36)
        try driver.load(PlayerDriver.sample("rotated.mp4"))
        #expect(try driver.run { _, _ in driver.framesRendered > 0 })
        let top = driver.frame.pixel(x: 32, y: 6), bottom = driver.frame.pixel(x: 32, y: 30)
        #expect(top.blue > 180 && top.red < 60, "top \(top)")
        #expect(bottom.red > 180 && bottom.blue < 60, "bottom \(bottom)")
        // Pillarboxed: a 9:16 picture in a 16:9 frame leaves the sides black.
        let side = driver.frame.pixel(x: 2, y: 18)
        #expect(side.red < 16 && side.green < 16 && side.blue < 16, "side \(side)")
    }

    /// What `auto` does when the terminal misses the frame rate in its pixels: the picture goes on
    /// in cells, laid out for their pixels (half as wide as tall) from the next frame.
    @Test("a rotated video laid out for other pixels mid-file keeps its turn and takes the new shape")
    func pixelAspectMidFile() throws {
        let driver = try PlayerDriver(width: 64, height: 36)
        try driver.load(PlayerDriver.sample("rotated.mp4"))
        try driver.player.pause()
        #expect(try driver.run { _, _ in driver.framesRendered > 0 })
        // Square pixels: the 9:16 picture is about 20 pixels wide, black at x = 14.
        let before = driver.frame.pixel(x: 14, y: 18)
        #expect(before.red < 16 && before.blue < 16, "bar \(before)")
        let rendered = driver.framesRendered
        try driver.player.setPixelAspect(0.5)
        // Pixels half as wide as tall: twice as many of them, about 40, from x = 12 to 52. The
        // frame drawn first after the change can be the old one again, before the filters are
        // rebuilt: wait for the new shape (run gives up after its timeout).
        func widened() -> Bool {
            let inside = driver.frame.pixel(x: 14, y: 18)
            return inside.red > 120 || inside.blue > 120
        }
        #expect(try driver.run { _, _ in driver.framesRendered > rendered && widened() })
        let inside = driver.frame.pixel(x: 14, y: 18), top = driver.frame.pixel(x: 32, y: 6), bottom = driver.frame.pixel(x: 32, y: 30)
        #expect(inside.red > 120 || inside.blue > 120, "the picture's new width: \(inside)")
        #expect(top.blue > 180 && top.red < 60, "still upright: top \(top)")
        #expect(bottom.red > 180 && bottom.blue < 60, "still upright: bottom \(bottom)")
    }

    /// The turn is the rotated file's own filter option, which mpv puts back as it was when the
    /// file ends: the shape set during it must outlast it.
    @Test("the shape set during a rotated video holds for the next file")
    func pixelAspectAfterRotatedFile() throws {
        let driver = try PlayerDriver(width: 128, height: 48)
        try driver.load(PlayerDriver.sample("rotated.mp4"))
        #expect(try driver.run { _, _ in driver.framesRendered > 0 })
        try driver.player.setPixelAspect(0.5)
        try driver.load(PlayerDriver.sample("segments.mp4"))
        let rendered = driver.framesRendered
        #expect(try driver.run { state, _ in driver.framesRendered > rendered + 2 && (state.position ?? 0) > 0.2 })
        // As letterboxingTallPixels: 160x90 on pixels of aspect 0.5 fills the width (square: 85 wide).
        let left = driver.frame.pixel(x: 2, y: 24), right = driver.frame.pixel(x: 125, y: 24)
        #expect(left.red > 200 && right.red > 200, "picture edges are \(left) and \(right)")
    }

    @Test("a rotated video's still (thumbnails, the poster) is upright too")
    func stillUpright() throws {
        guard case .playable(_, let still?) = MediaProbe(stillSize: (32, 18)).probe(PlayerDriver.sample("rotated.mp4")) else {
            Issue.record("rotated.mp4 did not probe")
            return
        }
        func colour(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let i = (y * still.width + x) * 3
            return (Int(still.rgb[i]), Int(still.rgb[i + 1]), Int(still.rgb[i + 2]))
        }
        #expect(MediaProbeTests.isClose(colour(16, 3), to: (0, 0, 255)), "top \(colour(16, 3))")
        #expect(MediaProbeTests.isClose(colour(16, 14), to: (255, 0, 0)), "bottom \(colour(16, 14))")
    }
}
