import CBlitter

/// The terminal's cell as the sextant fit models it: its size in pixels, and whether the terminal
/// said so. kitty draws each block glyph on the cell's own pixels (a sextant's rows split at a
/// third and two thirds of the height rounded down, the quadrants at half, the ⅛ blocks on
/// eighths of whole pixels), so the share of each of the 4 × 8 samples a glyph covers depends on
/// the size. Where nothing says (no pixel size from the terminal, some multiplexers), 8 × 16
/// (kitty's and xterm's common one) is assumed.
public struct CellModel: Sendable, Hashable, CustomStringConvertible {
    /// The cell's size in pixels.
    public var size: PixelSize
    /// Whether the terminal reported the size (else it is assumed).
    public var reported: Bool

    /// The model where the terminal has not said: 8 × 16, assumed.
    public static let assumed = CellModel(size: PixelSize(width: 8, height: 16), reported: false)

    /// The model of a cell the terminal reported as `size`, or ``assumed`` for none (or a size
    /// too small to draw sextants: under 2 × 3 pixels).
    public init(reported size: PixelSize?) {
        if let size, size.width >= 2, size.height >= 3 {
            self.init(size: size, reported: true)
        } else {
            self = .assumed
        }
    }

    /// A model of `size`.
    public init(size: PixelSize, reported: Bool) {
        self.size = size
        self.reported = reported
    }

    /// Whether the sextant fit's constant tables (built for 8 × 16) are this cell's.
    public var isBuiltIn: Bool { size == PixelSize(width: 8, height: 16) }

    /// As `--stats` shows it: `8x16 (assumed)` or `10x20 (terminal)`.
    public var description: String { "\(size.width)x\(size.height) (\(reported ? "terminal" : "assumed"))" }
}

/// The sextant fit's tables for one cell size (``CellModel``), made once: each lane's coverage of
/// the samples and its scoring factors (`reel_sextant_model_make`). Immutable once made.
public final class SextantModel: @unchecked Sendable {
    /// The cell size the tables model.
    public let size: PixelSize
    let storage: UnsafeMutableRawPointer

    /// How much of a split inside a sample the fit counts (`reel_sextant_model_make`'s blend).
    public let blend: Float
    /// The glyphs the fit may choose.
    public let glyphs: Glyphs

    /// The glyphs a fit chooses from, as a mask of the fit's lanes (`reel_sextant_lane_glyphs`).
    public enum Glyphs: Sendable, Hashable {
        /// All of them: the sextants, Block Elements' halves, quadrants and eighths, and the
        /// box-drawing lines.
        case all
        /// Unicode's Block Elements alone (U+2580–259F: `▀ ▌`, the quadrants, the lower and left
        /// eighths), which every terminal that draws quadrants draws: the quadrant blitter's.
        case blockElements

        /// The lanes, bit i for lane i.
        var lanes: UInt64 {
            switch self {
            case .all: ~0
            case .blockElements: reel_block_element_lanes
            }
        }
    }

    /// The tables for cells of `size` pixels, judging splits inside samples by `blend` (by
    /// ``blend(for:)`` if not given), choosing among `glyphs`.
    public init(size: PixelSize, blend: Float? = nil, glyphs: Glyphs = .all) {
        self.size = size
        self.blend = blend ?? Self.blend(for: size)
        self.glyphs = glyphs
        storage = UnsafeMutableRawPointer.allocate(byteCount: reel_sextant_model_size(), alignment: 32)
        reel_sextant_model_make_lanes(Int32(size.width), Int32(size.height), self.blend, glyphs.lanes, model)
    }

    /// How much of a split inside a sample to count on a cell of `size`. The picture is seen (and
    /// judged, 2 × 2 pixels at a time) finer than mpv's 4 × 8 samples a cell hold it: a glyph's
    /// edge inside a sample shows as an edge, not as the mix the sample's mean would be. Only
    /// where a sample is exactly 2 × 2 pixels (8 × 16) does the mean tell all (0); with smaller
    /// or slightly larger samples a quarter of the extra, and from 2.5 pixels a half. Measured
    /// offline on the stills (scripts/benchkit/fitstudy.py): against none, a quarter gains
    /// 0.06–0.15 dB at 7x15, a half 0.1–0.5 dB at 10x20 and 11x23; at 8x16 none is best.
    public static func blend(for size: PixelSize) -> Float {
        if size == PixelSize(width: 8, height: 16) { return 0 }
        // Samples of W/4 × H/8 pixels: 2.5 pixels or more each way from 10 × 20.
        return size.width >= 10 && size.height >= 20 ? 0.5 : 0.25
    }

    deinit { storage.deallocate() }

    var model: OpaquePointer { OpaquePointer(storage) }

    /// Lane `lane`'s share of sample `sample` (row × 4 + column) that its glyph covers.
    public func coverage(lane: Int, sample: Int) -> Float {
        reel_sextant_model_coverage(model, Int32(lane), Int32(sample))
    }
}
