import Drawing
@testable import Graphics
import Terminal

/// A small sixel decoder for the tests: what a VT340-like terminal would draw from one sixel
/// sequence (`ESC P … q … ESC \`), at the size its raster attributes declare.
struct SixelDecoder {
    /// The picture: a colour where a pixel was drawn, nil where it was left transparent.
    var width = 0
    var height = 0
    var pixels: [RGB?] = []
    /// The background mode, the sequence's second parameter (1: transparent).
    var backgroundMode = 0
    /// How many bands (`-`) the sequence moved down.
    var lineFeeds = 0

    /// Decodes the first sixel sequence in `bytes`; nil when there is none or it is malformed.
    init?(_ bytes: [UInt8]) {
        guard let start = (0..<max(bytes.count - 1, 0)).first(where: { bytes[$0] == 0x1B && bytes[$0 + 1] == 0x50 }),
              let q = bytes[start...].firstIndex(of: 0x71) else { return nil }
        let parameters = String(decoding: bytes[(start + 2)..<q], as: UTF8.self).split(separator: ";", omittingEmptySubsequences: false)
        backgroundMode = parameters.count > 1 ? Int(parameters[1]) ?? 0 : 0
        var i = q + 1
        var palette = [RGB](repeating: .black, count: 256)
        var colour = 0
        var x = 0, band = 0
        func number() -> Int {
            var value = 0
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) {
                value = value * 10 + Int(bytes[i] - 0x30)
                i += 1
            }
            return value
        }
        func numbers() -> [Int] {
            var values = [number()]
            while i < bytes.count, bytes[i] == 0x3B {
                i += 1
                values.append(number())
            }
            return values
        }
        func put(_ sixel: UInt8, count: Int) {
            let bits = Int(sixel) - 0x3F
            for dx in 0..<count {
                for k in 0..<6 where bits & (1 << k) != 0 {
                    let px = x + dx, py = band * 6 + k
                    if px < width, py < height { pixels[py * width + px] = palette[colour] }
                }
            }
            x += count
        }
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x1B:
                return  // ESC \ ends it
            case 0x22:  // " raster attributes
                i += 1
                let values = numbers()
                guard values.count == 4 else { return nil }
                width = values[2]
                height = values[3]
                pixels = [RGB?](repeating: nil, count: width * height)
            case 0x23:  // # colour
                i += 1
                let values = numbers()
                guard let index = values.first, index < 256 else { return nil }
                if values.count == 5 {
                    guard values[1] == 2 else { return nil }
                    func level(_ p: Int) -> UInt8 { UInt8((min(p, 100) * 255 + 50) / 100) }
                    palette[index] = RGB(level(values[2]), level(values[3]), level(values[4]))
                } else {
                    colour = index
                }
            case 0x21:  // ! repeat
                i += 1
                let count = number()
                guard i < bytes.count, (0x3F...0x7E).contains(bytes[i]) else { return nil }
                put(bytes[i], count: count)
                i += 1
            case 0x24:  // $ carriage return
                x = 0
                i += 1
            case 0x2D:  // - next band
                x = 0
                band += 1
                lineFeeds += 1
                i += 1
            case 0x3F...0x7E:
                put(b, count: 1)
                i += 1
            default:
                return nil
            }
        }
        return nil
    }

    /// The PSNR of the drawn pixels against `image` (transparent ones left out), in dB.
    func psnr(against image: PixelBuffer) -> Double {
        var total = 0.0, count = 0
        for y in 0..<min(height, image.height) {
            for x in 0..<min(width, image.width) {
                guard let drawn = pixels[y * width + x] else { continue }
                let want = image[x, y]
                for (a, b) in [(drawn.r, want.r), (drawn.g, want.g), (drawn.b, want.b)] {
                    let d = Double(a) - Double(b)
                    total += d * d
                }
                count += 3
            }
        }
        guard count > 0 else { return 0 }
        let mse = total / Double(count)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}

#if canImport(Glibc)
import Glibc
#endif
