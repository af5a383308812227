extension Canvas {
    /// Draws `text` on row `y` from column `x`, sanitised, and returns the columns it advanced.
    ///
    /// - Parameters:
    ///   - text: Any text; it goes through ``Sanitizer`` so it can never act on the terminal.
    ///   - x: The starting column (may be left of the clip; those columns are skipped).
    ///   - y: The row.
    ///   - clip: The rectangle drawing is confined to (intersected with the canvas); the whole
    ///     canvas when nil.
    ///   - fg: The text colour.
    ///   - bg: The background colour, or nil to keep each cell's existing background (for a
    ///     half-block cell, the mean of its two pixels; over a picture in pixel mode, the picture:
    ///     the cell stays ``CellStyle/seeThrough``), so text can sit on video.
    ///   - style: The attributes.
    /// - Returns: The number of columns from `x` up to the end of the last cluster that fit before
    ///   the right edge of the clip; 0 when the row is clipped away.
    ///
    /// A wide cluster that does not fit whole inside the clip is not drawn at all (never half).
    @discardableResult
    public mutating func drawText(
        _ text: String, x: Int, y: Int, clip: Rect? = nil,
        fg: RGB, bg: RGB? = nil, style: CellStyle = []
    ) -> Int {
        let area = (clip ?? bounds).intersection(bounds)
        guard y >= area.y, y < area.maxY, !area.isEmpty else { return 0 }
        var column = x
        for glyph in Sanitizer.glyphs(of: text) where glyph.width > 0 {
            if column + glyph.width > area.maxX { break }
            if column >= area.x {
                drawGlyph(glyph, x: column, y: y, fg: fg, bg: bg, style: style)
            }
            column += glyph.width
        }
        return max(0, column - x)
    }

    /// Stores one sanitised glyph at (`x`, `y`); the caller has checked that it fits.
    mutating func drawGlyph(_ glyph: Sanitizer.Glyph, x: Int, y: Int, fg: RGB, bg: RGB?, style: CellStyle) {
        let wide = glyph.width == 2
        let scalars = glyph.character.unicodeScalars
        let symbol: CellSymbol
        if scalars.count == 1, let scalar = scalars.first {
            symbol = CellSymbol(scalar, wide: wide)
        } else {
            symbol = clusterSymbol(String(glyph.character), wide: wide)
        }
        let background = bg ?? backdrop(x: x, y: y)
        // Text on the picture keeps the picture behind it; a colour of its own hides it.
        let kept = bg == nil ? cells[y * width + x].style.intersection(.seeThrough) : []
        put(Cell(symbol: symbol, fg: fg, bg: background, style: style.union(kept)), x: x, y: y)
    }

    /// The colour behind a cell's symbol: its background, or the average of a block glyph's
    /// two colours (``Cell/averageColour``).
    func backdrop(x: Int, y: Int) -> RGB {
        cells[y * width + x].averageColour
    }
}
