/// The reveal's circle at one moment, for a frame of pixels: which pixels show the video.
///
/// Made by ``RevealTransition/mask(at:width:height:pixelAspect:)`` once per drawn frame, so that
/// testing each pixel is a few multiplications.
public struct RevealMask: Sendable, Equatable {
    /// The centre across, in pixels from the frame's left edge.
    public let centreX: Double
    /// The centre down, in pixels from the frame's top edge.
    public let centreY: Double
    /// The radius in pixel widths; negative when no video is shown at all.
    public let radius: Double
    /// A pixel's width over its height.
    public let pixelAspect: Double

    /// A circle of `radius` pixel widths centred at (`centreX`, `centreY`); a `pixelAspect` that
    /// is not finite or not above 0 counts as 1.
    public init(centreX: Double, centreY: Double, radius: Double, pixelAspect: Double = 1) {
        self.centreX = centreX
        self.centreY = centreY
        self.radius = radius
        self.pixelAspect = pixelAspect.isFinite && pixelAspect > 0 ? pixelAspect : 1
    }

    /// A mask through which nothing shows.
    public static let closed = RevealMask(centreX: 0, centreY: 0, radius: -1)

    /// Whether nothing shows through.
    public var isClosed: Bool { radius < 0 }

    /// Whether the point (`x`, `y`), in pixels from the frame's top-left, is inside the circle.
    /// Pass a pixel's centre, (column + 0.5, row + 0.5).
    public func contains(x: Double, y: Double) -> Bool {
        guard radius >= 0 else { return false }
        let dx = x - centreX
        let dy = (y - centreY) / pixelAspect
        return dx * dx + dy * dy <= radius * radius
    }
}
