/// The step, in frame pixels, on which a letterboxed picture's edges are put: a picture whose
/// edge falls inside a cell's glyph rows makes that cell draw both the bar and the picture.
///
/// Sextants split a cell's 8 rows of samples at kitty's 5/5/6 pixels of 16, which no row of
/// samples meets: their picture starts and ends on whole cells down (8 samples), and on half
/// cells across (2 samples), where the sextant columns meet; quadrants (the same samples) too.
/// Half blocks split on their own pixels, so any pixel will do.
public struct PictureGrain: Sendable, Hashable {
    /// Frame pixels between the places a picture's left and right edges may go.
    public var across: Int
    /// Frame pixels between the places a picture's top and bottom edges may go.
    public var down: Int

    /// A grain of `across` × `down` pixels (each at least 1).
    public init(across: Int, down: Int) {
        self.across = max(across, 1)
        self.down = max(down, 1)
    }

    /// A grain from a blitter's (`FrameEncoder.Blitter.pictureGrain`).
    public init(_ grain: (across: Int, down: Int)) {
        self.init(across: grain.across, down: grain.down)
    }

    /// Any pixel: the picture's edges go where the video's shape puts them.
    public static let pixel = PictureGrain(across: 1, down: 1)
}
