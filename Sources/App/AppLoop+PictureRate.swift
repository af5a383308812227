import Controls
import Drawing
import Formatting
import Graphics
import Options
import Terminal

extension AppLoop {
    /// Tells the picture-rate machine (``Controls/PictureRateFallback``) how many frames the
    /// player has shown and let go, and steps down to cells when it says the terminal cannot keep
    /// the video's frame rate in its pixels. Only the player counts, while it plays.
    func checkPictureRate(now: Double) {
        guard renderer.graphics != nil, pictureRate.enabled, !pictureRate.steppedDown else { return }
        let state = playback.player.state
        let playing = top is PlayerScene && state.isPaused == false && state.isSeeking != true && state.isPausedForCache != true
        let event = PictureRateFallback.Event.frames(shown: playback.frames.rendered, position: state.position,
                                                     frameDuration: playback.status.frameDuration, playing: playing)
        guard case .stepDown(let share) = pictureRate.event(event, now: now) else { return }
        stepDownToCells(share: share, now: now)
    }

    /// Draws cells from now on: the images taken off, the picture laid out for the cells' pixels,
    /// and a notice that says why, once (the stats panel and `--stats` say it too).
    private func stepDownToCells(share: Double, now: Double) {
        let from = graphicsName
        let percent = Int((share * 100).rounded())
        cellsBecause = "\(from) showed \(percent) % of the frames"
        try? output.append(renderer.dropPictures())
        let budget = context.options.byteBudget
        renderer.budget = budget.share > 0 ? budget : nil
        context.encoder = FrameEncoder(blitter: fallbackCells, dithersToPalette: renderer.cells.colorMode == .palette256,
                                       cell: CellModel(reported: context.size.cellPixels))
        context.fadesText = true
        try? playback.player.setPixelAspect(context.pixelAspect)
        top?.resize(to: context, now: now)
        _ = scheduler.event(.redrawRequested, now: now)
        let notice = "The terminal showed \(percent) % of the video's frames in \(from): cells instead (--graphics=\(from) keeps them)"
        playback.notices.append(notice)
        playback.player.logNote("picture: \(notice)")
        TraceLog.shared?.record("picture stepped down from \(from) to \(fallbackCells.name) at \(percent) %", now: now)
    }
}
