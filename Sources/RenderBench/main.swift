// render-bench: reel's renderer run offline on every frame of a clip, none dropped, for
// scripts/bench (its `offline` part): bytes and fidelity apart from timing.
//
//   RenderBench decode CLIP WIDTH HEIGHT PIXEL_ASPECT OUT.rgb [BLITTER|SUPERSAMPLING]
//       Decodes every frame with libmpv, set up as reel sets it up (the same scaler options), at
//       WIDTH x HEIGHT pixels, untimed, and writes them as raw RGB (3 bytes a pixel). Prints the
//       number of frames. With a BLITTER (half, quadrant, sextant, octant), the picture is
//       rendered as reel renders it for that blitter: 3 times larger and averaged back for half
//       blocks (FrameEncoder.Blitter.supersampling), on whole cells down for quadrants,
//       sextants and octants (its pictureGrain). A number instead supersamples by that, on any
//       pixel; neither renders plainly, letterboxed by mpv.
//   RenderBench render FRAMES.rgb WIDTH HEIGHT COLUMNS ROWS BLITTER OUT.bin [NAME=VALUE...]
//       Encodes each frame into a COLUMNS x ROWS canvas (BLITTER: half, quadrant, sextant or
//       octant; the frames at its pixels per cell: 1x2, 4x8, 4x8, 4x8) and renders it
//       with reel's ScreenRenderer (its byte budget and policy) changed by the NAME=VALUE settings
//       (tolerance=N, budget=SHARE with 0 for none, and the policy's: see `apply`), writing every
//       frame's bytes to OUT.bin. Prints one JSON line: frames, bytes, the cells written, the
//       tolerance of each frame, the encode+render time per frame, and the encoding alone.
//       cell=WxH has the sextant fit model glyphs drawn on cells of W x H pixels (8x16 if not given).
//   RenderBench still IMAGE COLUMNS ROWS BLITTER OUT.bin [WxH]
//       One picture (any file mpv opens: a PNG, or a clip's first frame) scaled by mpv as reel
//       scales it, letterboxed on cells of 1:2, encoded and rendered once, exactly: OUT.bin is
//       what reel writes to show it, supersampled as reel does for the blitter (or as
//       RENDERBENCH_SUPERSAMPLE=K says). Prints the same JSON line as render. With WxH, for a
//       terminal whose cells are W x H pixels: the picture at that cell's aspect, the sextant fit's
//       glyphs measured on it (RENDERBENCH_ASPECT=R: at cells of R instead, as a peer told that
//       font ratio draws it).
import Drawing
import Glibc
import Playback
import System
import Terminal

