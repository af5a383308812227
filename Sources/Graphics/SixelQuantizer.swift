import Drawing
import Terminal

/// Chooses a palette for each sixel image and maps its pixels to it, so that a video keeps its
/// colours from frame to frame.
///
/// - **The palette** is a k-means clustering of the frame's colours, on a histogram of 5-bit
///   bins (32,768; each keeps its pixels' count and colour sums, so a cluster's centre is the
///   mean of its real pixels). The first frame starts from a median cut; each later frame starts
///   from the last palette and moves it one step, so a still scene keeps its palette and nothing
///   shimmers. Colours no bin chose (after a cut to another scene) are moved to the bins served
///   worst. Centres are kept as the terminal will show them (sixel colours are whole
///   percentages), so that the mapping sees the colours that will be seen.
/// - **The mapping** goes through the bins: every pixel of a bin takes the colour nearest the
///   bin's mean. A small ordered (Bayer 8×8) dither is added before binning, the same at every
///   pixel position in every frame, so gradients do not band and still areas never crawl, as
///   error diffusion's would.
struct SixelQuantizer {
    /// The index that marks a pixel left transparent.
    static let transparent: UInt8 = 255
    /// The bins: 5 bits a channel.
    static let binCount = 1 << 15

    /// The most colours in the palette (at most 255: index 255 is ``transparent``).
    let maxColors: Int
    /// The dither's amplitude in channel levels: each pixel moves by at most half of it.
    let ditherAmplitude: Int
    /// The palette of the last image, as the terminal shows it.
    private(set) var palette: [RGB] = []

    private var stamp: UInt32 = 0
    private var binStamp = [UInt32](repeating: 0, count: SixelQuantizer.binCount)
    private var binPixels = [UInt32](repeating: 0, count: SixelQuantizer.binCount)
    private var binSums = [UInt32](repeating: 0, count: 3 * SixelQuantizer.binCount)
    private var binColour = [UInt8](repeating: 0, count: SixelQuantizer.binCount)
    /// The bins used by this frame, and each one's mean colour and pixel count.
    private var used: [Int32] = []
    private var means: [RGB] = []
    private var weights: [Int] = []
    /// Each pixel's bin, for the mapping after the palette is known.
    private var pixelBins: [UInt16] = []
    /// The dither offset at each position of the 8×8 tile.
    private let offsets: [Int16]

    /// A quantiser to at most `maxColors` colours (clamped to 2…255).
    init(maxColors: Int, ditherAmplitude: Int = 8) {
        self.maxColors = min(max(maxColors, 2), 255)
        self.ditherAmplitude = max(ditherAmplitude, 0)
        offsets = SixelQuantizer.bayer.map { Int16((2 * Int($0) - 63) * max(ditherAmplitude, 0) / 128) }
    }

