/// A rectangle of cells whose corners are rounded, for asking which points inside it are cut off.
///
/// Coordinates are in cells from the rectangle's top-left: x in columns, y in rows, both
/// fractional, so the same shape serves half-block, quadrant or any other pixels. The corner is a
/// quarter circle in real units: a cell is `cellAspect` as wide as it is tall.
public struct RoundedCorners: Sendable, Equatable {
    /// The width in columns.
    public let width: Double
    /// The height in rows.
    public let height: Double
    /// The corner radius across, in columns: at most half the width.
    public let radiusX: Double
    /// The corner radius down, in rows: at most half the height.
    public let radiusY: Double

    /// A `width` × `height` cell rectangle with corners of `radius` cell widths. A negative or NaN
    /// radius counts as 0, and a `cellAspect` that is not finite or not above 0 as 1:2.
    public init(width: Double, height: Double, radius: Double, cellAspect: Double = 0.5) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        let radius = radius.isNaN ? 0 : max(radius, 0)
        let aspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : 0.5
        radiusX = min(radius, self.width / 2)
        // A row is 1 / cellAspect cell widths tall.
        radiusY = min(radius * aspect, self.height / 2)
    }

    /// Whether the point (`x`, `y`) is inside the rectangle and not cut off by a corner.
    public func contains(x: Double, y: Double) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        guard radiusX > 0, radiusY > 0 else { return true }
        let dx = max(radiusX - x, x - (width - radiusX), 0) / radiusX
        let dy = max(radiusY - y, y - (height - radiusY), 0) / radiusY
        return dx * dx + dy * dy <= 1
    }
}
