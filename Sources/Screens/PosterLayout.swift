import Controls
import Drawing

/// Where the poster card goes in an area of cells: the frame at the video's aspect, its rounded
/// corners, the ▶ button and the ✕ hit area.
///
/// Sizes are worked out in physical units (a cell is `cellAspect` as wide as it is tall) and then
/// rounded to whole cells. Inside the frame the picture is drawn in half-block pixels: one per
/// column across, two per row down.
public struct PosterLayout: Sendable, Equatable {
    /// The aspect ratio used when the video's is missing, not finite, or not above 0.
    public static let fallbackAspectRatio = 16.0 / 9.0
    /// A terminal cell's width over its height when the terminal does not say: 1:2.
    public static let defaultCellAspect = 0.5
    /// The ▶ button's size as a fraction of the frame's shorter side (the seed's 72 pt on a
    /// phone-sized 16:9 frame comes to about a third).
    public static let playButtonFraction = 0.35
    /// The smallest the ▶ button gets, in cells each way (unless the frame itself is smaller).
    public static let minimumButtonCells = 3
    /// The ✕ hit area's width in cells: the glyph with padding, like the seed's padded 36 pt button.
    public static let closeButtonWidth = 5
    /// The ✕ hit area's height in rows.
    public static let closeButtonHeight = 3

    /// The frame, centred in the area, in the area's cell coordinates.
    public private(set) var frame: Rect
    /// A cell's width over its height.
    public let cellAspect: Double
    /// The corner radius in cell widths.
    public let cornerRadius: Double
    /// The ▶ button, centred in the frame, in the area's cell coordinates.
    public private(set) var playButton: Rect
    /// The ✕ hit area in the frame's top-right corner, in the area's cell coordinates; the glyph
    /// goes in its middle cell.
    public private(set) var closeButton: Rect

    /// The aspect ratio to use for `ratio`: the fallback 16:9 when it is nil, not finite, or not above 0.
    public static func aspectRatio(_ ratio: Double?) -> Double {
        guard let ratio, ratio.isFinite, ratio > 0 else { return fallbackAspectRatio }
        return ratio
    }

    /// The corner radius in cells when none is given: the one default of `--corner-radius`.
    public static let standardCornerRadius = 2.0

    /// Lays out a poster of `aspectRatio` (sanitised with ``aspectRatio(_:)``) in an area of
    /// `columns` × `rows` cells. A `cellAspect` that is not finite or not above 0 counts as 1:2;
    /// a negative or NaN `cornerRadius` counts as 0.
    public init(columns: Int, rows: Int, aspectRatio: Double?, cellAspect: Double = defaultCellAspect, cornerRadius: Double = standardCornerRadius) {
        let ratio = Self.aspectRatio(aspectRatio)
        let cellAspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : Self.defaultCellAspect
        self.cellAspect = cellAspect
        self.cornerRadius = cornerRadius.isNaN ? 0 : max(cornerRadius, 0)

        let columns = max(columns, 0)
        let rows = max(rows, 0)
        // Widths in cell widths; a row is 1 / cellAspect cell widths tall.
        let areaWidth = Double(columns)
        let areaHeight = Double(rows) / cellAspect
        var (width, height): (Int, Int)
        if areaHeight > 0, areaWidth / areaHeight > ratio {
            width = Int(min(areaHeight * ratio, areaWidth).rounded())
            height = rows
        } else {
            width = columns
            height = Int(min(areaWidth / ratio * cellAspect, Double(rows)).rounded())
        }
        if width == 0 || height == 0 { (width, height) = (0, 0) }
        let frame = Rect(x: (columns - width) / 2, y: (rows - height) / 2, width: width, height: height)
        self.frame = frame

        let shorterSide = min(Double(frame.width), Double(frame.height) / cellAspect)
        let diameter = Self.playButtonFraction * shorterSide
        let buttonWidth = min(max(Int(diameter.rounded()), Self.minimumButtonCells), frame.width)
        let buttonHeight = min(max(Int((diameter * cellAspect).rounded()), Self.minimumButtonCells), frame.height)
        playButton = Rect(
            x: frame.x + (frame.width - buttonWidth) / 2,
            y: frame.y + (frame.height - buttonHeight) / 2,
            width: buttonWidth,
            height: buttonHeight
        )

        let closeWidth = min(Self.closeButtonWidth, frame.width)
        closeButton = Rect(x: frame.maxX - closeWidth, y: frame.y, width: closeWidth, height: min(Self.closeButtonHeight, frame.height))
    }

    /// This layout shifted by `columns` across and `rows` down, as when the area it was made for
    /// sits elsewhere on the screen.
    public func moved(columns: Int, rows: Int) -> PosterLayout {
        func move(_ rect: Rect) -> Rect {
            Rect(x: rect.x + columns, y: rect.y + rows, width: rect.width, height: rect.height)
        }
        var layout = self
        layout.frame = move(frame)
        layout.playButton = move(playButton)
        layout.closeButton = move(closeButton)
        return layout
    }

    /// The frame's width in half-block pixels (one per column).
    public var pixelWidth: Int { frame.width }
    /// The frame's height in half-block pixels (two per row).
    public var pixelHeight: Int { frame.height * 2 }

    /// The frame's outline: its size with the rounded corners.
    public var corners: RoundedCorners {
        RoundedCorners(width: Double(frame.width), height: Double(frame.height), radius: cornerRadius, cellAspect: cellAspect)
    }

    /// Whether the half-block pixel at (`x`, `y`), counted from the frame's top-left, is inside the
    /// frame and not cut off by a rounded corner. A pixel counts when its centre is inside.
    public func isInside(x: Int, y: Int) -> Bool {
        // A half-block pixel is one cell wide and half a cell tall.
        corners.contains(x: Double(x) + 0.5, y: (Double(y) + 0.5) / 2)
    }
}