    /// The 8×8 Bayer matrix, 0…63.
    static let bayer: [UInt8] = {
        var m: [[Int]] = [[0]]
        while m.count < 8 {
            let n = m.count
            var next = [[Int]](repeating: [Int](repeating: 0, count: 2 * n), count: 2 * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y][x]
                    next[y][x] = v
                    next[y][x + n] = v + 2
                    next[y + n][x] = v + 3
                    next[y + n][x + n] = v + 1
                }
            }
            m = next
        }
        return m.flatMap { $0.map(UInt8.init) }
    }()

    /// Maps `image` to palette indices (row-major, one byte a pixel), after moving the palette
    /// for it; pixels in `holes` become ``transparent`` and do not count for the palette.
    mutating func quantize(_ image: PixelBuffer, holes: CellMask?, into indices: inout [UInt8]) {
        let count = image.width * image.height
        if indices.count != count { indices = [UInt8](repeating: 0, count: count) }
        if pixelBins.count != count { pixelBins = [UInt16](repeating: 0, count: count) }
        gatherBins(image, holes: holes)
        guard !used.isEmpty else {
            for i in 0..<count { indices[i] = SixelQuantizer.transparent }
            return
        }
        var centres = palette
        if centres.isEmpty {
            centres = medianCut()
        } else {
            centres = kMeansStep(centres)
        }
        palette = centres.map(SixelQuantizer.shown)
        let search = NearestColour(palette)
        for (k, bin) in used.enumerated() { binColour[Int(bin)] = UInt8(search.nearest(means[k])) }
        let transparent = SixelQuantizer.transparent
        binColour.withUnsafeBufferPointer { colours in
            pixelBins.withUnsafeBufferPointer { bins in
                indices.withUnsafeMutableBufferPointer { out in
                    for p in 0..<count { out[p] = colours[Int(bins[p])] }
                    guard let holes else { return }
                    holes.forEachHolePixelRun(imageWidth: image.width) { start, end in
                        for p in start..<end { out[p] = transparent }
                    }
                }
            }
        }
    }

    /// The colour the terminal shows for `colour` sent as sixel percentages.
    static func shown(_ colour: RGB) -> RGB {
        RGB(level(percent(colour.r)), level(percent(colour.g)), level(percent(colour.b)))
    }

    /// A channel as a whole percentage, rounded.
    static func percent(_ value: UInt8) -> Int { (Int(value) * 100 + 127) / 255 }

    /// A whole percentage as a channel, rounded.
    static func level(_ percent: Int) -> UInt8 { UInt8((percent * 255 + 50) / 100) }

    // MARK: The histogram

    /// Bins every pixel outside the holes, dithered, and notes each pixel's bin.
    private mutating func gatherBins(_ image: PixelBuffer, holes: CellMask?) {
        stamp &+= 1
        if stamp == 0 {
            for i in binStamp.indices { binStamp[i] = 0 }
            stamp = 1
        }
        used.removeAll(keepingCapacity: true)
        let width = image.width, height = image.height
        let current = stamp
        image.pixels.withUnsafeBufferPointer { pixels in
            offsets.withUnsafeBufferPointer { offsets in
                binStamp.withUnsafeMutableBufferPointer { stamps in
                    binPixels.withUnsafeMutableBufferPointer { counts in
                        binSums.withUnsafeMutableBufferPointer { sums in
                            pixelBins.withUnsafeMutableBufferPointer { bins in
                                for y in 0..<height {
                                    let tile = (y & 7) << 3
                                    let row = y * width
                                    for x in 0..<width {
                                        let pixel = pixels[row + x]
                                        let d = offsets[tile | (x & 7)]
                                        @inline(__always) func dithered(_ v: UInt8) -> Int {
                                            min(max(Int(v) + Int(d), 0), 255)
                                        }
                                        let r = dithered(pixel.r), g = dithered(pixel.g), b = dithered(pixel.b)
                                        let bin = (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3)
                                        bins[row + x] = UInt16(bin)
                                        if holes?.isHole(x: x, y: y) == true { continue }
                                        if stamps[bin] != current {
                                            stamps[bin] = current
                                            counts[bin] = 0
                                            sums[3 * bin] = 0; sums[3 * bin + 1] = 0; sums[3 * bin + 2] = 0
                                            used.append(Int32(bin))
                                        }
                                        counts[bin] &+= 1
                                        sums[3 * bin] &+= UInt32(r); sums[3 * bin + 1] &+= UInt32(g); sums[3 * bin + 2] &+= UInt32(b)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        means.removeAll(keepingCapacity: true)
        weights.removeAll(keepingCapacity: true)
        for bin in used.map(Int.init) {
            let n = binPixels[bin]
            let half = n / 2
            means.append(RGB(UInt8((binSums[3 * bin] + half) / n), UInt8((binSums[3 * bin + 1] + half) / n),
                             UInt8((binSums[3 * bin + 2] + half) / n)))
            weights.append(Int(n))
        }
    }

    // MARK: The palette

    /// A first palette: the bins split by median cut into at most ``maxColors`` boxes, each
    /// box's weighted mean.
    private func medianCut() -> [RGB] {
        var order = Array(0..<used.count)
        var boxes: [(start: Int, end: Int, score: Int, axis: Int)] = []
        func box(_ start: Int, _ end: Int) -> (start: Int, end: Int, score: Int, axis: Int) {
            var low = [255, 255, 255], high = [0, 0, 0], total = 0
            for k in order[start..<end] {
                let c = means[k]
                let channels = [Int(c.r), Int(c.g), Int(c.b)]
                for a in 0..<3 {
                    low[a] = min(low[a], channels[a])
                    high[a] = max(high[a], channels[a])
                }
                total += weights[k]
            }
            let ranges = (0..<3).map { high[$0] - low[$0] }
            let axis = ranges.firstIndex(of: ranges.max() ?? 0) ?? 0
            return (start, end, end - start > 1 ? total * ranges[axis] : -1, axis)
        }
        boxes.append(box(0, order.count))
        while boxes.count < maxColors {
            guard let pick = boxes.indices.max(by: { boxes[$0].score < boxes[$1].score }), boxes[pick].score > 0 else { break }
            let (start, end, _, axis) = boxes[pick]
            order[start..<end].sort { channel(means[$0], axis) < channel(means[$1], axis) }
            let total = order[start..<end].reduce(0) { $0 + weights[$1] }
            var split = start + 1, running = weights[order[start]]
            while split < end - 1 && running * 2 < total {
                running += weights[order[split]]
                split += 1
            }
            boxes[pick] = box(start, split)
            boxes.append(box(split, end))
        }
        return boxes.map { mean(of: order[$0.start..<$0.end]) }
    }

    /// One k-means step from `centres`: each bin goes to its nearest centre, each centre moves to
    /// its bins' weighted mean, and centres no bin chose move to the bins served worst.
    private func kMeansStep(_ centres: [RGB]) -> [RGB] {
        let search = NearestColour(centres)
        var sums = [Int](repeating: 0, count: 3 * centres.count)
        var counts = [Int](repeating: 0, count: centres.count)
        var errors: [(error: Int, bin: Int)] = []
        errors.reserveCapacity(used.count)
        for k in 0..<used.count {
            let c = means[k], w = weights[k]
            let (index, distance) = search.nearestWithDistance(c)
            sums[3 * index] += Int(c.r) * w; sums[3 * index + 1] += Int(c.g) * w; sums[3 * index + 2] += Int(c.b) * w
            counts[index] += w
            errors.append((distance * w, k))
        }
        var next = centres
        var empty: [Int] = []
        for i in 0..<centres.count {
            let n = counts[i]
            if n == 0 {
                empty.append(i)
                continue
            }
            next[i] = RGB(UInt8((sums[3 * i] + n / 2) / n), UInt8((sums[3 * i + 1] + n / 2) / n), UInt8((sums[3 * i + 2] + n / 2) / n))
        }
        // Room for more colours (a palette from a plainer frame) counts as empty too.
        if next.count < maxColors {
            empty += next.count..<maxColors
            next += repeatElement(RGB.black, count: maxColors - next.count)
        }
        if !empty.isEmpty {
            let worst = errors.filter { $0.error > 0 }.sorted { $0.error > $1.error }.prefix(empty.count)
            for (slot, candidate) in zip(empty, worst) { next[slot] = means[candidate.bin] }
            // Slots nothing could fill go: a palette only holds colours in use.
            if worst.count < empty.count {
                let unfilled = Set(empty[worst.count...])
                next = next.enumerated().filter { !unfilled.contains($0.offset) }.map(\.element)
            }
        }
        return next
    }

    /// The weighted mean colour of bins `items` (indices into ``used``).
    private func mean(of items: ArraySlice<Int>) -> RGB {
        var r = 0, g = 0, b = 0, n = 0
        for k in items {
            let c = means[k], w = weights[k]
            r += Int(c.r) * w; g += Int(c.g) * w; b += Int(c.b) * w; n += w
        }
        guard n > 0 else { return .black }
        return RGB(UInt8((r + n / 2) / n), UInt8((g + n / 2) / n), UInt8((b + n / 2) / n))
    }

    private func channel(_ c: RGB, _ axis: Int) -> UInt8 { axis == 0 ? c.r : axis == 1 ? c.g : c.b }
}

/// The nearest of a set of colours by squared RGB distance, found by searching outward along
/// green (the colours sorted by it) until green alone is farther than the best.
struct NearestColour {
    private let order: [Int]
    private let greens: [Int32]
    private let reds: [Int32]
    private let blues: [Int32]

    init(_ colours: [RGB]) {
        order = colours.indices.sorted { colours[$0].g < colours[$1].g }
        greens = order.map { Int32(colours[$0].g) }
        reds = order.map { Int32(colours[$0].r) }
        blues = order.map { Int32(colours[$0].b) }
    }

    /// The index of the colour nearest `c`.
    func nearest(_ c: RGB) -> Int { nearestWithDistance(c).index }

    /// The index of the colour nearest `c`, and its squared distance.
    func nearestWithDistance(_ c: RGB) -> (index: Int, distance: Int) {
        let n = greens.count
        guard n > 0 else { return (0, Int.max) }
        let r = Int32(c.r), g = Int32(c.g), b = Int32(c.b)
        var low = 0, high = n
        while low < high {
            let mid = (low + high) / 2
            if greens[mid] < g { low = mid + 1 } else { high = mid }
        }
        var best = Int32.max, bestIndex = 0
        var up = low, down = low - 1
        while up < n || down >= 0 {
            if up < n {
                let dg = greens[up] - g
                if dg * dg >= best {
                    up = n
                } else {
                    let dr = reds[up] - r, db = blues[up] - b
                    let d = dg * dg + dr * dr + db * db
                    if d < best { best = d; bestIndex = up }
                    up += 1
                }
            }
            if down >= 0 {
                let dg = g - greens[down]
                if dg * dg >= best {
                    down = -1
                } else {
                    let dr = reds[down] - r, db = blues[down] - b
                    let d = dg * dg + dr * dr + db * db
                    if d < best { best = d; bestIndex = down }
                    down -= 1
                }
            }
        }
        return (order[bestIndex], Int(best))
    }
}
