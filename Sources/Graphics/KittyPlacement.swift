import Terminal

/// Where reel places kitty images (``GraphicsMode/kitty(transport:cell:)``).
public enum KittyPlacement: Sendable, Hashable {
    /// At the cursor, over exactly the image's cells, under the text (`C=1`, `z=-1`): the terminal
    /// itself keeps the picture. Right where reel owns the terminal's screen.
    case cursor
    /// Virtually (`U=1`), shown through the Unicode placeholder cells the cell renderer writes
    /// (``KittyPlaceholders``): right inside tmux on kitty ≥ 0.28, where tmux keeps those cells
    /// and so moves, hides and restores the picture with the pane.
    case placeholders
}
