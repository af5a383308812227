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
}
