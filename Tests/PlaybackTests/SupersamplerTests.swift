import Glibc
@testable import Playback
import Media
import System
import Testing

/// Half and quadrant pictures rendered three times larger each way and averaged back, with the
/// picture's box on whole pixels: an area filter, as timg's pictures have, where mpv's scalers
/// sample.
@Suite("Supersampled pictures", .serialized)
struct SupersamplerTests {
    @Test("the picture's box is on whole pixels, as wide or as tall as the frame, and centred",
          arguments: [
              (VideoSize(width: 640, height: 360), 100, 60, Box(0, 2, 100, 56)),  // 56.25 rows: 56, 2 above
              (VideoSize(width: 1280, height: 360), 100, 30, Box(0, 1, 100, 28)),  // 28.1 rows: 28, 1 above
              (VideoSize(width: 90, height: 160), 64, 36, Box(22, 0, 20, 36)),  // 20.25 columns
              (VideoSize(width: 16, height: 9), 32, 18, Box(0, 0, 32, 18)),  // the frame's own shape
              (VideoSize(width: 4000, height: 1), 10, 10, Box(0, 4, 10, 1)),  // never under one row
              (VideoSize(width: 1, height: 4000), 10, 10, Box(4, 0, 1, 10)),
          ])
    func box(video: VideoSize, width: Int, height: Int, expected: Box) throws {
        let box = try #require(Supersampler.box(video: video, width: width, height: height))
        #expect(Box(box.x, box.y, box.width, box.height) == expected)
    }

    /// Sextants' grain at 100x60 cells (400x240 samples, 4x8 a cell): whole cells down, half
    /// cells across.
    @Test("on a grain, the letterboxed edges are on whole grains, the size the nearest, the offset rounded down",
          arguments: [
              (VideoSize(width: 640, height: 360), 400, 240, Box(0, 8, 400, 224)),  // 225 rows: 28 cells, one above
              (VideoSize(width: 640, height: 360), 400, 232, Box(0, 0, 400, 224)),  // one cell spare: it goes below
              (VideoSize(width: 90, height: 160), 400, 240, Box(132, 0, 136, 240)),  // 135 columns: 68 half cells
              (VideoSize(width: 4000, height: 1), 40, 16, Box(0, 0, 40, 8)),  // never under one cell
              (VideoSize(width: 640, height: 360), 400, 236, Box(0, 5, 400, 225)),  // a frame off the grain: pixels
              (VideoSize(width: 16, height: 9), 32, 16, Box(2, 0, 28, 16)),  // 28.4 columns: 14 half cells, 2 in
          ])
    func boxOnGrain(video: VideoSize, width: Int, height: Int, expected: Box) throws {
        let box = try #require(Supersampler.box(video: video, width: width, height: height, grain: PictureGrain(across: 2, down: 8)))
        #expect(Box(box.x, box.y, box.width, box.height) == expected)
    }

    @Test("no box for an empty frame or shape", arguments: [
        (VideoSize(width: 0, height: 360), 100, 60), (VideoSize(width: 640, height: 0), 100, 60),
        (VideoSize(width: 640, height: 360), 0, 60), (VideoSize(width: 640, height: 360), 100, 0),
    ])
    func noBox(video: VideoSize, width: Int, height: Int) {
        #expect(Supersampler.box(video: video, width: width, height: height) == nil)
    }

