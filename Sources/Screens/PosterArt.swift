import Drawing

/// What the poster card shows in its frame.
public enum PosterArt: Sendable, Equatable {
    /// Not known yet: the frame is plain while the picture is being made.
    case loading
    /// A picture: the cover, a sidecar image or the frame at 10 %, in pixels of any size (it is
    /// scaled to the frame).
    case picture(PixelBuffer)
    /// No picture at all (a sound file without a cover): a card made from the title.
    case titleCard
}
