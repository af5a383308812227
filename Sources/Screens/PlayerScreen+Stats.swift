import Controls
import Drawing

/// The stats panel on the player screen.
extension PlayerScreen {
    /// `i` shows the panel for a few seconds, `I` keeps it up or takes it down; under
    /// `--screen-reader` its lines are spoken as it opens.
    mutating func showStats(pinning: Bool, now: Seconds) -> [PlayerAction] {
        if pinning {
            if !stats.toggle(now: now) { return [] }
        } else {
            stats.show(now: now)
        }
        for line in StatsPanel.lines(status, stats.terminal) { speak(line.label.isEmpty ? line.value : "\(line.label): \(line.value)") }
        return []
    }

    /// reel's own figures for the panel, from the loop that draws the screens.
    public mutating func setTerminalFigures(_ figures: TerminalFigures, now: Seconds) {
        guard figures != stats.terminal else { return }
        stats.terminal = figures
        if stats.isShown(at: now) { needsRedraw = true }
    }

    /// Whether the panel is up at `now`.
    public func isStatsShown(at now: Seconds) -> Bool { stats.isShown(at: now) }

    func drawStats(encoder: FrameEncoder, into canvas: inout Canvas, now: Seconds) {
        guard stats.isShown(at: now) else { return }
        var terminal = stats.terminal
        if terminal.blitter.isEmpty { terminal.blitter = encoder.blitter.name }
        if terminal.cellModel.isEmpty, encoder.blitter == .sextant { terminal.cellModel = encoder.cell.description }
        let top = toast != nil ? toastRow + toastLines.count : layout.title.maxY
        StatsPanel.draw(StatsPanel.lines(status, terminal), pinned: stats.isPinned, top: min(top, max(canvas.height - 8, 0)), into: &canvas)
    }
}
