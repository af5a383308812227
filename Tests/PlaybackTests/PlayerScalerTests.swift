@testable import Playback
import Media
import Testing

/// How the player picks zimg's scaler: by whether the picture is larger than the video.
@Suite("MpvPlayer's scaler", .serialized)
struct PlayerScalerTests {
    @Test("lanczos only when the picture comes out larger than the video", arguments: [
        (VideoSize(width: 480, height: 270), 900, 540, MpvPlayer.Scaler.lanczos),
        (VideoSize(width: 480, height: 270), 481, 271, .lanczos),
        (VideoSize(width: 480, height: 270), 480, 270, .bicubic),
        (VideoSize(width: 480, height: 270), 1800, 200, .bicubic),  // letterboxed: 356x200
        (VideoSize(width: 1920, height: 1080), 900, 540, .bicubic),
        (VideoSize(width: 0, height: 270), 900, 540, .bicubic),  // half known
        (VideoSize(width: 480, height: 270), 0, 0, .bicubic),
    ])
    func choice(video: VideoSize, width: Int, height: Int, expected: MpvPlayer.Scaler) {
        #expect(MpvPlayer.scaler(video: video, width: width, height: height) == expected)
    }

    @Test("without a known video size the scaler stays bicubic")
    func unknownSize() {
        #expect(MpvPlayer.scaler(video: nil, width: 900, height: 540) == .bicubic)
    }

    @Test("rendering sets mpv's scalers by direction, back and forth")
    func realPlayer() throws {
        let driver = try PlayerDriver(width: 64, height: 36)
        try driver.load(PlayerDriver.sample("demo.mp4"))
        try driver.player.pause()
        #expect(driver.player.handle.string("zimg-scaler") == "bicubic")
        let large = FrameBuffer(width: 960, height: 540, format: .rgb24)
        try driver.player.render(into: large)
        #expect(driver.player.handle.string("zimg-scaler") == "lanczos")
        #expect(driver.player.handle.string("zimg-scaler-chroma") == "lanczos")
        #expect(stride(from: 0, to: 540, by: 9).contains { y in stride(from: 0, to: 960, by: 9).contains { large.pixel(x: $0, y: y).red > 100 } },
                "a picture, not black")
        try driver.player.render(into: driver.frame)
        #expect(driver.player.handle.string("zimg-scaler") == "bicubic")
        #expect(driver.player.handle.string("zimg-scaler-chroma") == "bicubic")
    }

    @Test("a scaler the user gave as an mpv option is kept at every size")
    func userScaler() throws {
        let driver = try PlayerDriver(width: 960, height: 540) { $0.extraOptions["zimg-scaler"] = "spline36" }
        try driver.load(PlayerDriver.sample("demo.mp4"))
        try driver.player.render(into: driver.frame)
        #expect(driver.player.handle.string("zimg-scaler") == "spline36")
        #expect(driver.player.handle.string("zimg-scaler-chroma") == "bicubic")
    }
}
