import Controls
import Drawing
import Formatting
import Media
import ScreenParts

/// The A-B loop (mpv's `ab-loop`): one key sets A, then B, then clears; the scrubber marks both.
extension PlayerScreen {
    /// The loop's next step from where it stands: A here, then B here (the two in order), then off.
    mutating func stepABLoop(now: Seconds) -> [PlayerAction] {
        chrome.activity(now: now)
        guard status.isLoaded, !status.isImage, MediaTime.safeDuration(status.duration) > 0 else {
            notify("No A-B loop here: the video has no length", now: now)
            return []
        }
        let here = status.position ?? 0
        let duration = MediaTime.safeDuration(status.duration)
        let loop: ABLoop
        switch (status.abLoop.a, status.abLoop.b) {
        case (nil, _):
            loop = ABLoop(a: here)
            notify("A-B loop: A at \(TimeText.format(here, within: duration)) · again for B", now: now)
        case (let a?, nil):
            guard abs(here - a) >= 0.1 else {
                notify("A-B loop: B must be apart from A", now: now)
                return []
            }
            loop = ABLoop(a: min(a, here), b: max(a, here))
            notify(Self.abLoopNotice(loop, within: duration), now: now)
        default:
            loop = ABLoop()
            notify("A-B loop off", now: now)
        }
        return [.setABLoop(loop)]
    }

    /// "A-B loop 1:02 – 1:10", in the file's clock format.
    static func abLoopNotice(_ loop: ABLoop, within duration: Seconds) -> String {
        "A-B loop \(TimeText.format(loop.a ?? 0, within: duration)) – \(TimeText.format(loop.b ?? 0, within: duration))"
    }

    /// `actions` with the loop dropped when one of them seeks outside it, as mpv stops looping a
    /// range that playback was taken out of; a seek inside it keeps it.
    mutating func droppingABLoop(after actions: [PlayerAction], now: Seconds) -> [PlayerAction] {
        let targets = actions.compactMap { action -> Seconds? in
            switch action {
            case .seek(.by(let seconds)): (status.position ?? 0) + seconds
            case .seek(.to(let time, _)): time
            default: nil
            }
        }
        // Most input seeks nothing: the pending settings are looked at only for a seek.
        guard !targets.isEmpty else { return actions }
        let loop = pending.applied(to: status, now: now).abLoop
        guard loop.isComplete, targets.contains(where: { !loop.contains($0) }) else { return actions }
        notify("A-B loop off", now: now)
        status.abLoop = ABLoop()
        pending.record([.setABLoop(ABLoop())], now: now)
        return actions + [.setABLoop(ABLoop())]
    }

    /// A and B on the scrubber, and the stretch between them in the buffered band's colour.
    func drawABLoop(into canvas: inout Canvas, duration: Seconds) {
        guard duration > 0, let a = status.abLoop.a else { return }
        let bar = layout.scrubber
        func column(_ time: Seconds) -> Int {
            bar.x + min(Int((min(max(time / duration, 0), 1) * Double(bar.width)).rounded(.down)), bar.width - 1)
        }
        let start = column(a)
        if let b = status.abLoop.b {
            let end = column(b)
            for x in start...max(start, end) {
                var cell = canvas[x, bar.y]
                cell.bg = Theme.abLoop
                canvas[x, bar.y] = cell
            }
            canvas.drawText("B", x: end, y: bar.y, fg: Theme.text, bg: Theme.abLoop, style: .bold)
        }
        canvas.drawText("A", x: start, y: bar.y, fg: Theme.text, bg: Theme.abLoop, style: .bold)
    }
}
