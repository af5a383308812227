import Screens

extension AppLoop {
    /// Hands the scene the loop's figures for its stats panel, once a second: what was written
    /// to the terminal since the last time, the median screen time, and the tolerance now.
    func noteFigures(_ scene: Scene, now: Double) {
        guard now - figuresSample.time >= 1 else { return }
        var figures = TerminalFigures()
        figures.graphics = graphicsName
        figures.blitter = context.encoder.blitter.name
        figures.cellsBecause = cellsBecause ?? ""
        if figuresSample.time > 0 { figures.bytesPerSecond = Double(bytesWritten - figuresSample.bytes) / (now - figuresSample.time) }
        figures.screenMilliseconds = stats.drawTimes.count > 0 ? stats.drawTimes.percentile(0.5) : nil
        figures.tolerance = Int(lastFrameTolerance)
        if pacer.isActive {
            figures.link = .init(rate: pacer.rate, roundTripMilliseconds: pacer.roundTrip.map { $0 * 1000 },
                                 bytesInFlight: pacer.bytesInFlight, frameBytes: renderer.frameCap,
                                 rung: ladder.rung.name)
        }
        figuresSample = (now, bytesWritten)
        scene.noteTerminalFigures(figures, now: now)
    }
}
