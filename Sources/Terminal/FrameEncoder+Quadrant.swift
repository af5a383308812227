extension FrameEncoder {
    /// The two-colour splits of a 2×2 block worth trying, as a mask of the pixels shown in the
    /// foreground (bit 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right). A split and its
    /// complement look the same with the colours swapped, so only these seven are needed.
    static let quadrantMasks: [UInt8] = [0b0011, 0b0101, 0b1001, 0b0001, 0b0010, 0b0100, 0b1000]

    /// The quadrant block that lights the pixels of each mask (foreground part), by mask value.
    static let quadrantSymbols: [CellSymbol] = {
        let scalars: [UInt32] = [
            0x20, 0x2598, 0x259D, 0x2580, 0x2596, 0x258C, 0x259E, 0x259B,
            0x2597, 0x259A, 0x2590, 0x259C, 0x2584, 0x2599, 0x259F, 0x2588,
        ]
        return scalars.map { CellSymbol(Unicode.Scalar($0)!, wide: false) }
    }()

    /// The quadrant cell for four pixels: top-left, top-right, bottom-left, bottom-right.
    static func quadrantCell(_ a: RGB, _ b: RGB, _ c: RGB, _ d: RGB) -> Cell {
        if a == b && b == c && c == d { return .blank(a) }
        let pixels = (a, b, c, d)
        var bestMask: UInt8 = 0
        var bestError = Int.max
        var bestFg = a, bestBg = a
        for mask in quadrantMasks {
            var fg = Accumulator(), bg = Accumulator()
            withUnsafeBytes(of: pixels) { raw in
                for k in 0..<4 {
                    let p = raw.load(fromByteOffset: k * MemoryLayout<RGB>.stride, as: RGB.self)
                    if mask & (1 << k) != 0 { fg.add(p) } else { bg.add(p) }
                }
            }
            let error = fg.squaredError + bg.squaredError
            if error < bestError {
                bestError = error
                bestMask = mask
                bestFg = fg.mean
                bestBg = bg.mean
            }
        }
        if bestFg == bestBg { return .blank(bestBg) }
        return Cell(symbol: quadrantSymbols[Int(bestMask)], fg: bestFg, bg: bestBg)
    }

    /// Running sums of a group of pixels, for its mean and its squared error about the mean.
    struct Accumulator {
        var count = 0
        var sum = (0, 0, 0)
        var squares = 0

        mutating func add(_ p: RGB) {
            let r = Int(p.r), g = Int(p.g), b = Int(p.b)
            count += 1
            sum.0 += r
            sum.1 += g
            sum.2 += b
            squares += r * r + g * g + b * b
        }

        /// Σ(x − mean)² over the channels, as Σx² − (Σx)²/n.
        var squaredError: Int {
            guard count > 0 else { return 0 }
            return squares - (sum.0 * sum.0 + sum.1 * sum.1 + sum.2 * sum.2) / count
        }

        var mean: RGB {
            guard count > 0 else { return .black }
            let half = count / 2
            return RGB(UInt8((sum.0 + half) / count), UInt8((sum.1 + half) / count), UInt8((sum.2 + half) / count))
        }
    }
}
