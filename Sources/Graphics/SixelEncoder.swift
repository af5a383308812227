import Drawing
import Terminal

/// Writes images as sixel graphics (DEC's `ESC P … q … ESC \`), with a palette chosen for each
/// image by a ``SixelQuantizer`` that carries over from image to image.
///
/// Cut-out cells (a ``CellMask``) are left transparent (`P2 = 1`), so that text the terminal
/// shows there stays. Each band of six pixel rows lists, for each colour in it, the columns it
/// lights, run-length coded (`!n`).
struct SixelEncoder {
    private(set) var quantizer: SixelQuantizer
    private var indices: [UInt8] = []
    /// One byte of six bits per column for each colour of the band being written.
    private var bits: [UInt8] = []
    private var first = [Int](repeating: -1, count: 256)
    private var last = [Int](repeating: -1, count: 256)

    /// An encoder of images of at most `maxColors` colours.
    init(maxColors: Int, ditherAmplitude: Int = 8) {
        quantizer = SixelQuantizer(maxColors: maxColors, ditherAmplitude: ditherAmplitude)
    }

    /// Appends `image` as one sixel sequence, drawn from the cursor's cell, with `holes` left
    /// transparent.
    mutating func encode(_ image: PixelBuffer, holes: CellMask?, into out: inout [UInt8]) {
        guard image.width > 0, image.height > 0 else { return }
        quantizer.quantize(image, holes: holes, into: &indices)
        write(Rect(x: 0, y: 0, width: image.width, height: image.height), imageWidth: image.width, into: &out)
    }

    /// One sixel sequence for each of `pieces` (rectangles of `image`'s pixels), in the one
    /// palette chosen for the whole image, each drawn from the cursor's cell: the picture sent
    /// in parts that leave `holes` uncovered, for a terminal that draws a sixel over the text.
    mutating func encode(_ image: PixelBuffer, holes: CellMask?, pieces: [Rect]) -> [[UInt8]] {
        guard image.width > 0, image.height > 0 else { return [] }
        quantizer.quantize(image, holes: holes, into: &indices)
        return pieces.map { piece in
            var out: [UInt8] = []
            write(piece, imageWidth: image.width, into: &out)
            return out
        }
    }

    /// Appends the sixel sequence of the quantized pixels (``indices``) in `region` of an image
    /// `imageWidth` pixels wide.
    private mutating func write(_ region: Rect, imageWidth: Int, into out: inout [UInt8]) {
        let width = region.width, height = region.height
        guard width > 0, height > 0 else { return }
        out += Array("\u{1B}P0;1;0q\"1;1;\(width);\(height)".utf8)
        for (i, colour) in quantizer.palette.enumerated() {
            out += Array("#\(i);2;\(SixelQuantizer.percent(colour.r));\(SixelQuantizer.percent(colour.g));\(SixelQuantizer.percent(colour.b))".utf8)
        }
        if bits.count < 256 * width { bits = [UInt8](repeating: 0, count: 256 * width) }
        var used: [Int] = []
        used.reserveCapacity(256)
        for top in stride(from: 0, to: height, by: 6) {
            used.removeAll(keepingCapacity: true)
            let bandRows = min(6, height - top)
            indices.withUnsafeBufferPointer { indices in
                bits.withUnsafeMutableBufferPointer { bits in
                    for k in 0..<bandRows {
                        let row = (region.y + top + k) * imageWidth + region.x
                        let bit = UInt8(1) << k
                        for x in 0..<width {
                            let c = Int(indices[row + x])
                            if c == Int(SixelQuantizer.transparent) { continue }
                            bits[c * width + x] |= bit
                            if first[c] < 0 {
                                first[c] = x
                                last[c] = x
                                used.append(c)
                            } else {
                                if x < first[c] { first[c] = x }
                                if x > last[c] { last[c] = x }
                            }
                        }
                    }
                }
            }
            writeBand(used: used, width: width, into: &out)
            // -: down to the next band. None after the last, or an image that ends on the
            // bottom row would move the sixel cursor off the screen and scroll it.
            if top + 6 < height { out.append(0x2D) }
        }
        out += [0x1B, 0x5C]
    }

    /// Appends one band: each colour's row of sixels, from its first to its last column, the
    /// rows separated by `$` (back to the band's start).
    private mutating func writeBand(used: [Int], width: Int, into out: inout [UInt8]) {
        guard !used.isEmpty else { return }
        var budget = 0
        for c in used { budget += 12 + (last[c] - first[c] + 1) + 8 }
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: budget))
        var length = start
        out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var writer = ByteWriter(base: base, count: start)
            bits.withUnsafeMutableBufferPointer { bits in
                for (n, c) in used.enumerated() {
                    if n > 0 { writer.append(0x24) }  // $
                    writer.append(0x23)  // #
                    writer.appendDecimal(c)
                    let row = c * width
                    var run = 0
                    var previous: UInt8 = 0x3F  // ? : no pixel lit
                    @inline(__always) func flush(_ writer: inout ByteWriter) {
                        if run > 3 {
                            writer.append(0x21)  // !
                            writer.appendDecimal(run)
                            writer.append(previous)
                        } else {
                            for _ in 0..<run { writer.append(previous) }
                        }
                    }
                    run = first[c]
                    for x in first[c]...last[c] {
                        let symbol = 0x3F &+ bits[row + x]
                        bits[row + x] = 0
                        if symbol == previous {
                            run += 1
                        } else {
                            flush(&writer)
                            previous = symbol
                            run = 1
                        }
                    }
                    flush(&writer)
                    first[c] = -1
                    last[c] = -1
                }
            }
            length = writer.count
        }
        out.removeLast(out.count - length)
    }
}
