import Playback
import Testing

/// Sound with no device to play it on, against the real libmpv: mpv falls back to its null
/// output, and the player tells that apart from silence asked for (`--no-audio`).
@Suite("MpvPlayer: no sound device", .serialized)
struct PlayerSoundDeviceTests {
    @Test("with no device to open, mpv plays into null and the player says there is no sound device")
    func noDevice() throws {
        // ALSA on a device that is not there: what a machine with no sound card gives, on any machine.
        let driver = try PlayerDriver { configuration in
            configuration.extraOptions["ao"] = "alsa"
            configuration.extraOptions["audio-device"] = "alsa/reel-no-such-device"
        }
        try driver.load(PlayerDriver.sample("demo.mp4"))
        try driver.run { state, _ in state.audioOutput != nil }
        #expect(driver.player.state.audioOutput == "null")
        #expect(driver.player.hasNoSoundDevice)
    }

    @Test("--no-audio's null output is silence asked for, not a missing device", arguments: [false, true])
    func silenceAskedFor(byOption: Bool) throws {
        let driver = try PlayerDriver { configuration in
            // reel's --no-audio, or the option itself (the driver's own ao=null).
            configuration.audio = byOption
            if !byOption { configuration.extraOptions["ao"] = nil }
        }
        try driver.load(PlayerDriver.sample("demo.mp4"))
        try driver.run { state, _ in state.audioOutput != nil }
        #expect(driver.player.state.audioOutput == "null")
        #expect(!driver.player.hasNoSoundDevice)
    }
}
