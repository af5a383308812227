/// A frame taken for a screenshot, as mpv handed it back: its `bgr0` rows, and the video's own
/// size to scale it to.
///
/// Taking it is cheap (a copy of mpv's picture); ``still()`` scales it, which at 4K takes about
/// a second, so it is called off the loop.
public struct ScreenshotFrame: Sendable, Equatable {
    /// The size and row stride of ``bytes``, as mpv gave them.
    public var width: Int, height: Int, stride: Int
    /// The pixels, `bgr0`, `stride` bytes a row.
    public var bytes: [UInt8]
    /// The video's own display size, which ``still()`` scales to.
    public var ownWidth: Int, ownHeight: Int

    public init(width: Int, height: Int, stride: Int, bytes: [UInt8], ownWidth: Int, ownHeight: Int) {
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
        self.ownWidth = ownWidth
        self.ownHeight = ownHeight
    }

    /// The frame as RGB at the video's own size: each output pixel the average of the source
    /// area it covers.
    public func still() -> Still {
        let width = max(ownWidth, 1), height = max(ownHeight, 1)
        if self.width % width == 0, self.height % height == 0 { return binned(width: width, height: height) }
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let scaleX = Double(self.width) / Double(width), scaleY = Double(self.height) / Double(height)
        for y in 0..<height {
            let top = Double(y) * scaleY, bottom = top + scaleY
            for x in 0..<width {
                let left = Double(x) * scaleX, right = left + scaleX
                var sums = (0.0, 0.0, 0.0), area = 0.0
                var sourceY = Int(top)
                while Double(sourceY) < bottom, sourceY < self.height {
                    let coverY = min(bottom, Double(sourceY + 1)) - max(top, Double(sourceY))
                    var sourceX = Int(left)
                    while Double(sourceX) < right, sourceX < self.width {
                        let weight = coverY * (min(right, Double(sourceX + 1)) - max(left, Double(sourceX)))
                        let offset = sourceY * stride + sourceX * 4
                        sums.0 += weight * Double(bytes[offset + 2])
                        sums.1 += weight * Double(bytes[offset + 1])
                        sums.2 += weight * Double(bytes[offset])
                        area += weight
                        sourceX += 1
                    }
                    sourceY += 1
                }
                let out = (y * width + x) * 3, scale = area > 0 ? 1 / area : 0
                rgb[out] = UInt8(min(max((sums.0 * scale).rounded(), 0), 255))
                rgb[out + 1] = UInt8(min(max((sums.1 * scale).rounded(), 0), 255))
                rgb[out + 2] = UInt8(min(max((sums.2 * scale).rounded(), 0), 255))
            }
        }
        return Still(width: width, height: height, rgb: rgb)
    }

    /// ``still()`` where each output pixel covers whole source pixels, `width` and `height`
    /// dividing the frame's (the same size, or twice as wide for cells twice as tall as wide):
    /// their plain average, in integers.
    private func binned(width: Int, height: Int) -> Still {
        let across = self.width / width, down = self.height / height, count = across * down
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        rgb.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    for x in 0..<width {
                        var red = 0, green = 0, blue = 0
                        for row in (y * down)..<((y + 1) * down) {
                            var offset = row * stride + x * across * 4
                            for _ in 0..<across {
                                blue += Int(source[offset])
                                green += Int(source[offset + 1])
                                red += Int(source[offset + 2])
                                offset += 4
                            }
                        }
                        let target = (y * width + x) * 3
                        out[target] = UInt8((red + count / 2) / count)
                        out[target + 1] = UInt8((green + count / 2) / count)
                        out[target + 2] = UInt8((blue + count / 2) / count)
                    }
                }
            }
        }
        return Still(width: width, height: height, rgb: rgb)
    }
}
