import Terminal

/// The `?` overlay: the keys of the screen, from the table of commands, in a panel over whatever
/// is on screen.
enum HelpOverlay {
    /// Draws `lines` (keys, what they do) in a centred panel titled `title`, clipped to the canvas.
    static func draw(_ lines: [(keys: String, help: String)], title: String, into canvas: inout Canvas) {
        let keyWidth = min(lines.map { Sanitizer.displayWidth(of: $0.keys) }.max() ?? 0, 20)
        let textWidth = lines.map { Sanitizer.displayWidth(of: $0.help) }.max() ?? 0
        let width = min(keyWidth + textWidth + 7, canvas.width)
        let height = min(lines.count + 4, canvas.height)
        let panel = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.drawPanel(panel, background: Theme.panel, border: Theme.border)
        let inside = panel.insetBy(dx: 2, dy: 1)
        canvas.drawText(title, x: inside.x, y: inside.y, clip: inside, fg: Theme.accent, style: .bold)
        let keys = Rect(x: inside.x, y: inside.y, width: min(keyWidth, inside.width), height: inside.height)
        for (index, line) in lines.enumerated() {
            let y = inside.y + 2 + index
            guard y < inside.maxY else { break }
            canvas.drawText(line.keys, x: inside.x, y: y, clip: keys, fg: Theme.text, style: .bold)
            canvas.drawText(line.help, x: inside.x + keyWidth + 3, y: y, clip: inside, fg: Theme.dimText)
        }
    }
}
