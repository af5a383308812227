extension PixelBuffer {
    /// The part of this image inside `rect` (clipped to the image), as an image of its own; the
    /// image itself when `rect` covers it.
    public func cropped(to rect: Rect) -> PixelBuffer {
        let area = rect.intersection(bounds)
        if area == bounds { return self }
        var result = PixelBuffer(width: area.width, height: area.height)
        guard !area.isEmpty else { return result }
        result.pixels.withUnsafeMutableBufferPointer { out in
            pixels.withUnsafeBufferPointer { source in
                for row in 0..<area.height {
                    let from = (area.y + row) * width + area.x
                    for i in 0..<area.width { out[row * area.width + i] = source[from + i] }
                }
            }
        }
        return result
    }
}

extension PixelBuffer {
    /// The mean colour of the pixels in `rect` (clipped to the image), rounded; black for none.
    public func mean(of rect: Rect) -> RGB {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return .black }
        var r = 0, g = 0, b = 0
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let p = pixels[y * width + x]
                r += Int(p.r); g += Int(p.g); b += Int(p.b)
            }
        }
        let n = area.width * area.height
        return RGB(UInt8((r + n / 2) / n), UInt8((g + n / 2) / n), UInt8((b + n / 2) / n))
    }
}
