import Drawing

/// How large a kitty image sent in the escape codes (``GraphicsMode/KittyTransport/direct``) may
/// be so that it crosses the link in time: where kitty cannot read reel's shared memory, over SSH.
///
/// The link's measured rate (the loop's `LinkPacer`) × ``frameTime`` is the most one image may
/// take on the wire. The image's bytes are its pixels × the compressed bytes a pixel of the images
/// sent before took (``bytesPerPixel``, smoothed; no gain at all is assumed before the first) × 4/3
/// for base64. When the whole image does not fit, it goes smaller, every cell the same fewer
/// pixels (so the cells cut out of it stay whole cells), and kitty scales it up to its cells
/// (`c`, `r`); the link is then the limit, not reel's CPU, so zlib works harder (``slowLevel``)
/// on the fewer pixels, and each channel drops its two lowest bits, which zlib then packs tighter.
///
/// kitty's animation frames (`a=f`, a sub-rectangle of what changed) would not pay for video:
/// camera footage changes nearly every pixel of every frame, and a still picture is not sent
/// again at all (``GraphicsRenderer`` keeps images that did not change).
struct KittyImageFit: Sendable, Equatable {
    /// The time one image may take from reel to kitty's answer. After a key, the picture in flight
    /// and the screen that shows the key's effect (a new image too: the controls darken the
    /// picture) cross before the effect shows: two of these, within 150 ms.
    ///
    /// The rate is measured from the answers, so it counts kitty's own time to take an image in:
    /// an image of b bytes answers after that time plus b / rate, and sizing each image by the
    /// last rate settles where the two add up to this time. On a loaded machine (kitty on software
    /// GL, 50–250 ms an image) that left images of about 6 kB at 8 and at 80 Mbit/s (22 dB), at
    /// 100 ms as at 60.
    static let frameTime = 0.06
    /// The time an image may take once the picture has stood still (paused): it goes again, as
    /// large as this allows, so that a paused picture is as sharp as the link can make it, and a
    /// key pressed meanwhile waits at most this long behind it.
    static let stillTime = 0.5
    /// The zlib level of an image at its full size: the fastest, as the link keeps up.
    static let fastLevel: Int32 = 1
    /// The zlib level of an image made smaller for the link.
    static let slowLevel: Int32 = 6
    /// How much each image's measure moves ``bytesPerPixel``.
    static let smoothing = 0.5

    /// What one image is sent as.
    struct Choice: Sendable, Equatable {
        /// A cell's size in the image sent, in pixels.
        var cell: PixelSize
        /// zlib's level.
        var level: Int32
        /// Whether each channel's two lowest bits are dropped.
        var coarse: Bool
    }

    /// The compressed bytes a pixel of the images sent took, smoothed: 3 (raw RGB) before any.
    private(set) var bytesPerPixel = 3.0
    /// The same of the images sent whole only (full pixels, zlib's fastest, every bit kept), which
    /// take more a pixel than the smaller ones: what a still picture sent again whole would take.
    private(set) var wholeBytesPerPixel = 3.0

    /// The choice for an image of `columns` × `rows` cells of `cell` pixels over a link of `rate`
    /// bytes a second (nil: not measured, or not paced: the image as it is); a still picture sent
    /// again (`still`) may take ``stillTime`` and goes whole only when the whole images' own measure
    /// says it fits.
    func choose(columns: Int, rows: Int, cell: PixelSize, rate: Double?, still: Bool = false) -> Choice {
        let whole = Choice(cell: cell, level: KittyImageFit.fastLevel, coarse: false)
        guard let rate, rate > 0, columns > 0, rows > 0, cell.width > 0, cell.height > 0 else { return whole }
        let budget = rate * (still ? KittyImageFit.stillTime : KittyImageFit.frameTime)
        let allowed = budget / (bytesPerPixel * 4 / 3)
        let pixels = Double(columns * rows * cell.width * cell.height)
        let wholeFits = pixels * (still ? wholeBytesPerPixel : bytesPerPixel) * 4 / 3 <= budget
        guard !wholeFits else { return whole }
        let scale = min((allowed / pixels).squareRoot(), 1)
        let smaller = PixelSize(width: max(Int(Double(cell.width) * scale), 1), height: max(Int(Double(cell.height) * scale), 1))
        return Choice(cell: smaller, level: KittyImageFit.slowLevel, coarse: true)
    }

    /// An image of `pixels` pixels went as `compressed` bytes (before base64), `whole` or smaller.
    mutating func sent(pixels: Int, compressed: Int, whole: Bool = false) {
        guard pixels > 0 else { return }
        let sample = Double(compressed) / Double(pixels)
        bytesPerPixel += KittyImageFit.smoothing * (sample - bytesPerPixel)
        if whole { wholeBytesPerPixel += KittyImageFit.smoothing * (sample - wholeBytesPerPixel) }
    }
}

extension PixelBuffer {
    /// This image of cells `from` pixels made of cells `to` pixels (no larger), each pixel the mean
    /// of the pixels it covers, each channel's two lowest bits dropped when `coarse`.
    func shrunk(cells from: PixelSize, to: PixelSize, coarse: Bool) -> PixelBuffer {
        let columns = width / max(from.width, 1), rows = height / max(from.height, 1)
        var out = PixelBuffer(width: columns * to.width, height: rows * to.height)
        let mask: UInt8 = coarse ? 0xFC : 0xFF
        for y in 0..<out.height {
            let top = y * height / out.height, bottom = max((y + 1) * height / out.height, top + 1)
            for x in 0..<out.width {
                let left = x * width / out.width, right = max((x + 1) * width / out.width, left + 1)
                var (r, g, b) = (0, 0, 0)
                for sy in top..<bottom {
                    for sx in left..<right {
                        let p = pixels[sy * width + sx]
                        r += Int(p.r)
                        g += Int(p.g)
                        b += Int(p.b)
                    }
                }
                let count = (bottom - top) * (right - left)
                func mean(_ sum: Int) -> UInt8 { UInt8(min((sum + count / 2) / count + (coarse ? 2 : 0), 255)) & mask }
                out.pixels[y * out.width + x] = RGB(mean(r), mean(g), mean(b))
            }
        }
        return out
    }
}

extension CellMask {
    /// The same holes over cells of `cell` pixels.
    func withCell(_ cell: PixelSize) -> CellMask {
        var mask = CellMask(columns: columns, rows: rows, cellWidth: cell.width, cellHeight: cell.height)
        for row in 0..<rows {
            for column in 0..<columns where isHole(column: column, row: row) { mask.cut(column: column, row: row) }
        }
        return mask
    }
}
