import Media

/// Renders a coarse picture (half blocks: 2 pixels a cell) at up to `factor`
/// times its size each way and averages each block back into one pixel.
///
/// mpv's scalers sample the source at the target's pixels; at the coarse sizes of half blocks
/// even bicubic scores 0.1 dB under an area (box) average of the source, which is what timg's
/// pictures are (docs/benchmarks.md, "mpv's scaler"). Three times each way, then a box average,
/// is that area filter to within 0.005 dB. The average is exact only where each block is all
/// picture: so the picture's box is put on whole coarse pixels (``box(video:width:height:)``),
/// mpv renders just the box (`keepaspect=no`, the box already has the video's shape) and the
/// bars around it are black.
///
/// The box needs the video's shape after the filters (`dwidth` × `dheight`), before the first
/// frame is drawn. mpv's properties cannot give it then: mpv sends observed properties only once
/// that frame has been shown, and waits up to 0.2 s for it; a property asked for waits for the
/// core, which is itself waiting for the frame (a still's first frame was lost that way, and a
/// paused picture stayed black). mpv's log says it first, as the video output is set up, ahead
/// of the frame: `VO: [libmpv] 640x360 => 1280x360 yuv420p` (``shape(fromLog:)``). A frame
/// drawn with no shape known (which should not happen) is drawn again once it is (``redrawDue``).
///
/// A picture is never rendered at more pixels than the video has, beyond the picture's own (a
/// 640x360 video in half blocks at 300x60 cells, 300x120 pixels, is rendered 2 times across and 3
/// down): there is nothing more to average, and mpv's time grows with the pixels.
///
/// With a factor of 1 it only places the picture: on its ``PictureGrain`` (whole cells down for
/// sextants), where mpv's own letterboxing would start a 16:9 picture two rows of samples into
/// a cell, and that cell would have to draw the bar's edge across its sextant rows.
final class Supersampler {
    /// How many rendered pixels make one output pixel each way, at most.
    let factor: Int
    /// The step the picture's edges are put on.
    let grain: PictureGrain
    /// The video's shape as mpv last reported it, or nil without video.
    private(set) var shape: VideoSize?
    /// The video's pixels after the filters, as mpv last reported them.
    private(set) var stored: VideoSize?
    /// Whether the frame on screen was rendered for another shape (or without one) and should
    /// be rendered again.
    var redrawDue = false
    /// Whether a frame was rendered while no shape was known.
    var renderedWithoutShape = false
    /// The rendered picture, before it is averaged.
    let scratch = FrameBuffer(width: 2, height: 2, format: .rgb24)
    /// A row of blocks summed down, byte by byte.
    private var columnSums: [UInt16] = []

    /// A supersampler of `factor` (1 or more) that puts the picture's edges on `grain`.
    init(factor: Int, grain: PictureGrain = .pixel) {
        precondition(factor >= 1, "a supersampling factor is at least 1")
        self.factor = factor
        self.grain = grain
    }

    /// Records the video's shape, and asks for the picture on screen to be rendered again when
    /// it was rendered without one.
    func follow(_ output: Output) {
        shape = output.shape
        stored = output.stored
        if renderedWithoutShape { redrawDue = true }
        renderedWithoutShape = false
    }

