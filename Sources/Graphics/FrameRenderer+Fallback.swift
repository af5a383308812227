import Terminal

/// Cells instead of the terminal's pixels from now on, when the terminal cannot show the video's
/// frames in them (``Controls/PictureRateFallback``).
extension FrameRenderer {
    /// Stops drawing images: returns the bytes that take reel's images off the terminal (kitty's
    /// deletes, an image sequence cut short ended), and from the next frame draws every cell
    /// again, over whatever sixel or iTerm2 picture is on the screen.
    public mutating func dropPictures() -> [UInt8] {
        let off = graphics?.restoreSequence ?? []
        graphics = nil
        picturesHidden = false
        cells.seeThroughOnOwnColour = false
        invalidate()
        return off
    }
}
