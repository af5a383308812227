import Controls
import Options

/// The link's ladder (``Controls/LinkLadder``): what a picture may spend on a slow link.
extension AppLoop {
    /// Tells the ladder of a screen just written; `rewriting`: the screen is part of a redraw
    /// (a new rung's colours, a resize) cut into pieces, whose bytes say nothing of the pictures.
    func noteLadder(picture: Bool, rewriting: Bool, now: Double) {
        guard picture, !rewriting, renderer.frameCap != nil, let rate = pacer.rate else { return }
        if let rung = ladder.event(.picture(overflowed: renderer.lastFrameOverCap, rate: rate), now: now) {
            TraceLog.shared?.record("rung \(rung.name)", now: now)
        }
    }

    /// The most pictures a second: `--terminal-max-fps`'s, or the ladder's rung's when lower;
    /// 0 for no cap.
    var picturesPerSecondCap: Double {
        let option = context.options.terminalMaxFPS
        guard let rung = ladder.rung.setting.picturesPerSecond else { return option }
        return option > 0 ? min(option, rung) : rung
    }
}
