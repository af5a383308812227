import Commands
import Controls

/// Commands and changes that come from outside the terminal: MPRIS (media keys, playerctl) and
/// clients of mpv's IPC socket. They show on screen as the keys' do.
extension PlayerScreen {
    /// Runs a command of the table as a key bound to it would, with its notice and screen-reader
    /// line; returns what the app must do.
    public mutating func run(_ command: Command, now: Seconds) -> [PlayerAction] {
        var actions = tick(now: now)
        actions += withPendingSettings(now: now) { screen in screen.perform(command, now: now) }
        needsRedraw = true
        return actions
    }

    /// mpv moved to a new position that reel did not ask for (a client of the IPC socket): the
    /// controls come up with the new time, and the screen reader says where.
    public mutating func seekedFromOutside(now: Seconds) {
        chrome.activity(now: now)
        seekCompleted(now: now)
        needsRedraw = true
    }

    /// Shows the notices the keys would for settings that changed without the screen asking
    /// (`awaited` are the ones it asked for): volume, mute, speed and the tracks.
    mutating func announceOutsideChanges(from old: MediaStatus, to new: MediaStatus,
                                         awaited: Set<PendingSettings.Setting>, now: Seconds) {
        // Only within one loaded item: a new item brings its own values with it.
        guard old.isLoaded, new.isLoaded, old.phase.item == new.phase.item else { return }
        if let volume = new.volume, let before = old.volume, volume != before, !awaited.contains(.volume) {
            notify(Self.volumeNotice(volume, noDevice: new.hasNoSoundDevice), now: now)
        }
        if new.isMuted != old.isMuted, !awaited.contains(.muted) { notify(Self.muteNotice(new.isMuted), now: now) }
        if new.speed != old.speed, !awaited.contains(.speed) { notify(Self.speedNotice(new.speed), now: now) }
        if new.audioTrack != old.audioTrack, !old.audioTracks.isEmpty, !awaited.contains(.audioTrack) {
            notify(audioNotice(new.audioTrack), now: now)
        }
        if new.subtitleTrack != old.subtitleTrack, !old.subtitleTracks.isEmpty, !awaited.contains(.subtitleTrack) {
            notify(subtitleNotice(new.subtitleTrack), now: now)
        }
    }

    /// "Volume 80 %"; with no sound device, "Volume 80 % · No sound device: playing silently".
    static func volumeNotice(_ volume: Double, noDevice: Bool) -> String {
        "Volume \(Int(volume.rounded())) %" + (noDevice ? " · " + noSoundDeviceNotice : "")
    }
    /// What is said once when sound plays into nothing for want of a device.
    public static let noSoundDeviceNotice = "No sound device: playing silently"
    /// "Muted", "Sound on".
    static func muteNotice(_ muted: Bool) -> String { muted ? "Muted" : "Sound on" }
    /// "Speed 1.5×".
    static func speedNotice(_ speed: Double) -> String { "Speed \(SpeedSteps.number(speed))×" }
}
