extension FrameEncoder {
    /// The quadrant block that lights the pixels of each mask (the foreground part), by mask value
    /// (bit 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right): the table of the quadrants'
    /// looks and complements (the quadrant blitter itself is the sextant fit over Block Elements,
    /// ``FrameEncoder/Blitter/quadrant``).
    static let quadrantSymbols: [CellSymbol] = {
        let scalars: [UInt32] = [
            0x20, 0x2598, 0x259D, 0x2580, 0x2596, 0x258C, 0x259E, 0x259B,
            0x2597, 0x259A, 0x2590, 0x259C, 0x2584, 0x2599, 0x259F, 0x2588,
        ]
        return scalars.map { CellSymbol(Unicode.Scalar($0)!, wide: false) }
    }()
}
