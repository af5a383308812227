import Drawing
import Terminal

extension GraphicsRenderer {
    /// Appends iTerm2's inline image of `pixels` to draw over the cells of `rect`, in bands
    /// through tmux's passthrough when it is too large for one (``placeInBands(_:holes:at:into:encode:)``).
    /// The holes are not cut out of it: the terminal draws it over the cells, and the cells in
    /// them are written again after it.
    mutating func placeITerm2(_ pixels: PixelBuffer, holes: CellMask, at rect: Rect, into out: inout [UInt8]) {
        placeInBands(pixels, holes: holes, at: rect, into: &out) { _, pixels, _, rect in
            ITermImage.sequence(pixels: pixels, columns: rect.width, rows: rect.height)
        }
    }
}