    /// A 6x3 scratch of known pixels averaged into a 4x2 frame with the box at (1, 0, 2, 1).
    @Test("each 3x3 block becomes its mean, rounded to the nearest byte, and the bars are black",
          arguments: [FrameBuffer.Format.rgb0, .bgr0, .rgb24])
    func average(format: FrameBuffer.Format) {
        // Left block: red 0...8 (mean 4), green all 1 and 2 alternately (mean 13/9 → 1),
        // blue 255. Right block: red 10 except one 15 (95/9 = 10.56 → 11), green 200, blue 0.
        let sampler = SupersamplerTests.sampler(width: 6, height: 3) { x, y in
            let left = x < 3, index = y * 3 + x % 3
            return (left ? UInt8(index) : (index == 4 ? 15 : 10), left ? UInt8(index % 2 == 0 ? 1 : 2) : 200, left ? 255 : 0)
        }
        let target = FrameBuffer(width: 4, height: 2, format: format)
        memset(target.baseAddress, 0x7f, target.stride * 2)
        sampler.average(into: target.baseAddress, width: 4, height: 2, stride: target.stride,
                        layout: Supersampler.Layout(format), box: (1, 0, 2, 1), factors: (3, 3))
        #expect(target.pixel(x: 1, y: 0) == (4, 1, 255))
        #expect(target.pixel(x: 2, y: 0) == (11, 200, 0))
        for (x, y) in [(0, 0), (3, 0), (0, 1), (1, 1), (2, 1), (3, 1)] {
            #expect(target.pixel(x: x, y: y) == (0, 0, 0), "bar pixel \(x), \(y)")
        }
    }

    @Test("the video's shape comes from the line of mpv's log that sets up its output", arguments: [
        ("VO: [libmpv] 640x360 yuv420p\n", VideoSize(width: 640, height: 360), VideoSize(width: 640, height: 360)),
        ("VO: [libmpv] 640x360 => 1280x360 yuv420p\n", VideoSize(width: 640, height: 360), VideoSize(width: 1280, height: 360)),
        ("VO: [null] 90x160 yuv420p", VideoSize(width: 90, height: 160), VideoSize(width: 90, height: 160)),
        ("VO: [libmpv] 64x64", VideoSize(width: 64, height: 64), VideoSize(width: 64, height: 64)),
    ] as [(String, VideoSize, VideoSize)])
    func shapeFromLog(line: String, stored: VideoSize, shape: VideoSize) {
        #expect(Supersampler.output(fromLog: line) == Supersampler.Output(stored: stored, shape: shape))
    }

    @Test("a picture is rendered at no more pixels than the video has, and at least its own",
          arguments: [
              (VideoSize(width: 640, height: 360), Box(0, 2, 100, 56), 3, 3),  // 6.4 and 6.4 times: 3
              (VideoSize(width: 640, height: 360), Box(0, 3, 400, 113), 2, 3),  // 1.6 across, 3.2 down
              (VideoSize(width: 320, height: 180), Box(0, 3, 400, 113), 1, 2),  // enlarged across: 1
              (VideoSize(width: 300, height: 100), Box(0, 0, 100, 50), 3, 2),  // exactly 3 and 2
          ])
    func factors(stored: VideoSize, box: Box, x: Int, y: Int) {
        let sampler = Supersampler(factor: 3)
        #expect(sampler.factors(box: (box.x, box.y, box.width, box.height)) == (3, 3), "3 until the video is known")
        sampler.follow(Supersampler.Output(stored: stored, shape: stored))
        #expect(sampler.factors(box: (box.x, box.y, box.width, box.height)) == (x, y))
    }

    @Test("other lines of the log give no shape", arguments: [
        "VO: Description: Null video output\n", "VO: [libmpv] 0x360 yuv420p", "VO: [libmpv] x yuv420p",
        "AO: [null] 48000Hz stereo 2ch floatp", "Playing: film.mkv", "VO: [libmpv]", "",
    ])
    func noShapeFromLog(line: String) {
        #expect(Supersampler.output(fromLog: line) == nil)
    }

