import Controls
import Drawing
import Options
import Terminal

/// The link's ladder (``Controls/LinkLadder``): what a picture may spend on a slow link.
extension AppLoop {
    /// The ladder for pictures drawn with `blitter` in `colorMode`: the rungs that would change
    /// nothing are passed over (half blocks where the cells are half blocks or pixels; a higher
    /// tolerance and the palette where the colours are the palette's already).
    ///
    /// It goes no lower than half blocks (``lowestRung``): now that one picture is on the link at
    /// a time (the rest of a cut one after its answer), fewer pictures a second save nothing of a
    /// picture's bytes, and the palette's colours, which no tolerance spares, cost more of them
    /// on camera footage. At 800 kbit/s (`scripts/bench ssh`, the street clip, A/B in one run) the
    /// ladder down to 4 pictures a second in the palette showed 5.6 pictures a second, 24.1 dB and
    /// a picture 230 ms old; stopping at half blocks, 8.2, 26.4 dB and 127 ms (docs/speed.md).
    static func linkLadder(colorMode: ColorMode, blitter: FrameEncoder.Blitter) -> LinkLadder {
        var skipping: Set<LinkLadder.Rung> = []
        if !blitter.drawsCells || blitter == .half { skipping.insert(.coarse) }
        if colorMode == .palette256 { skipping.formUnion([.tolerant, .palette]) }
        return LinkLadder(lowest: lowestRung, skipping: skipping)
    }

    /// The lowest rung the loop's ladder takes.
    static let lowestRung = LinkLadder.Rung.coarse

    /// Tells the ladder of a screen just written; `rewriting`: the screen is part of a redraw
    /// (a new rung's colours, a resize) cut into pieces, whose bytes say nothing of the pictures.
    func noteLadder(picture: Bool, rewriting: Bool, now: Double) {
        // For the bench's account of the picture's age: the screen written next was cut short.
        if renderer.lastFrameCut { TraceLog.shared?.record("cut") }
        guard picture, !rewriting, renderer.frameCap != nil, let rate = pacer.rate else { return }
        if let rung = ladder.event(.picture(overflowed: renderer.lastFrameOverCap, rate: rate), now: now) {
            TraceLog.shared?.record("rung \(rung.name)", now: now)
            followRungCells(now: now)
        }
    }

    /// Draws the picture in the rung's cells: half blocks from ``Controls/LinkLadder/Rung/coarse``
    /// down, else the cells they stood in for. mpv renders the picture at the new cells' size and
    /// shape (their pixels' aspect) from the next screen on, which writes the new cells.
    func followRungCells(now: Double) {
        guard renderer.graphics == nil, context.encoder.blitter.drawsCells else { return }
        let coarse = ladder.rung.setting.coarseCells
        guard let wanted = coarse ? .half : cellsAboveLadder, wanted != context.encoder.blitter else { return }
        cellsAboveLadder = coarse ? context.encoder.blitter : nil
        let encoder = context.encoder
        context.encoder = FrameEncoder(blitter: wanted, dithersToPalette: encoder.dithersToPalette, cell: encoder.cell)
        try? playback.player.setPixelAspect(context.pixelAspect)
        top?.resize(to: context, now: now)
        _ = scheduler.event(.redrawRequested, now: now)
        let size = context.pixelSize
        TraceLog.shared?.record("cells \(wanted.name) \(size.width)x\(size.height)", now: now)
    }

    /// The most pictures a second: `--terminal-max-fps`'s, or the ladder's rung's when lower;
    /// 0 for no cap.
    var picturesPerSecondCap: Double {
        let option = context.options.terminalMaxFPS
        guard let rung = ladder.rung.setting.picturesPerSecond else { return option }
        return option > 0 ? min(option, rung) : rung
    }
}
