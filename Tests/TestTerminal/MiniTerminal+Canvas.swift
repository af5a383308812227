import Drawing
import Terminal

/// The screen held against the canvas it should show: what the renderer's tests check.
extension MiniTerminal {
    /// Whether a block glyph (or blank) on screen looks like the canvas's block `cell` whose
    /// text is `text`: each sample's colour within `tolerance`, whatever symbols draw them (`▀`
    /// may be written as `▄` with the colours swapped, and a block of two close colours as a
    /// blank). Nil when either is not a block in no style, to be compared as text.
    public func blocksLookAlike(_ shown: Screen, _ cell: Cell, text: String, tolerance: UInt8) -> Bool? {
        guard shown.style.isEmpty, cell.style.isEmpty, let shownMask = MiniTerminal.lookMask(shown.text),
              let cellMask = MiniTerminal.lookMask(text) else { return nil }
        for bit in 0..<32 {
            let seen = shownMask & (1 << bit) != 0 ? shown.fg : shown.bg
            let wanted = cellMask & (1 << bit) != 0 ? cell.fg : cell.bg
            guard let seen, seen.maxChannelDistance(to: wanted) <= tolerance else { return false }
        }
        return true
    }

    /// The samples a block glyph lights (``BlockGlyph``'s grid), 0 for a blank.
    public static func lookMask(_ text: String) -> UInt32? {
        guard text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first else { return nil }
        return BlockGlyph.lookMask(CellSymbol(scalar))
    }

    /// The differences between the screen and `canvas`, allowing `tolerance` per channel; with
    /// `quantize`, the canvas's colours are first taken to the 256-colour palette.
    public func differences(from canvas: Canvas, tolerance: UInt8 = 0, quantize: Bool = false) -> [String] {
        var out: [String] = []
        for y in 0..<height {
            for x in 0..<width {
                var cell = canvas[x, y]
                if cell.symbol.isContinuation { continue }
                if quantize {
                    cell.fg = Palette256.quantized(cell.fg)
                    cell.bg = Palette256.quantized(cell.bg)
                }
                let shown = self[x, y]
                let expectedText = canvas.text(of: cell)
                if let same = blocksLookAlike(shown, cell, text: expectedText, tolerance: tolerance) {
                    if !same { out.append("(\(x),\(y)) shows \(shown) for \(expectedText) \(cell)") }
                    continue
                }
                guard shown.text == expectedText, shown.style == cell.style,
                      let bg = shown.bg, bg.maxChannelDistance(to: cell.bg) <= tolerance else {
                    out.append("(\(x),\(y)) shows \(shown) for \(expectedText) \(cell)")
                    continue
                }
                if cell.showsForeground {
                    guard let fg = shown.fg, fg.maxChannelDistance(to: cell.fg) <= tolerance else {
                        out.append("(\(x),\(y)) fg \(String(describing: shown.fg)) for \(cell.fg)")
                        continue
                    }
                }
            }
        }
        return out
    }
}