    @Test("blocks of 2 across and 3 down average their six pixels")
    func unequalFactors() {
        // Red counts the block's pixels 0...5 (mean 2.5: rounds up to 3); green is 9 in the
        // left block and 100 plus one 103 in the right (603/6 = 100.5: 101).
        let sampler = SupersamplerTests.sampler(width: 4, height: 3) { x, y in
            (UInt8(y * 2 + x % 2), x < 2 ? 9 : (x == 3 && y == 2 ? 103 : 100), 0)
        }
        let target = FrameBuffer(width: 2, height: 1, format: .rgb24)
        sampler.average(into: target.baseAddress, width: 2, height: 1, stride: target.stride,
                        layout: Supersampler.Layout(.rgb24), box: (0, 0, 2, 1), factors: (2, 3))
        #expect(target.pixel(x: 0, y: 0) == (3, 9, 0))
        #expect(target.pixel(x: 1, y: 0) == (3, 101, 0))
    }

    @Test("at a factor of 1 the picture is placed as rendered, in any layout, and the bars are black",
          arguments: [FrameBuffer.Format.rgb24, .rgb0, .bgr0])
    func placedOnly(format: FrameBuffer.Format) {
        let sampler = SupersamplerTests.sampler(width: 2, height: 2, factor: 1) { x, y in (UInt8(10 + x), UInt8(20 + y), 255) }
        let target = FrameBuffer(width: 4, height: 4, format: format)
        memset(target.baseAddress, 0x7f, target.stride * 4)
        sampler.average(into: target.baseAddress, width: 4, height: 4, stride: target.stride,
                        layout: Supersampler.Layout(format), box: (1, 1, 2, 2), factors: (1, 1))
        for y in 0..<4 {
            for x in 0..<4 {
                let inside = (1...2).contains(x) && (1...2).contains(y)
                let expected: (UInt8, UInt8, UInt8) = inside ? (UInt8(10 + x - 1), UInt8(20 + y - 1), 255) : (0, 0, 0)
                #expect(target.pixel(x: x, y: y) == expected, "pixel \(x), \(y)")
            }
        }
    }

