import Terminal

/// The picture in reel's tmux pane, hidden and drawn again as ``PaneWatch`` says: tmux knows
/// nothing of the images sent through its passthrough, so reel takes them off the terminal itself
/// when its pane is not shown.
extension FrameRenderer {
    /// Takes the picture off: returns the bytes that delete every image reel placed (kitty: each
    /// by its id, plain, not wrapped for tmux, to be written to a client's terminal directly; sixel:
    /// none, since the cells tmux draws over the pane erase it), forgets them, and sends no image
    /// until ``showPictures()``, whose first frame deletes them again (one still on its way through
    /// tmux may have landed after the first delete). The cells go on being drawn, and are all
    /// written again at the next frame.
    public mutating func hidePictures() -> [UInt8] {
        picturesHidden = true
        let ids = graphics?.forgetShown() ?? []
        cells.invalidate()
        return FrameRenderer.deletes(ids)
    }

    /// The bytes that delete the images reel has placed or has still to delete, without
    /// forgetting them: for a client that no longer shows the pane while others still do.
    public var pictureDeletes: [UInt8] {
        FrameRenderer.deletes(graphics?.pictureIDs ?? [])
    }

    /// Draws the picture again: the next frame repaints every cell and sends every image.
    public mutating func showPictures() {
        picturesHidden = false
        invalidate()
    }

    /// kitty's silent deletes of `ids`, each image's data freed.
    static func deletes(_ ids: [UInt32]) -> [UInt8] {
        ids.flatMap { KittyGraphics.delete(id: $0) }
    }
}
