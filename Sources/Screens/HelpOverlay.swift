import Terminal

/// The `?` overlay: the keys of the screen, from the table of commands, in a panel over whatever
/// is on screen; in two or three columns when one does not fit the terminal's height.
enum HelpOverlay {
    /// Draws `lines` (keys, what they do) in a centred panel titled `title`, clipped to the canvas;
    /// the title names the blitter the picture is drawn with (`--blitter`), when given.
    static func draw(_ lines: [(keys: String, help: String)], title: String, picture: FrameEncoder.Blitter? = nil,
                     into canvas: inout Canvas) {
        guard canvas.width >= 10, canvas.height >= 5 else { return }
        let keyWidth = min(lines.map { Sanitizer.displayWidth(of: $0.keys) }.max() ?? 0, 18)
        let textWidth = lines.map { Sanitizer.displayWidth(of: $0.help) }.max() ?? 0
        // As many rows a column as the panel can hold, and as few columns as that allows.
        let rowsAvailable = max(canvas.height - 6, 1)
        let columns = min(max((lines.count + rowsAvailable - 1) / rowsAvailable, 1), 3)
        let rowsPerColumn = (lines.count + columns - 1) / columns
        let gap = 3
        let columnWidth = min(keyWidth + 2 + textWidth, max((canvas.width - 4 - gap * (columns - 1)) / columns, 8))
        let width = min(columnWidth * columns + gap * (columns - 1) + 4, canvas.width)
        let height = min(rowsPerColumn + 4, canvas.height)
        let panel = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.drawPanel(panel, background: Theme.panel, border: Theme.border)
        let inside = panel.insetBy(dx: 2, dy: 1)
        canvas.drawText(title, x: inside.x, y: inside.y, clip: inside, fg: Theme.accent, style: .bold)
        if let picture {
            let note = "picture: \(picture.drawsCells ? picture.name : "the terminal's pixels")"
            let x = max(inside.maxX - Sanitizer.displayWidth(of: note), inside.x + Sanitizer.displayWidth(of: title) + 2)
            canvas.drawText(note, x: x, y: inside.y, clip: inside, fg: Theme.dimText)
        }
        let keys = min(keyWidth, max(columnWidth / 2, 1))
        for (index, line) in lines.enumerated() {
            let column = index / rowsPerColumn, row = index % rowsPerColumn
            let y = inside.y + 2 + row
            guard y < inside.maxY else { continue }
            let x = inside.x + column * (columnWidth + gap)
            let cell = Rect(x: x, y: y, width: min(columnWidth, inside.maxX - x), height: 1)
            canvas.drawText(Sanitizer.truncated(line.keys, toWidth: keys), x: x, y: y, clip: cell, fg: Theme.text, style: .bold)
            let help = Sanitizer.truncated(line.help, toWidth: max(cell.width - keys - 2, 1))
            canvas.drawText(help, x: x + keys + 2, y: y, clip: cell, fg: Theme.dimText)
        }
    }
}
