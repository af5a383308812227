import Drawing

extension Canvas {
    /// Runs `draw`, then fades what it drew in `rect` toward what was there before by `opacity`
    /// (1 = as drawn, 0 = untouched). Used for the chrome's fade in and out.
    public mutating func drawFaded(in rect: Rect, opacity: Double, _ draw: (inout Canvas) -> Void) {
        guard opacity > 0 else { return }
        guard opacity < 1 else { draw(&self); return }
        let area = rect.intersection(bounds)
        var before: [Cell] = []
        before.reserveCapacity(area.width * area.height)
        for y in area.y..<area.maxY { for x in area.x..<area.maxX { before.append(self[x, y]) } }
        draw(&self)
        var index = 0
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX {
                let old = before[index]
                index += 1
                var cell = self[x, y]
                guard cell != old else { continue }
                let backdrop = old.averageColour
                cell.fg = backdrop.blended(with: cell.fg, alpha: opacity)
                cell.bg = backdrop.blended(with: cell.bg, alpha: opacity)
                self[x, y] = cell
            }
        }
    }

    /// Draws `text` centred on `row` within `rect`, clipped to it; returns the column it began at.
    @discardableResult
    public mutating func drawCentered(_ text: String, row: Int, in rect: Rect, fg: RGB, bg: RGB? = nil, style: CellStyle = []) -> Int {
        let shown = Sanitizer.truncated(text, toWidth: max(rect.width, 0))
        let x = rect.x + max((rect.width - Sanitizer.displayWidth(of: shown)) / 2, 0)
        drawText(shown, x: x, y: row, clip: rect, fg: fg, bg: bg, style: style)
        return x
    }

    /// Draws a panel: a filled box with a one-cell border.
    public mutating func drawPanel(_ rect: Rect, background: RGB, border: RGB) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        fill(area, bg: background)
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.maxX - 1, bottom = rect.maxY - 1
        for x in rect.x...right {
            let top = x == rect.x ? "╭" : x == right ? "╮" : "─"
            let base = x == rect.x ? "╰" : x == right ? "╯" : "─"
            drawText(top, x: x, y: rect.y, clip: area, fg: border, bg: background)
            drawText(base, x: x, y: bottom, clip: area, fg: border, bg: background)
        }
        if rect.height > 2 {
            for y in (rect.y + 1)..<bottom {
                drawText("│", x: rect.x, y: y, clip: area, fg: border, bg: background)
                drawText("│", x: right, y: y, clip: area, fg: border, bg: background)
            }
        }
    }
}
