import Playback
import Testing

/// Screenshots through the real libmpv: the video's own size whatever shape reel's cells give
/// the picture, its pixels, and the subtitles drawn only when asked.
@Suite("Screenshots against real libmpv", .serialized)
struct ScreenshotTests {
    static func driver(pixelAspect: Double) throws -> PlayerDriver {
        try PlayerDriver { configuration in
            configuration.startPaused = true
            configuration.pixelAspect = pixelAspect
        }
    }

    /// The frame asked for, once mpv hands it back, at the video's own size.
    static func shot(_ driver: PlayerDriver, subtitles: Bool) throws -> Still {
        let id = try driver.player.requestScreenshot(subtitles: subtitles)
        var frame: ScreenshotFrame?
        let came = try driver.run { _, events in
            for case let .screenshot(reply, shot, _) in events where reply == id { frame = shot; return true }
            return false
        }
        try #require(came, "no reply to screenshot \(id)")
        return try #require(frame).still()
    }

    @Test("a shot is the video's own 160×90, in its colour, for cells of every shape", arguments: [1.0, 0.5, 4.0 / 3])
    func ownSizeAndPixels(pixelAspect: Double) throws {
        let driver = try Self.driver(pixelAspect: pixelAspect)
        try driver.load(PlayerDriver.sample("segments.mp4"), start: .seconds(3))
        let shot = try Self.shot(driver, subtitles: false)
        #expect(shot.width == 160 && shot.height == 90, "\(shot.width)×\(shot.height)")
        #expect(shot.rgb.count == 160 * 90 * 3)
        // 2–4 s is solid green: every pixel is, give or take the codec.
        let off = stride(from: 0, to: shot.rgb.count, by: 3).filter { index in
            !(shot.rgb[index] < 40 && shot.rgb[index + 1] > 200 && shot.rgb[index + 2] < 40)
        }
        #expect(off.count < shot.width * shot.height / 100, "\(off.count) pixels are not green")
    }

    @Test("the subtitles are on the shot only when asked, though mpv does not draw reel's text subtitles")
    func subtitles() throws {
        let driver = try Self.driver(pixelAspect: 0.5)
        try driver.load(PlayerDriver.sample("film.mkv"), start: .seconds(2))
        try driver.player.setSubtitlesDrawnByMpv(false)
        let plain = try Self.shot(driver, subtitles: false)
        let subtitled = try Self.shot(driver, subtitles: true)
        #expect(plain.width == 640 && plain.height == 360 && subtitled.width == 640 && subtitled.height == 360)
        // "The first line." in white at the bottom: the lower third differs, the top does not.
        func differing(rows: Range<Int>) -> Int {
            rows.reduce(0) { total, row in
                total + (0..<(640 * 3)).filter { abs(Int(plain.rgb[row * 640 * 3 + $0]) - Int(subtitled.rgb[row * 640 * 3 + $0])) > 60 }.count
            }
        }
        #expect(differing(rows: 240..<360) > 500)
        #expect(differing(rows: 0..<120) == 0)
    }
}
