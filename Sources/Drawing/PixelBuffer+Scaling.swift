extension PixelBuffer {
    /// This image resized to `width` × `height` with bilinear filtering (the same image when the
    /// size is already right; a black one when this one is empty).
    public func scaled(toWidth width: Int, height: Int) -> PixelBuffer {
        if width == self.width, height == self.height { return self }
        var result = PixelBuffer(width: width, height: height)
        guard self.width > 0, self.height > 0, width > 0, height > 0 else { return result }
        let stepX = Double(self.width) / Double(width)
        let stepY = Double(self.height) / Double(height)
        for y in 0..<height {
            let sourceY = min(max((Double(y) + 0.5) * stepY - 0.5, 0), Double(self.height - 1))
            let top = Int(sourceY), bottom = min(top + 1, self.height - 1)
            let fy = sourceY - Double(top)
            for x in 0..<width {
                let sourceX = min(max((Double(x) + 0.5) * stepX - 0.5, 0), Double(self.width - 1))
                let left = Int(sourceX), right = min(left + 1, self.width - 1)
                let fx = sourceX - Double(left)
                let upper = self[left, top].blended(with: self[right, top], alpha: fx)
                let lower = self[left, bottom].blended(with: self[right, bottom], alpha: fx)
                result[x, y] = upper.blended(with: lower, alpha: fy)
            }
        }
        return result
    }
}
