import CMpv

extension MpvPlayer {
    /// The frame showing now, as RGB at the video's own size (what mpv's `screenshot video` writes), with
    /// the subtitles drawn on it when `subtitles` (mpv's `screenshot subtitles`).
    ///
    /// Two of reel's own settings stand in the way and are undone around the shot: text subtitles
    /// are not drawn by mpv (`sub-visibility=no`, reel draws them as text), so they are shown for
    /// the shot; and the `setsar` filter that lays the picture out for the terminal's cells
    /// stretches what mpv hands back to those cells' shape, so the picture is scaled back to the
    /// video's own shape.
    public func screenshot(subtitles: Bool) throws(MpvError) -> Still {
        let hidden = subtitles && handle.flag("sub-visibility") == false
        if hidden { try handle.setProperty("sub-visibility", true) }
        defer { if hidden { try? handle.setProperty("sub-visibility", false) } }
        let raw: (width: Int, height: Int, stride: Int, bytes: [UInt8])? = try handle.command(
            ["screenshot-raw", subtitles ? "subtitles" : "video"]) { Self.rawImage($0) }
        guard let raw, raw.width > 0, raw.height > 0 else { throw MpvError(code: MPV_ERROR_COMMAND.rawValue, operation: "screenshot-raw", detail: "no picture to take") }
        let own = ownSize(shown: (raw.width, raw.height))
        return Self.scaled(raw, to: own)
    }

    /// The video's own display size, from the size mpv hands back: the pixel-aspect filter's
    /// stretch undone (``pixelAspectFilter(_:)`` divides the sample aspect by the cells' shape).
    func ownSize(shown: (width: Int, height: Int)) -> (width: Int, height: Int) {
        guard let filter = Self.pixelAspectFilter(configuration.pixelAspect), !filter.isEmpty,
              let width = handle.int64("video-out-params/w"), let height = handle.int64("video-out-params/h"),
              let par = handle.double("video-out-params/par"), par > 0 else { return shown }
        let own = par * configuration.pixelAspect
        if own > 1 { return (Int((Double(width) * own).rounded()), Int(height)) }
        if own < 1 { return (Int(width), Int((Double(height) / own).rounded())) }
        return (Int(width), Int(height))
    }

    /// `screenshot-raw`'s map: its size, row stride and `bgr0` bytes.
    static func rawImage(_ node: mpv_node) -> (width: Int, height: Int, stride: Int, bytes: [UInt8])? {
        guard node.format == MPV_FORMAT_NODE_MAP, let map = node.u.list?.pointee else { return nil }
        var width = 0, height = 0, stride = 0, format = "", bytes: [UInt8] = []
        for index in 0..<Int(max(map.num, 0)) {
            guard let key = map.keys?[index], let value = map.values?[index] else { continue }
            switch (String(cString: key), value.format) {
            case ("w", MPV_FORMAT_INT64): width = Int(value.u.int64)
            case ("h", MPV_FORMAT_INT64): height = Int(value.u.int64)
            case ("stride", MPV_FORMAT_INT64): stride = Int(value.u.int64)
            case ("format", MPV_FORMAT_STRING): format = value.u.string.map { String(cString: $0) } ?? ""
            case ("data", MPV_FORMAT_BYTE_ARRAY):
                if let array = value.u.ba?.pointee, let data = array.data {
                    bytes = Array(UnsafeRawBufferPointer(start: data, count: array.size))
                }
            default: break
            }
        }
        guard format == "bgr0", width > 0, height > 0, stride >= width * 4, bytes.count >= stride * height else { return nil }
        return (width, height, stride, bytes)
    }

    /// `raw` (bgr0) as RGB at `size`: each output pixel the average of the source area it covers.
    static func scaled(_ raw: (width: Int, height: Int, stride: Int, bytes: [UInt8]), to size: (width: Int, height: Int)) -> Still {
        let width = max(size.width, 1), height = max(size.height, 1)
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        let scaleX = Double(raw.width) / Double(width), scaleY = Double(raw.height) / Double(height)
        for y in 0..<height {
            let top = Double(y) * scaleY, bottom = top + scaleY
            for x in 0..<width {
                let left = Double(x) * scaleX, right = left + scaleX
                var sums = (0.0, 0.0, 0.0), area = 0.0
                var sourceY = Int(top)
                while Double(sourceY) < bottom, sourceY < raw.height {
                    let coverY = min(bottom, Double(sourceY + 1)) - max(top, Double(sourceY))
                    var sourceX = Int(left)
                    while Double(sourceX) < right, sourceX < raw.width {
                        let weight = coverY * (min(right, Double(sourceX + 1)) - max(left, Double(sourceX)))
                        let offset = sourceY * raw.stride + sourceX * 4
                        sums.0 += weight * Double(raw.bytes[offset + 2])
                        sums.1 += weight * Double(raw.bytes[offset + 1])
                        sums.2 += weight * Double(raw.bytes[offset])
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
}
