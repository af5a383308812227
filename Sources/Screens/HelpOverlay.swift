import Terminal

/// The `?` overlay: every key, in a panel over whatever is on screen.
enum HelpOverlay {
    /// The player's keys, as (keys, what they do).
    static func lines(seekInterval: Double, canClose: Bool) -> [(String, String)] {
        let step = seekInterval > 0 ? "\(Int(seekInterval.rounded())) s" : "off"
        return [
            ("Space  k", "play / pause"),
            ("← ←  → →", "double-tap: skip \(step); more taps add up"),
            ("←  →", "show the controls"),
            ("j  l", "back / forward \(step)"),
            ("↑  ↓", "volume ± 5"),
            ("m", "mute"),
            ("0 … 9", "jump to 0 % … 90 %"),
            ("Home  End", "start / end"),
            (",  .", "frame back / forward"),
            ("c  Tab", "show / hide the controls"),
            ("?", "this help"),
            ("x  Esc", canClose ? "close" : "quit"),
            ("q", "quit"),
            ("click", "controls; on the video: show / hide"),
            ("double click", "left / right half: skip"),
        ]
    }

    /// Draws `lines` in a centred panel titled `title`, clipped to the canvas.
    static func draw(_ lines: [(String, String)], title: String, into canvas: inout Canvas) {
        let keyWidth = lines.map { Sanitizer.displayWidth(of: $0.0) }.max() ?? 0
        let textWidth = lines.map { Sanitizer.displayWidth(of: $0.1) }.max() ?? 0
        let width = min(keyWidth + textWidth + 7, canvas.width)
        let height = min(lines.count + 4, canvas.height)
        let panel = Rect(x: (canvas.width - width) / 2, y: (canvas.height - height) / 2, width: width, height: height)
        canvas.drawPanel(panel, background: Theme.panel, border: Theme.border)
        let inside = panel.insetBy(dx: 2, dy: 1)
        canvas.drawText(title, x: inside.x, y: inside.y, clip: inside, fg: Theme.accent, style: .bold)
        for (index, line) in lines.enumerated() {
            let y = inside.y + 2 + index
            guard y < inside.maxY else { break }
            canvas.drawText(line.0, x: inside.x, y: y, clip: inside, fg: Theme.text, style: .bold)
            canvas.drawText(line.1, x: inside.x + keyWidth + 3, y: y, clip: inside, fg: Theme.dimText)
        }
    }
}
