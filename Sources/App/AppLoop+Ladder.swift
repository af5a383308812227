import Controls
import Options

/// The link's ladder (``Controls/LinkLadder``): what a picture may spend on a slow link.
extension AppLoop {
    /// Tells the ladder of a screen just written; `rewriting`: the screen is part of a redraw
    /// (a new rung's colours, a resize) cut into pieces, whose bytes say nothing of the pictures.
    func noteLadder(picture: Bool, rewriting: Bool, now: Double) {
        // For the bench's account of the picture's age: the screen written next was cut short.
        if renderer.lastFrameCut { TraceLog.shared?.record("cut") }
        guard picture, !rewriting, renderer.frameCap != nil, let rate = pacer.rate else { return }
        if let rung = ladder.event(.picture(overflowed: renderer.lastFrameOverCap, rate: rate), now: now) {
            TraceLog.shared?.record("rung \(rung.name)", now: now)
        }
    }

    /// Whether the last screen was a picture cut short at the link's cap and is not answered for
    /// yet: the rest of it goes once it is, and no screen but a key's goes before. A screen of the
    /// controls drawn meanwhile would write as much of that rest as the cap allows, and count as
    /// a picture, so that the next could go too: at 800 kbit/s each picture went in three or four
    /// pieces back to back, 40 kB on the link, and its rows arrived 260 ms after they were written.
    var cutPictureAwaited: Bool { renderer.lastFrameCut && !pacer.mayWritePicture }

    /// The most pictures a second: `--terminal-max-fps`'s, or the ladder's rung's when lower;
    /// 0 for no cap.
    var picturesPerSecondCap: Double {
        let option = context.options.terminalMaxFPS
        guard let rung = ladder.rung.setting.picturesPerSecond else { return option }
        return option > 0 ? min(option, rung) : rung
    }
}
