import Controls
import Playback

/// Keeps at most one seek in flight in mpv: a seek counts as in flight from its command until mpv
/// has restarted playback at the new place, and seeks asked for meanwhile are merged
/// (``SeekCoalescer``), so a held arrow key never floods mpv.
struct SeekTracker {
    private var coalescer = SeekCoalescer()
    private var inFlight: (id: UInt64, replied: Bool, sentAt: Double)?

    /// Asks for `request`: sent now, or merged into the next one.
    mutating func request(_ request: SeekRequest, player: any Player, now: Double) throws(MpvError) {
        if case .send(let merged) = coalescer.request(request) { try send(merged, player: player, now: now) }
    }

    /// Forgets everything waiting (a new file, a restart).
    mutating func reset() {
        coalescer.reset()
        inFlight = nil
    }

    /// Whether a seek of ours is on its way.
    var hasSeekInFlight: Bool { inFlight != nil }

    /// A command's reply arrived.
    mutating func replied(_ id: UInt64) {
        if inFlight?.id == id { inFlight?.replied = true }
    }

    /// mpv restarted playback; returns true when that finished a seek of ours.
    mutating func playbackRestarted(player: any Player, now: Double) -> Bool {
        guard inFlight?.replied == true else { return false }
        TraceLog.shared?.record("seeked", now: now)
        finish(player: player, now: now)
        return true
    }

    /// A seek mpv never confirms (a file that ended meanwhile) must not block later ones.
    mutating func expire(player: any Player, now: Double) {
        if let inFlight, now - inFlight.sentAt > 1.5 { finish(player: player, now: now) }
    }

    private mutating func send(_ request: SeekRequest, player: any Player, now: Double) throws(MpvError) {
        let id: UInt64
        switch request {
        case .by(let seconds):
            id = try player.seek(by: seconds, precision: .exact)
        case .to(let target, let exact):
            id = try player.seek(to: target, precision: exact ? .exact : .keyframe)
        }
        inFlight = (id, false, now)
        TraceLog.shared?.record("seek \(request)", now: now)
    }

    private mutating func finish(player: any Player, now: Double) {
        inFlight = nil
        if case .send(let merged) = coalescer.completed() { try? send(merged, player: player, now: now) }
    }
}
