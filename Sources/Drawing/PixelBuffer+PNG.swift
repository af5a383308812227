import CZlib

extension PixelBuffer {
    /// The image as a PNG file: 8-bit RGB, no interlace, filter 0 on every row, the pixels in
    /// one zlib stream, compressed at zlib's `level` (6 by default; 1 for video, where time
    /// counts). Nil for an empty image or when zlib fails. For `mpris:artUrl` (desktop widgets
    /// read PNG, not reel's own thumbnail records) and iTerm2's inline images.
    public func pngData(level: Int32 = 6) -> [UInt8]? {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(width * height * 3)
        for pixel in pixels { rgb.append(pixel.r); rgb.append(pixel.g); rgb.append(pixel.b) }
        return PixelBuffer.png(rgb: rgb, width: width, height: height, level: level)
    }

    /// Packed RGB rows (3 bytes a pixel) as a PNG file, as ``pngData(level:)`` writes it; nil for an
    /// empty image, too few bytes, or when zlib fails. Rows are copied whole, so a 4K
    /// screenshot's 25 MB cost a copy, not a call per pixel.
    public static func png(rgb: [UInt8], width: Int, height: Int, level: Int32 = 6) -> [UInt8]? {
        guard width > 0, height > 0, rgb.count >= width * height * 3 else { return nil }
        let row = width * 3
        // Each row after its filter byte (0, none).
        var raw = [UInt8](repeating: 0, count: height * (row + 1))
        raw.withUnsafeMutableBytes { out in
            rgb.withUnsafeBytes { source in
                for y in 0..<height {
                    let start = y * (row + 1) + 1
                    UnsafeMutableRawBufferPointer(rebasing: out[start..<(start + row)])
                        .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[(y * row)..<((y + 1) * row)]))
                }
            }
        }
        guard let compressed = raw.withUnsafeBytes({ Deflate.compress($0, level: level) }) else { return nil }
        var header: [UInt8] = []
        PixelBuffer.appendBigEndian(UInt32(width), to: &header)
        PixelBuffer.appendBigEndian(UInt32(height), to: &header)
        header += [8, 2, 0, 0, 0]  // depth 8, truecolour, deflate, filter 0, no interlace
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        PixelBuffer.appendChunk("IHDR", header, to: &png)
        PixelBuffer.appendChunk("IDAT", compressed, to: &png)
        PixelBuffer.appendChunk("IEND", [], to: &png)
        return png
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to png: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &png)
        let typed = Array(type.utf8) + data
        png += typed
        let checksum = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        appendBigEndian(UInt32(truncatingIfNeeded: checksum), to: &png)
    }

    private static func appendBigEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
