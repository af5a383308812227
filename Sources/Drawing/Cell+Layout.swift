extension Cell {
    /// Whether a cell is laid out as CBlitter's cell records are (`reel_fit_sextant_row_cells`):
    /// the symbol's 32 bits, the foreground's and the background's bytes, the style's byte, in
    /// 12 bytes. Swift lays out a struct's stored properties in order, so it is; checked all the
    /// same, as the compiler is free to choose.
    public static let hasCLayout = MemoryLayout<Cell>.stride == 12 && MemoryLayout<CellSymbol>.size == 4
        && MemoryLayout<RGB>.size == 3 && MemoryLayout<CellStyle>.size == 1
        && MemoryLayout<Cell>.offset(of: \Cell.symbol) == 0 && MemoryLayout<Cell>.offset(of: \Cell.fg) == 4
        && MemoryLayout<Cell>.offset(of: \Cell.bg) == 7 && MemoryLayout<Cell>.offset(of: \Cell.style) == 10
}
