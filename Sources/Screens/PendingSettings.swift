import Controls
import Media

/// Settings the screen has asked mpv for and mpv has not confirmed yet.
///
/// Keys can come faster than mpv reports a change back: two presses of `]` must step twice, not
/// step once from the old speed twice. Each value asked for is used as the base for the next
/// step until mpv reports it, or for a second at most (mpv may refuse, or clamp).
struct PendingSettings: Sendable, Equatable {
    private struct Pending<Value: Sendable & Equatable>: Sendable, Equatable {
        var value: Value
        var expiry: Seconds
    }

    private var speed: Pending<Double>?
    private var volume: Pending<Double>?
    private var muted: Pending<Bool>?
    private var subtitleDelay: Pending<Seconds>?
    private var audioDelay: Pending<Seconds>?
    private var loopsFile: Pending<Bool>?
    private var abLoop: Pending<ABLoop>?
    private var audioTrack: Pending<Int?>?
    private var subtitleTrack: Pending<Int?>?

    /// A setting the screen can ask of mpv.
    enum Setting: Sendable, Hashable {
        case speed, volume, muted, audioTrack, subtitleTrack
    }

    /// The settings asked for and not yet confirmed: a change of one of them now is the screen's
    /// own, and anything else that changes came from outside (mpv's IPC, MPRIS).
    func awaited(now: Seconds) -> Set<Setting> {
        var settings: Set<Setting> = []
        if let speed, now < speed.expiry { settings.insert(.speed) }
        if let volume, now < volume.expiry { settings.insert(.volume) }
        if let muted, now < muted.expiry { settings.insert(.muted) }
        if let audioTrack, now < audioTrack.expiry { settings.insert(.audioTrack) }
        if let subtitleTrack, now < subtitleTrack.expiry { settings.insert(.subtitleTrack) }
        return settings
    }

    static let lifetime: Seconds = 1

    /// `status` with the values still pending in place of mpv's.
    func applied(to status: MediaStatus, now: Seconds) -> MediaStatus {
        var status = status
        if let speed, now < speed.expiry { status.speed = speed.value }
        if let volume, now < volume.expiry { status.volume = volume.value }
        if let muted, now < muted.expiry { status.isMuted = muted.value }
        if let subtitleDelay, now < subtitleDelay.expiry { status.subtitleDelay = subtitleDelay.value }
        if let audioDelay, now < audioDelay.expiry { status.audioDelay = audioDelay.value }
        if let loopsFile, now < loopsFile.expiry { status.loopsFile = loopsFile.value }
        if let abLoop, now < abLoop.expiry { status.abLoop = abLoop.value }
        return status
    }

    /// Forgets what mpv now reports as it was asked.
    mutating func confirm(_ status: MediaStatus) {
        if speed?.value == status.speed { speed = nil }
        if volume?.value == status.volume { volume = nil }
        if muted?.value == status.isMuted { muted = nil }
        if subtitleDelay?.value == status.subtitleDelay { subtitleDelay = nil }
        if audioDelay?.value == status.audioDelay { audioDelay = nil }
        if loopsFile?.value == status.loopsFile { loopsFile = nil }
        if let asked = abLoop?.value, Self.same(asked, status.abLoop) { abLoop = nil }
        if audioTrack?.value == status.audioTrack { audioTrack = nil }
        if subtitleTrack?.value == status.subtitleTrack { subtitleTrack = nil }
    }

    /// Records what the actions ask of mpv.
    mutating func record(_ actions: [PlayerAction], now: Seconds) {
        let expiry = now + Self.lifetime
        for action in actions {
            switch action {
            case .setSpeed(let value): speed = Pending(value: value, expiry: expiry)
            case .setVolume(let value): volume = Pending(value: value, expiry: expiry)
            case .setMuted(let value): muted = Pending(value: value, expiry: expiry)
            case .setSubtitleDelay(let value): subtitleDelay = Pending(value: value, expiry: expiry)
            case .setAudioDelay(let value): audioDelay = Pending(value: value, expiry: expiry)
            case .setLoopsFile(let value): loopsFile = Pending(value: value, expiry: expiry)
            case .setABLoop(let value): abLoop = Pending(value: value, expiry: expiry)
            case .selectAudio(let id): audioTrack = Pending(value: id, expiry: expiry)
            case .selectSubtitles(let id): subtitleTrack = Pending(value: id, expiry: expiry)
            default: break
            }
        }
    }

    /// mpv reports the points it was given, to its own rounding.
    private static func same(_ asked: ABLoop, _ reported: ABLoop) -> Bool {
        func same(_ x: Seconds?, _ y: Seconds?) -> Bool {
            switch (x, y) {
            case (nil, nil): true
            case let (x?, y?): abs(x - y) < 0.001
            default: false
            }
        }
        return same(asked.a, reported.a) && same(asked.b, reported.b)
    }
}