    /// The video's shape after the filters from a line of mpv's log (the core's, `cplayer`), when
    /// it is the line that sets up the video output: `VO: [libmpv] 640x360 yuv420p`, or with the
    /// display size after it when the pixels are not square, `VO: [libmpv] 640x360 => 1280x360
    /// yuv420p`.
    static func output(fromLog text: String) -> Output? {
        guard text.hasPrefix("VO: ["), let close = text.firstIndex(of: "]") else { return nil }
        let words = text[text.index(after: close)...].split(whereSeparator: { $0 == " " || $0 == "\n" })
        func size(_ word: Substring) -> VideoSize? {
            let parts = word.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), width > 0, height > 0
            else { return nil }
            return VideoSize(width: width, height: height)
        }
        guard let first = words.first.flatMap(size) else { return nil }
        if words.count >= 3, words[1] == "=>" { return size(words[2]).map { Output(stored: first, shape: $0) } }
        return Output(stored: first, shape: first)
    }

    /// What the line of mpv's log that sets up the video output says of the video.
    struct Output: Equatable {
        /// Its pixels, after the filters.
        var stored: VideoSize
        /// Its shape on a screen of square pixels (`dwidth` × `dheight`).
        var shape: VideoSize
    }

    /// How many times larger to render a picture of `box`'s size, across and down: `factor`, or
    /// fewer where the video has fewer pixels than that, and at least 1.
    func factors(box: (x: Int, y: Int, width: Int, height: Int)) -> (x: Int, y: Int) {
        guard let stored else { return (factor, factor) }
        func times(_ video: Int, _ picture: Int) -> Int { min(max((video + picture - 1) / max(picture, 1), 1), factor) }
        return (times(stored.width, box.width), times(stored.height, box.height))
    }

    /// The place of the picture in `width` × `height` pixels: as wide as the frame and centred
    /// down it when the video is wider than the frame, else as tall and centred across. Its
    /// letterboxed edges are on `grain` (its size the nearest whole number of grains, at least
    /// one, its offset rounded down to one) unless the frame itself is not. Nil for an empty
    /// frame or shape.
    static func box(video: VideoSize, width: Int, height: Int, grain: PictureGrain = .pixel)
        -> (x: Int, y: Int, width: Int, height: Int)? {
        guard video.width > 0, video.height > 0, width > 0, height > 0 else { return nil }
        /// `exact` pixels on a step of `step` within `room`, and the offset that centres them.
        func place(_ exact: Double, step: Int, room: Int) -> (offset: Int, size: Int) {
            let step = room % step == 0 ? step : 1
            let size = min(max(Int((exact / Double(step)).rounded()), 1) * step, room)
            return ((room - size) / 2 / step * step, size)
        }
        if width * video.height <= height * video.width {
            let (y, h) = place(Double(width * video.height) / Double(video.width), step: grain.down, room: height)
            return (0, y, width, h)
        }
        let (x, w) = place(Double(height * video.width) / Double(video.height), step: grain.across, room: width)
        return (x, 0, w, height)
    }

    /// The layout of one pixel in memory: its size in bytes, and where its red and blue bytes are.
    struct Layout: Equatable {
        var bytesPerPixel: Int
        var red: Int
        var blue: Int

        /// The layout of a pixel of `format`.
        init(_ format: FrameBuffer.Format) {
            bytesPerPixel = format.bytesPerPixel
            (red, blue) = format == .bgr0 ? (2, 0) : (0, 2)
        }
    }

    /// Averages ``scratch`` (`factors` × the box's size) into the box of the frame at `target`
    /// (`height` rows of `width` pixels in `layout`, `stride` bytes apart), each block's mean
    /// rounded to the nearest byte, and paints the rest of the frame black.
    func average(into target: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, layout: Layout,
                 box: (x: Int, y: Int, width: Int, height: Int), factors: (x: Int, y: Int)) {
        let kx = factors.x, ky = factors.y, count = kx * ky
        let source = scratch.baseAddress.assumingMemoryBound(to: UInt8.self)
        let sourceStride = scratch.stride, sourceBytes = scratch.format.bytesPerPixel
        let rowBytes = box.width * kx * sourceBytes
        if columnSums.count < rowBytes { columnSums = [UInt16](repeating: 0, count: rowBytes) }
        let out = target.assumingMemoryBound(to: UInt8.self)
        let bytes = layout.bytesPerPixel, red = layout.red, blue = layout.blue
        if count == 1, sourceBytes == bytes, Layout(scratch.format) == layout {
            // Placed, not averaged: each of the box's rows as mpv rendered it.
            let boxBytes = box.width * bytes
            Self.paint(out, width: width, height: height, stride: stride, bytes: bytes, box: box) { row, line in
                row.update(from: source + line * sourceStride, count: boxBytes)
            }
            return
        }
        // (sum + count / 2) / count as a multiply and a shift (exact: sums stay under 2^16).
        let half = count / 2, reciprocal = ((1 << 24) + count - 1) / count
        @inline(__always) func mean(_ sum: Int) -> UInt8 { UInt8(truncatingIfNeeded: ((sum &+ half) &* reciprocal) >> 24) }
        columnSums.withUnsafeMutableBufferPointer { sums in
            guard let sums = sums.baseAddress else { return }
            Self.paint(out, width: width, height: height, stride: stride, bytes: bytes, box: box) { row, line in
                // Down the block's rows, byte by byte (a loop the compiler vectorises), then
                // across each block's pixels.
                let top = source + line * ky * sourceStride
                for j in 0..<rowBytes { sums[j] = UInt16(top[j]) }
                for next in 1..<ky {
                    let below = top + next * sourceStride
                    for j in 0..<rowBytes { sums[j] &+= UInt16(below[j]) }
                }
                for x in 0..<box.width {
                    let first = sums + x * kx * sourceBytes
                    var r = 0, g = 0, b = 0
                    for i in 0..<kx {
                        let p = first + i * sourceBytes
                        r &+= Int(p[0])
                        g &+= Int(p[1])
                        b &+= Int(p[2])
                    }
                    let pixel = row + x * bytes
                    pixel[red] = mean(r)
                    pixel[1] = mean(g)
                    pixel[blue] = mean(b)
                    if bytes == 4 { pixel[3] = 0 }
                }
            }
        }
    }

    /// Paints the frame at `out` black outside `box`, and hands each of the box's rows to
    /// `picture` (where the row's first pixel in the box is, and which row of the box it is).
    private static func paint(_ out: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, bytes: Int,
                              box: (x: Int, y: Int, width: Int, height: Int),
                              picture: (UnsafeMutablePointer<UInt8>, Int) -> Void) {
        let end = (box.x + box.width) * bytes
        for y in 0..<height {
            let row = out + y * stride
            guard y >= box.y, y < box.y + box.height else {
                row.update(repeating: 0, count: width * bytes)
                continue
            }
            row.update(repeating: 0, count: box.x * bytes)
            (row + end).update(repeating: 0, count: width * bytes - end)
            picture(row + box.x * bytes, y - box.y)
        }
    }
}
