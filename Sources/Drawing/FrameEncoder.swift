/// Turns a ``PixelBuffer`` into cells of a ``Canvas``, several pixels per cell, or in pixel mode
/// places it on the canvas's graphics surface as the terminal's own pixels.
public struct FrameEncoder: Sendable, Hashable {
    /// How pixels map to a cell.
    public enum Blitter: Sendable, Hashable {
        /// 1×2 pixels per cell: `▀` with the top pixel in the foreground and the bottom one in the
        /// background, or a blank when both are equal.
        case half
        /// 4×8 samples per cell, drawn as the sextant fit draws them but with Unicode's Block
        /// Elements alone (U+2580–259F, which every terminal that draws quadrants draws): the
        /// halves `▀ ▌`, the quadrants `▘ ▝ ▖ ▗ ▚` and the ⅛ blocks `▁…▇`, `▏…▉` (with their
        /// complements, the colours swapped).
        case quadrant
        /// 4×8 samples per cell, drawn with the glyph that splits them best in two
        /// (``FrameEncoder/sextantCell(_:origin:width:)``): the sextants (U+1FB00–U+1FB3B, with
        /// `▌ ▐`), `▀ ▄`, the quadrants and the ⅛ blocks `▁…▇`, `▏…▉`.
        case sextant
        /// 4×8 samples per cell in eight parts of 2×2, drawn with Unicode 16's octants
        /// (U+1CD00–U+1CDE5, and the older glyphs for the other 26 patterns), the best split
        /// along the cell's main colour axis (``FrameEncoder/octantCell(_:origin:width:)``).
        case octant
        /// The terminal's own pixels, `width` × `height` a cell (kitty graphics or sixel): the
        /// image goes on the canvas's graphics surface (``Canvas/placeImage(_:at:cellWidth:cellHeight:)``)
        /// and its cells become see-through blanks.
        case pixels(width: Int, height: Int)

        /// Pixels per cell across.
        @inlinable public var pixelsPerColumn: Int {
            switch self {
            case .half: 1
            case .quadrant, .sextant, .octant: 4
            case .pixels(let width, _): max(width, 1)
            }
        }
        /// Pixels per cell down.
        @inlinable public var pixelsPerRow: Int {
            switch self {
            case .half: 2
            case .quadrant, .sextant, .octant: 8
            case .pixels(_, let height): max(height, 1)
            }
        }

        /// How many times larger each way mpv should render the picture, for reel to average
        /// back: 3 for half blocks, whose two pixels a cell a scaler would sample rather than
        /// average (0.1 dB under timg's area-scaled pictures at 1); 1 for the rest, whose 4×8
        /// samples a cell already hold what the cell's fit needs.
        public var supersampling: Int {
            switch self {
            case .half: 3
            case .quadrant, .sextant, .octant, .pixels: 1
            }
        }

        /// The step, in this blitter's pixels across and down, on which a letterboxed
        /// picture's edges go. Sextants and octants: whole cells down and half cells across.
        /// kitty splits a sextant cell's 16 rows at 5/5/6, which no row of samples meets, so a
        /// picture whose top fell two samples into a cell (mpv's own centring of 16:9 at 100x30)
        /// made that row of cells draw the bar's edge with glyphs; octants share the sextants'
        /// place, and quadrants (the same samples) too. Half blocks: any pixel, since their glyph
        /// splits on them.
        public var pictureGrain: (across: Int, down: Int) {
            switch self {
            case .quadrant, .sextant, .octant: (2, 8)
            case .half, .pixels: (1, 1)
            }
        }

        /// A short name: `half`, `quadrant`, `sextant`, `octant` or `pixels`.
        public var name: String {
            switch self {
            case .half: "half"
            case .quadrant: "quadrant"
            case .sextant: "sextant"
            case .octant: "octant"
            case .pixels: "pixels"
            }
        }

        /// Whether the blitter draws cells (not the terminal's pixels).
        @inlinable public var drawsCells: Bool {
            if case .pixels = self { false } else { true }
        }
    }

    /// The pixel-to-cell mapping in use.
    public var blitter: Blitter
    /// Dither the picture to the 256-colour palette (ordered, so it holds still from frame to
    /// frame), for a terminal that shows only those: without it, smooth ramps show as bands.
    public var dithersToPalette = false
    /// The terminal's cell, whose glyphs the sextant fit models.
    public let cell: CellModel
    /// The sextant fit's tables for `cell`, or nil for 8 × 16 (the fit's constant tables, which
    /// hold every glyph); the quadrant blitter's always, limited to Block Elements.
    let sextantModel: SextantModel?

    /// Creates an encoder for cells of `cell` (8 × 16, assumed, if not given).
    public init(blitter: Blitter = .half, dithersToPalette: Bool = false, cell: CellModel = .assumed) {
        self.blitter = blitter
        self.dithersToPalette = dithersToPalette
        self.cell = cell
        switch blitter {
        case .sextant where !cell.isBuiltIn: sextantModel = SextantModel(size: cell.size)
        case .quadrant: sextantModel = SextantModel(size: cell.size, glyphs: .blockElements)
        default: sextantModel = nil
        }
    }

