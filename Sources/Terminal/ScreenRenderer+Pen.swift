import Drawing

extension ScreenRenderer {
    /// Brings the terminal's SGR state to what `cell` needs, in at most one sequence.
    ///
    /// Turning an attribute off resets (`0`) and re-applies the rest; the foreground is left alone
    /// for a cell that does not show it; a ``CellStyle/seeThrough`` cell gets `seeThroughColour`,
    /// or the default background (`49`).
    @inline(__always)
    mutating func setPen(for cell: Cell, seeThroughColour: RGB? = nil, out: inout ByteWriter) {
        // The common case of a picture: no attributes before or after, truecolor. The same bytes
        // as the general path below, without its optionals and attribute sets.
        if cell.style.rawValue == 0, var current = pen, current.style.rawValue == 0, colorMode == .truecolor {
            let needFg = cell.symbol != .space && current.fg != cell.fg
            let needBg = current.bg != cell.bg
            guard needFg || needBg else { return }
            out.appendCSI()
            if needFg {
                out.appendTruecolor(layer: 0x33, cell.fg)  // 38;2;r;g;b
                current.fg = cell.fg
            }
            if needBg {
                if needFg { out.append(0x3B) }
                out.appendTruecolor(layer: 0x34, cell.bg)  // 48;2;r;g;b
                current.bg = cell.bg
            }
            out.append(0x6D)  // m
            pen = current
            return
        }
        setAnyPen(for: cell, seeThroughColour: seeThroughColour, out: &out)
    }

    /// ``setPen(for:seeThroughColour:out:)`` for any cell and pen: out of line, so that the
    /// common case stays small where it is inlined.
    @inline(never)
    mutating func setAnyPen(for cell: Cell, seeThroughColour: RGB?, out: inout ByteWriter) {
        let showsFg = cell.showsForeground
        // A see-through cell's background is the terminal's default (nil), not an SGR attribute.
        let style = cell.style.subtracting(.seeThrough)
        let bg: RGB? = cell.style.contains(.seeThrough) ? seeThroughColour : cell.bg
        var current = pen ?? Pen(fg: nil, bg: nil, style: [])
        let reset = pen == nil || !current.style.isSubset(of: style)
        let added = reset ? style : style.subtracting(current.style)
        if reset { current = Pen(fg: nil, bg: nil, style: []) }
        let needFg = showsFg && current.fg != cell.fg
        let needBg = current.bg != bg
        guard reset || !added.isEmpty || needFg || needBg else { return }
        out.appendCSI()
        var first = true
        @inline(__always) func separate(_ out: inout ByteWriter) {
            if first { first = false } else { out.append(0x3B) }
        }
        if reset {
            out.append(0x30)
            first = false
        }
        if !added.isEmpty {
            for (bit, parameter) in CellStyle.sgrParameters.enumerated() where added.rawValue & (1 << bit) != 0 {
                separate(&out)
                out.appendDecimal(Int(parameter))
            }
        }
        if needFg {
            separate(&out)
            ScreenRenderer.appendColor(cell.fg, layer: 38, mode: colorMode, out: &out)
            current.fg = cell.fg
        }
        if needBg {
            separate(&out)
            if let bg {
                ScreenRenderer.appendColor(bg, layer: 48, mode: colorMode, out: &out)
            } else {
                out.append(0x34)  // 49: the default background
                out.append(0x39)
            }
            current.bg = bg
        }
        out.append(0x6D)  // m
        current.style = style
        pen = current
    }

    /// Appends `38;2;r;g;b` / `48;2;r;g;b`, or `38;5;n` / `48;5;n` in 256-colour mode. (Static,
    /// so that calling it from the mutating render loop does not copy the renderer.)
    @inline(__always)
    static func appendColor(_ color: RGB, layer: Int, mode: ColorMode, out: inout ByteWriter) {
        out.appendDecimal(layer)
        if mode == .palette256 {
            out.append(0x3B)
            out.append(0x35)  // 5
            out.append(0x3B)
            out.appendDecimal(Palette256.index(of: color))
        } else {
            out.append(0x3B)
            out.append(0x32)  // 2
            out.append(0x3B)
            out.appendDecimal(color.r)
            out.append(0x3B)
            out.appendDecimal(color.g)
            out.append(0x3B)
            out.appendDecimal(color.b)
        }
    }
}
