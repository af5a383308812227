import Controls
import Playback
import System
import Terminal

/// The first stage of the ``PollLoop``: up to a second for the first item to open before the
/// terminal is touched, so that a file mpv cannot open is one line on a clean terminal (exit 1).
///
/// Anything slower opens on screen, where keys and signals work. A signal meanwhile ends reel at
/// once (128+N). Playlists that open one another get up to 3 s to reach a file, or the nesting
/// limit (``PlaybackCore``), so that a playlist that lists itself is one line too.
final class StartWait: LoopStage {
    private let playback: PlaybackSession
    private let signals: TerminalSession
    private let start: Double
    private var scheduler = LoopScheduler()
    private var over = false
    /// The exit code when the run ends here: a signal's 128+N, or 1 for an item that failed.
    private(set) var exitCode: Int32?

    init(playback: PlaybackSession, signals: TerminalSession, start: Double) {
        self.playback = playback
        self.signals = signals
        self.start = start
    }

    /// When the wait gives up and the terminal is entered.
    private var deadline: Double { start + (playback.core.isFollowingPlaylists ? 3 : 1) }

    func nextWait(now: Double) -> LoopWait? {
        guard !over, now < deadline else { return nil }
        let entries = [PollEntry(playback.player.wakeupDescriptor, events: .readable), PollEntry(signals.signalDescriptor, events: .readable)]
        return scheduler.wait(on: entries, LoopScheduler.Outlook(deadlines: [deadline]), now: now)
    }

    func pass(now: Double) {
        for signal in signals.pendingSignals() {
            if case .terminate(let number) = signal { return end(128 + number) }
        }
        _ = playback.pump(now: now)
        // Frames are let go meanwhile, so mpv's video output never waits.
        _ = playback.frames.take(from: playback.player, size: (2, 2), draw: false, now: now)
        if case .failed(let reason)? = playback.core.runEnd {
            printError(ReelApp.failureLine(reason, item: playback.lastFailure?.item))
            return end(1)
        }
        switch playback.core.phase {
        case .playing, .ended: over = true
        default: break
        }
    }

    private func end(_ code: Int32) {
        exitCode = code
        over = true
    }
}