func fail(_ message: String) -> Never {
    let bytes = Array(("RenderBench: " + message + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// A file written with stdio, closed once.
final class OutputFile {
    let file: UnsafeMutablePointer<FILE>

    init(path: String) {
        guard let file = fopen(path, "wb") else { fail("cannot write \(path)") }
        self.file = file
    }

    deinit { fclose(file) }

    func write(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if fwrite(base, 1, bytes.count, file) != bytes.count { fail("short write") }
    }
}

// MARK: Decoding

func decode(clip: String, width: Int, height: Int, pixelAspect: Double, supersampling: Int = 1,
            pictureGrain: PictureGrain = .pixel, out path: String, quiet: Bool = false, frameLimit: Int? = nil) throws {
    var configuration = PlayerConfiguration()
    configuration.audio = false
    // With a limit the player holds the last frame, as reel's does: an image ends at once, and with
    // keep-open off mpv could close its video output before the frame was asked for (no frame, about
    // 1 run in 30 with the cores busy).
    configuration.keepOpen = frameLimit != nil
    configuration.pixelAspect = pixelAspect
    configuration.supersampling = supersampling
    configuration.pictureGrain = pictureGrain
    // Every frame, as fast as it decodes: no clock, no dropping, no sound or subtitles to wait for.
    configuration.extraOptions = ["untimed": "yes", "framedrop": "no", "aid": "no", "sid": "no"]
    // More mpv options to measure, as NAME=VALUE;NAME=VALUE in RENDERBENCH_MPV.
    if let extra = getenv("RENDERBENCH_MPV").map({ String(cString: $0) }) {
        for option in extra.split(separator: ";") {
            let parts = option.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { configuration.extraOptions[String(parts[0])] = String(parts[1]) }
        }
    }
    let player = try MpvPlayer(configuration: configuration)
    try player.load(FilePath(clip))
    // The frame format reel's player asks for (packed rgb24), or rgb0 with RENDERBENCH_FORMAT=rgb0.
    let format: FrameBuffer.Format = getenv("RENDERBENCH_FORMAT").map { String(cString: $0) } == "rgb0" ? .rgb0 : .rgb24
    let frame = FrameBuffer(width: width, height: height, format: format)
    let output = OutputFile(path: path)
    var row = [UInt8](repeating: 0, count: width * 3)
    var frames = 0
    var ended = false
    let deadline = now() + 600
    while !ended {
        var descriptor = pollfd(fd: player.wakeupDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 100)
        for event in player.drainEvents() {
            switch event {
            case .endFile(.error(let error)): throw error
            case .endFile, .shutdown: ended = true
            default: break
            }
        }
        while player.frameIsDue() {
            try player.render(into: frame)
            for y in 0..<height {
                let source = frame.baseAddress.advanced(by: y * frame.stride).assumingMemoryBound(to: UInt8.self)
                let (red, blue) = frame.format == .bgr0 ? (2, 0) : (0, 2)
                let step = frame.format.bytesPerPixel
                for x in 0..<width {
                    row[3 * x] = source[step * x + red]
                    row[3 * x + 1] = source[step * x + 1]
                    row[3 * x + 2] = source[step * x + blue]
                }
                row.withUnsafeBytes { output.write($0) }
            }
            frames += 1
            if let frameLimit, frames >= frameLimit { ended = true; break }
        }
        if now() > deadline { fail("decoding \(clip) took more than 10 minutes") }
    }
    if !quiet { print(frames) }
}

// MARK: Rendering

/// Reads raw RGB frames of one size, one at a time.
final class FrameReader {
    let file: UnsafeMutablePointer<FILE>
    let width: Int
    let height: Int
    private var bytes: [UInt8]

    init(path: String, width: Int, height: Int) {
        guard let file = fopen(path, "rb") else { fail("cannot read \(path)") }
        self.file = file
        self.width = width
        self.height = height
        bytes = [UInt8](repeating: 0, count: width * height * 3)
    }

    deinit { fclose(file) }

    /// The next frame into `image`; false at the end.
    func next(into image: inout PixelBuffer) -> Bool {
        let count = bytes.count
        let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, count, file) }
        guard read == count else { return false }
        bytes.withUnsafeBufferPointer { source in
            image.pixels.withUnsafeMutableBufferPointer { pixels in
                for i in 0..<(width * height) {
                    pixels[i] = RGB(source[3 * i], source[3 * i + 1], source[3 * i + 2])
                }
            }
        }
        return true
    }
}

/// Sets one renderer setting from the command line.
func apply(_ setting: Substring, to renderer: inout ScreenRenderer) {
    let parts = setting.split(separator: "=", maxSplits: 1)
    guard parts.count == 2, let value = Double(parts[1]) else { fail("bad setting \(setting)") }
    var budget = renderer.budget ?? ScreenRenderer.ByteBudget.reel
    switch parts[0] {
    case "tolerance": renderer.tolerance = UInt8(clamping: Int(value))
    case "skip": renderer.policy.skipShare = value
    case "pen": renderer.policy.penShare = value
    case "blank": renderer.policy.blankShare = value
    case "blank_min": renderer.policy.blankMinimum = Int(value)
    case "detail": renderer.policy.detailGain = value
    case "smooth_cap": renderer.policy.smoothCap = Int(value)
    case "detail_floor": renderer.policy.detailFloor = Int(value)
    case "hysteresis": renderer.policy.hysteresis = value
    case "budget": budget.share = value
    case "gain": budget.gain = value
    case "ceiling": budget.ceiling = UInt8(clamping: Int(value))
    default: fail("unknown setting \(parts[0])")
    }
    if parts[0] == "budget" || parts[0] == "gain" || parts[0] == "ceiling" {
        renderer.budget = budget.share > 0 ? budget : nil
    }
}

func render(frames path: String, width: Int, height: Int, columns: Int, rows: Int, blitter: FrameEncoder.Blitter,
            out: String, settings: [Substring], limit: Int = .max) {
    // reel's renderer as the app sets it up, then the settings given.
    var renderer = ScreenRenderer(colorMode: .truecolor)
    renderer.budget = .reel
    var cell = CellModel.assumed
    for setting in settings {
        if setting.hasPrefix("cell=") {
            guard let size = cellSize(setting.dropFirst(5)) else { fail("cell must be WxH") }
            cell = CellModel(size: size, reported: true)
        } else {
            apply(setting, to: &renderer)
        }
    }
    let encoder = FrameEncoder(blitter: blitter, cell: cell)
    let reader = FrameReader(path: path, width: width, height: height)
    let output = OutputFile(path: out)
    var image = PixelBuffer(width: width, height: height)
    var canvas = Canvas(width: columns, height: rows)
    var bytes: [UInt8] = []
    var times: [Double] = []
    var encodeTimes: [Double] = []
    var cells = 0
    var frameBytes: [Int] = []
    var tolerances: [Int] = []
    while times.count < limit, reader.next(into: &image) {
        let start = now()
        encoder.encode(image, into: &canvas, at: canvas.bounds)
        encodeTimes.append((now() - start) * 1000)
        renderer.render(canvas, into: &bytes)
        times.append((now() - start) * 1000)
        cells += renderer.lastFrameCellsWritten
        frameBytes.append(bytes.count)
        tolerances.append(Int(renderer.lastFrameTolerance))
        bytes.withUnsafeBytes { output.write($0) }
    }
    func percentile(_ p: Double, of values: [Double] = times) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))]
    }
    let total = frameBytes.reduce(0, +)
    print("{\"frames\": \(times.count), \"bytes\": \(total), \"cells_written\": \(cells),"
        + " \"cells\": \(columns * rows), \"frame_bytes\": \(frameBytes), \"tolerances\": \(tolerances),"
        + " \"render_ms_median\": \(percentile(0.5)), \"render_ms_p95\": \(percentile(0.95)),"
        + " \"encode_ms_median\": \(percentile(0.5, of: encodeTimes))}")
}

