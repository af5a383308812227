/// One frame of the double-tap ripple: a white circle that grows from a tenth of its size while it fades.
///
/// The circle's full diameter is max(width, height) of the whole video; it is drawn inside the
/// tapped half's feedback layer and clipped to that half.
public struct Ripple: Sendable, Equatable {
    /// The opacity of the circle's white fill at full ``opacity``.
    public static let fillOpacity = 0.35

    /// The half the ripple belongs to.
    public var side: SeekSide
    /// The centre in the half's own pixel coordinates; nil means the centre of the half (a skip by key).
    public var center: Point?
    /// The diameter as a fraction of max(width, height): 0.1 at the tap, 1 at the end.
    public var scale: Double
    /// The circle's opacity: 1 at the tap, 0 at the end.
    public var opacity: Double

    /// Makes a ripple frame.
    public init(side: SeekSide, center: Point?, scale: Double, opacity: Double) {
        self.side = side
        self.center = center
        self.scale = scale
        self.opacity = opacity
    }

    /// The radius in pixels for a video `width` × `height`.
    public func radius(width: Double, height: Double) -> Double {
        scale * max(width, height) / 2
    }
}
