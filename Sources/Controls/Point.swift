/// A position in pixels, with y growing downwards.
public struct Point: Sendable, Equatable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing downwards.
    public var y: Double

    /// Makes a point from its two coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
