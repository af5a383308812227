import Foundation

extension Screenshot {
    /// The picture's box within `area` (x, y, width, height; the whole screenshot by default):
    /// the rows and the columns of which most pixels are lit (above `threshold` in some channel),
    /// so that a glyph on the black around the picture is not taken for it.
    func pictureBox(in area: (x: Int, y: Int, width: Int, height: Int)? = nil,
                    threshold: Int = 4) -> (x: Int, y: Int, width: Int, height: Int)? {
        let area = area ?? (0, 0, width, height)
        func lit(_ x: Int, _ y: Int) -> Bool {
            let p = self[x, y]
            return max(p.r, p.g, p.b) > threshold
        }
        let xs = area.x..<(area.x + area.width), ys = area.y..<(area.y + area.height)
        let rows = ys.filter { y in xs.filter { lit($0, y) }.count * 2 > area.width }
        let columns = xs.filter { x in ys.filter { lit(x, $0) }.count * 2 > area.height }
        guard let top = rows.first, let bottom = rows.last, let left = columns.first, let right = columns.last else { return nil }
        return (left, top, right - left + 1, bottom - top + 1)
    }

    /// The PSNR (dB) of the picture on the screen against the frame of `clip` at `time`, as
    /// FFmpeg decodes it and scales it (area averaging) to the picture's box in `area`; nil
    /// without a box. A dark edge of the picture may be taken for the black around it, so boxes
    /// up to 2 pixels wider and taller, and 1 pixel up or left, are tried too: the best counts.
    func psnr(against clip: String, at time: Double, in area: (x: Int, y: Int, width: Int, height: Int)? = nil,
              folder: URL) throws -> Double? {
        guard let found = pictureBox(in: area) else { return nil }
        var best: Double?
        for grow in [(0, 0), (1, 0), (0, 1), (1, 1), (2, 0), (0, 2), (2, 1), (1, 2), (2, 2)] {
            let (width, height) = (found.width + grow.0, found.height + grow.1)
            let file = folder.appendingPathComponent("reference-\(UInt32.random(in: 0...UInt32.max)).rgb").path
            defer { unlink(file) }
            try Subprocess.run("/usr/bin/ffmpeg", ["-v", "error", "-nostdin", "-ss", "\(time)", "-i", clip, "-frames:v", "1",
                                                   "-vf", "scale=\(width):\(height):flags=area+accurate_rnd+full_chroma_int",
                                                   "-f", "rawvideo", "-pix_fmt", "rgb24", "-y", file], captureOutput: false)
            let reference = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            guard reference.count == width * height * 3 else { continue }
            for shift in [(0, 0), (-1, 0), (0, -1), (-1, -1)] {
                let score = psnr(of: (found.x + shift.0, found.y + shift.1, width, height), against: reference)
                if score > (best ?? -1) { best = score }
            }
        }
        return best
    }

    /// The PSNR (dB) of the pixels in `box` against `reference` (RGB rows of the box's size).
    private func psnr(of box: (x: Int, y: Int, width: Int, height: Int), against reference: [UInt8]) -> Double {
        var sum = 0.0
        for y in 0..<box.height {
            for x in 0..<box.width {
                let p = self[box.x + x, box.y + y]
                let i = 3 * (y * box.width + x)
                let d = (Double(p.r - Int(reference[i])), Double(p.g - Int(reference[i + 1])), Double(p.b - Int(reference[i + 2])))
                sum += d.0 * d.0 + d.1 * d.1 + d.2 * d.2
            }
        }
        let mse = sum / Double(box.width * box.height * 3)
        return mse < 1e-9 ? 99 : 10 * log10(255 * 255 / mse)
    }
}