    public static func == (a: FrameEncoder, b: FrameEncoder) -> Bool {
        a.blitter == b.blitter && a.dithersToPalette == b.dithersToPalette && a.cell == b.cell
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(blitter)
        hasher.combine(dithersToPalette)
        hasher.combine(cell)
    }

    /// The step, in the blitter's pixels across and down, on which a letterboxed picture's edges
    /// go: the blitter's (``Blitter/pictureGrain``), but whole cells across for quadrants,
    /// sextants and octants on a cell of odd width, which kitty splits at half its width rounded down, off
    /// the half-cell edge of the samples (a pillarbox's edge there would be drawn with glyphs).
    public var pictureGrain: (across: Int, down: Int) {
        let grain = blitter.pictureGrain
        guard blitter != .half, blitter.drawsCells, cell.size.width % 2 == 1 else { return grain }
        return (blitter.pixelsPerColumn, grain.down)
    }

    /// The image size, in pixels, that exactly covers `columns` × `rows` cells.
    public func pixelSize(columns: Int, rows: Int) -> (width: Int, height: Int) {
        (columns * blitter.pixelsPerColumn, rows * blitter.pixelsPerRow)
    }

    /// The width-to-height ratio of one encoder pixel on screen, for cells of `cellAspect`
    /// (``TerminalSize/cellAspect``): what to give mpv as `monitorpixelaspect`. With 1:2 cells a
    /// half-block pixel is square (1.0) and a sample of the 4×8 blitters too.
    public func pixelAspect(cellAspect: Double) -> Double {
        cellAspect * Double(blitter.pixelsPerRow) / Double(blitter.pixelsPerColumn)
    }

    /// Encodes `image` into the cells of `rect` on `canvas`, clipped to the canvas and to `clip`
    /// (a picture scrolled partly out of its list shows the part inside).
    ///
    /// The image should be ``pixelSize(columns:rows:)`` of the rect; cells whose pixels fall
    /// outside a smaller image are left unchanged.
    public func encode(_ image: PixelBuffer, into canvas: inout Canvas, at rect: Rect, clip: Rect? = nil) {
        var area = rect.intersection(canvas.bounds)
        if let clip { area = area.intersection(clip) }
        let sx = blitter.pixelsPerColumn, sy = blitter.pixelsPerRow
        let columns = min(area.maxX, rect.x + image.width / sx) - area.x
        let rowsEnd = min(area.maxY, rect.y + image.height / sy)
        guard columns > 0, rowsEnd > area.y else { return }
        if case .pixels = blitter {
            // The visible cells' pixels, whole cells only.
            let shown = Rect(x: (area.x - rect.x) * sx, y: (area.y - rect.y) * sy, width: columns * sx,
                             height: (rowsEnd - area.y) * sy)
            canvas.placeImage(image.cropped(to: shown), at: Rect(x: area.x, y: area.y, width: columns, height: rowsEnd - area.y),
                              cellWidth: sx, cellHeight: sy)
            return
        }
        for y in area.y..<rowsEnd {
            canvas.breakPairs(row: y, from: area.x, to: area.x + columns)
        }
        let canvasWidth = canvas.width
        let imageWidth = image.width
        let blitter = self.blitter, model = sextantModel
        var image = image
        if dithersToPalette {
            // Each pixel at its place in the image, so a still picture dithers the same way each time.
            let rows = (area.y - rect.y) * sy..<min((rowsEnd - rect.y) * sy, image.height)
            let first = (area.x - rect.x) * sx, last = min(first + columns * sx, image.width)
            for y in rows {
                for x in first..<last { image[x, y] = Palette256.dithered(image[x, y], x: x, y: y) }
            }
        }
        image.pixels.withUnsafeBufferPointer { pixels in
            canvas.cells.withUnsafeMutableBufferPointer { cells in
                for y in area.y..<rowsEnd {
                    let top = (y - rect.y) * sy * imageWidth + (area.x - rect.x) * sx
                    let out = y * canvasWidth + area.x
                    switch blitter {
                    case .half:
                        for i in 0..<columns {
                            cells[out + i] = FrameEncoder.halfCell(pixels[top + i], pixels[top + imageWidth + i])
                        }
                    case .quadrant, .sextant:
                        FrameEncoder.sextantRow(pixels, origin: top, width: imageWidth, count: columns, into: cells, at: out,
                                                model: model)
                    case .octant:
                        for i in 0..<columns {
                            cells[out + i] = FrameEncoder.octantCell(pixels, origin: top + 4 * i, width: imageWidth)
                        }
                    case .pixels:
                        break  // placed as an image above
                    }
                }
            }
        }
    }

    /// The half-block cell for a top and a bottom pixel.
    @inlinable
    public static func halfCell(_ top: RGB, _ bottom: RGB) -> Cell {
        top == bottom ? .blank(bottom) : Cell(symbol: .upperHalf, fg: top, bg: bottom)
    }
}
