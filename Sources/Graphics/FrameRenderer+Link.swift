import Terminal

/// What the link's ladder (``Controls/LinkLadder``) sets on the renderer, and what it reads back.
extension FrameRenderer {
    /// The cells' colour mode: the ladder's palette rung writes the 256 colours. A change keeps
    /// the screen and writes every cell again over the next frames (``ScreenRenderer/rewriteAll()``).
    public var colorMode: ColorMode {
        get { cells.colorMode }
        set { cells.colorMode = newValue }
    }

    /// Whether the last frame's cells were over the cap at the tolerance they were first drawn with.
    public var lastFrameOverCap: Bool { cells.lastFrameOverCap }

    /// Whether the last frame's cells were cut short at the cap: the rest goes with the next.
    public var lastFrameCut: Bool { cells.lastFrameCut }

    /// Whether a kitty image on the screen went smaller than its cells for the link: once the
    /// picture stands still, a frame drawn with ``refiningStill`` sends it again, sharper.
    public var refinesStill: Bool { graphics?.shown.contains { $0.reduced } ?? false }

    /// Whether the next frame sends the images that went smaller again, as large as the link
    /// carries in ``KittyImageFit/stillTime`` (set once the picture stands still).
    public var refiningStill: Bool {
        get { graphics?.refiningStill ?? false }
        set { graphics?.refiningStill = newValue }
    }
}