    /// A supersampler of `factor` whose scratch is `width` × `height` pixels of `pixel`'s colours.
    static func sampler(width: Int, height: Int, factor: Int = 3, pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> Supersampler {
        let sampler = Supersampler(factor: factor)
        sampler.scratch.resize(width: width, height: height)
        let scratch = sampler.scratch.baseAddress.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                let colour = pixel(x, y), at = scratch + y * sampler.scratch.stride + x * 3
                (at[0], at[1], at[2]) = colour
            }
        }
        return sampler
    }

    @Test("blitters ask for it only where mpv would sample too few pixels a cell")
    func factors() {
        #expect(PlayerConfiguration().supersampling == 1)
        var configuration = PlayerConfiguration()
        configuration.supersampling = 3
        #expect(MpvPlayer.supersampler(for: configuration)?.factor == 3)
        configuration.extraOptions["video-zoom"] = "0.5"
        #expect(MpvPlayer.supersampler(for: configuration) == nil, "a zoom the user gave is mpv's to draw")
        configuration.extraOptions = [:]
        configuration.loadUserConfig = true
        #expect(MpvPlayer.supersampler(for: configuration) == nil, "mpv.conf may place the picture")
        configuration.loadUserConfig = false
        configuration.logFile = FilePath("/tmp/reel-test.log")
        configuration.logLevel = "warn"
        #expect(MpvPlayer.supersampler(for: configuration) == nil, "a log too quiet to give the shape")
        var grain = PlayerConfiguration()
        grain.pictureGrain = PictureGrain(across: 2, down: 8)
        let placer = MpvPlayer.supersampler(for: grain)
        #expect(placer?.factor == 1 && placer?.grain == PictureGrain(across: 2, down: 8), "a grain alone places the picture")
    }

    /// 640x360 at 100x30 sextant cells (400x240 samples): mpv would centre its 225 rows from
    /// row 7, inside the first cell's sextant rows; reel puts 224 on cells 1 to 28.
    @Test("a sextant picture is put on whole cells, mpv stretching the frame over them")
    func onCells() throws {
        let driver = try PlayerDriver(width: 400, height: 240) {
            $0.pictureGrain = PictureGrain(across: 2, down: 8)
            $0.startPaused = true
        }
        try driver.player.load(PlayerDriver.sample("film.mkv"), start: .seconds(8))
        #expect(try driver.run { _, _ in driver.framesRendered > 0 })
        try driver.run(timeout: 0.3) { _, _ in false }
        #expect(driver.player.handle.flag("keepaspect") == false)
        Self.expectRows(of: driver.frame, bars: [0, 7, 232, 239], picture: [8, 231])
    }

    @Test("the first frame of a paused file is drawn supersampled, mpv stretching it over the box")
    func firstFrame() throws {
        let driver = try PlayerDriver(width: 100, height: 60) {
            $0.supersampling = 3
            $0.startPaused = true
        }
        try driver.player.load(PlayerDriver.sample("film.mkv"))
        #expect(try driver.run { _, _ in driver.framesRendered > 0 })
        #expect(driver.player.hasVideoShape, "the shape was known by the first frame")
        #expect(driver.player.handle.flag("keepaspect") == false)
        #expect(driver.framesRendered == 1, "the first frame is drawn once: \(driver.framesRendered)")
        // 640x360 in 100x60: rows 2-57 are picture, 0-1 and 58-59 black.
        Self.expectRows(of: driver.frame, bars: [0, 1, 58, 59], picture: [2, 57])
    }

    /// Expects the rows `bars` of `frame` all black, and more than half of each row of `picture`
    /// lit: picture, not a blend with the bar.
    static func expectRows(of frame: FrameBuffer, bars: [Int], picture: [Int],
                           sourceLocation: SourceLocation = #_sourceLocation) {
        for y in bars {
            #expect((0..<frame.width).allSatisfy { frame.pixel(x: $0, y: y) == (0, 0, 0) }, "row \(y) is a bar",
                    sourceLocation: sourceLocation)
        }
        for y in picture {
            let lit = (0..<frame.width).filter { let p = frame.pixel(x: $0, y: y); return Int(p.red) + Int(p.green) + Int(p.blue) > 30 }
            #expect(2 * lit.count > frame.width, "row \(y) is picture: \(lit.count) pixels lit", sourceLocation: sourceLocation)
        }
    }

    /// The truth for a paused frame: mpv's render at nine times the box, averaged 9x9 (the area
    /// filter to within a fraction of a dB). Supersampled at 3, the picture must be closer to it
    /// than mpv's own render at the frame's size.
    @Test("supersampled pictures are closer to the area average than mpv's own scaling")
    func closerToArea() throws {
        func picture(supersampling: Int, width: Int, height: Int) throws -> [UInt8] {
            let driver = try PlayerDriver(width: width, height: height) {
                $0.supersampling = supersampling
                $0.startPaused = true
            }
            try driver.player.load(PlayerDriver.sample("film.mkv"), start: .seconds(8))
            try driver.run(timeout: 0.3) { _, _ in false }
            try driver.player.render(into: driver.frame)
            return (0..<height).flatMap { y in (0..<width).flatMap { x in
                let p = driver.frame.pixel(x: x, y: y)
                return [p.red, p.green, p.blue]
            } }
        }
        let plain = try picture(supersampling: 1, width: 100, height: 60)
        let sampled = try picture(supersampling: 3, width: 100, height: 60)
        let truth = try picture(supersampling: 9, width: 100, height: 60)
        func error(_ a: [UInt8]) -> Double {
            zip(a, truth).reduce(0.0) { $0 + pow(Double($1.0) - Double($1.1), 2) } / Double(a.count)
        }
        #expect(error(sampled) < 0.6 * error(plain), "mean squared error \(error(sampled)) against mpv's own \(error(plain))")
    }
}

/// A box as the tests write it.
struct Box: Equatable, CustomStringConvertible {
    var x, y, width, height: Int
    init(_ x: Int, _ y: Int, _ width: Int, _ height: Int) { (self.x, self.y, self.width, self.height) = (x, y, width, height) }
    var description: String { "(\(x), \(y), \(width)x\(height))" }
}
