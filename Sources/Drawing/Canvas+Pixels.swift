extension Canvas {
    /// The canvas height in half-block pixels: two per row.
    @inlinable
    public var pixelHeight: Int { height * 2 }

    /// The colour of the half-block pixel at column `x`, half-row `py`.
    ///
    /// A `▀` cell has its foreground on top and background below; any other cell shows its
    /// background in both halves.
    public func pixel(x: Int, py: Int) -> RGB {
        let cell = self[x, py >> 1]
        return (py & 1 == 0 && cell.symbol == .upperHalf) ? cell.fg : cell.bg
    }

    /// Sets the half-block pixel at column `x`, half-row `py` to `color`, keeping the other half
    /// of the cell. Pixels outside the canvas are ignored.
    ///
    /// The cell becomes `▀` (top in the foreground, bottom in the background), or a blank when both
    /// halves are equal; whatever text it held is replaced.
    public mutating func setPixel(x: Int, py: Int, color: RGB) {
        guard x >= 0, x < width, py >= 0, py < pixelHeight else { return }
        let y = py >> 1
        let i = y * width + x
        let old = cells[i]
        let top = py & 1 == 0 ? color : (old.symbol == .upperHalf ? old.fg : old.bg)
        let bottom = py & 1 == 1 ? color : old.bg
        let cell = top == bottom ? Cell.blank(top) : Cell(symbol: .upperHalf, fg: top, bg: bottom)
        if old.symbol.isWide || old.symbol.isContinuation {
            put(cell, x: x, y: y)
        } else {
            cells[i] = cell
        }
    }

    /// Lays `color` over the half-block pixel at (`x`, `py`) at opacity `alpha`.
    public mutating func blendPixel(x: Int, py: Int, color: RGB, alpha: Double) {
        guard x >= 0, x < width, py >= 0, py < pixelHeight else { return }
        setPixel(x: x, py: py, color: pixel(x: x, py: py).blended(with: color, alpha: alpha))
    }
}