// MARK: Main

/// The blitter a command line names.
func blitter(named name: String) -> FrameEncoder.Blitter {
    switch name {
    case "half": .half
    case "quadrant": .quadrant
    case "sextant": .sextant
    case "octant": .octant
    default: fail("blitter must be half, quadrant, sextant or octant")
    }
}

/// A cell size written WxH.
func cellSize(_ text: Substring) -> PixelSize? {
    let parts = text.split(separator: "x")
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width >= 2, height >= 3 else { return nil }
    return PixelSize(width: width, height: height)
}

let arguments = CommandLine.arguments
func number(_ index: Int) -> Int {
    guard index < arguments.count, let value = Int(arguments[index]) else { fail("expected a number at argument \(index)") }
    return value
}

switch arguments.count > 1 ? arguments[1] : "" {
case "decode" where arguments.count == 7 || arguments.count == 8:
    guard let aspect = Double(arguments[5]) else { fail("bad pixel aspect") }
    var supersampling = 1, grain = PictureGrain.pixel
    if arguments.count == 8 {
        if let factor = Int(arguments[7]) {
            supersampling = factor
        } else {
            let blitter = blitter(named: arguments[7])
            (supersampling, grain) = (blitter.supersampling, PictureGrain(blitter.pictureGrain))
        }
    }
    do {
        try decode(clip: arguments[2], width: number(3), height: number(4), pixelAspect: aspect,
                   supersampling: supersampling, pictureGrain: grain, out: arguments[6])
    } catch {
        fail("\(arguments[2]): \(error)")
    }
case "render" where arguments.count >= 9:
    render(frames: arguments[2], width: number(3), height: number(4), columns: number(5), rows: number(6),
           blitter: blitter(named: arguments[7]), out: arguments[8], settings: arguments.dropFirst(9).map { Substring($0) })
case "still" where arguments.count == 7 || arguments.count == 8:
    let blitter = blitter(named: arguments[5])
    let cell = arguments.count == 8 ? cellSize(Substring(arguments[7])) : nil
    if arguments.count == 8 && cell == nil { fail("cell must be WxH") }
    let encoder = FrameEncoder(blitter: blitter, cell: cell.map { CellModel(size: $0, reported: true) } ?? .assumed)
    // RENDERBENCH_ASPECT=R: the picture at cells of R (width over height) whatever the cell, as a
    // tool told a font ratio of R draws it.
    let cellAspect = getenv("RENDERBENCH_ASPECT").flatMap { Double(String(cString: $0)) }
        ?? cell.map { Double($0.width) / Double($0.height) } ?? 0.5
    let (width, height) = encoder.pixelSize(columns: number(3), rows: number(4))
    let frames = arguments[6] + ".frames"
    do {
        let supersampling = getenv("RENDERBENCH_SUPERSAMPLE").flatMap { Int(String(cString: $0)) } ?? blitter.supersampling
        try decode(clip: arguments[2], width: width, height: height, pixelAspect: encoder.pixelAspect(cellAspect: cellAspect),
                   supersampling: supersampling, pictureGrain: PictureGrain(encoder.pictureGrain), out: frames, quiet: true,
                   frameLimit: 1)
    } catch {
        fail("\(arguments[2]): \(error)")
    }
    render(frames: frames, width: width, height: height, columns: number(3), rows: number(4), blitter: blitter,
           out: arguments[6], settings: ["tolerance=0", "budget=0"] + (cell.map { ["cell=\($0.width)x\($0.height)"] } ?? []),
           limit: 1)
    unlink(frames)
default:
    fail("usage: RenderBench decode CLIP WIDTH HEIGHT PIXEL_ASPECT OUT.rgb [BLITTER|SUPERSAMPLING]\n"
        + "       RenderBench render FRAMES.rgb WIDTH HEIGHT COLUMNS ROWS BLITTER OUT.bin [NAME=VALUE...]\n"
        + "       RenderBench still IMAGE COLUMNS ROWS BLITTER OUT.bin [WxH]")
}
