import History
import MediaJobs
import Playback
import System

/// The session's screenshots: taken from its mpv, written off the loop.
extension ScreenshotJobs {
    /// Takes the frame of `player` for a PNG at the video's own size, named after `source`;
    /// says how many wait, or why none was taken. Playback goes on either way.
    func take(subtitles: Bool, from player: any Player, source: MediaSource?, now: Double) -> String? {
        take(subtitles: subtitles, from: player, source: source ?? .file("reel"), position: player.state.position ?? 0, now: now)
    }

    /// Quitting: gives the screenshots pending `patience` seconds, taking the frames `player`
    /// hands back meanwhile (every other event of mpv's is let go: the run is over); returns the
    /// lines for stderr (``finish(patience:clock:frames:receive:)``).
    func finish(patience: Double, player: any Player) -> [String] {
        finish(patience: patience, clock: monotonicNow, frames: player.wakeupDescriptor) {
            var notices: [String] = []
            for case let .screenshot(id, frame, error) in player.drainEvents() {
                if let notice = self.received(id: id, frame: frame, error: error, now: monotonicNow()) { notices.append(notice) }
            }
            return notices
        }
    }
}
