import Foundation
import Testing

/// reel in tmux with sound asked for and no device to play it on: the notice, once, and the
/// volume notice that says the same; and `--no-audio`, which asks for silence, says nothing.
@Suite("Sound device end to end", .serialized)
struct SoundDeviceEndToEndTests {
    /// Every sound server and device mpv tries, pointed nowhere: a machine with no sound, on any machine.
    static let nowhere = ["PULSE_SERVER": "unix:/nonexistent/pulse", "PIPEWIRE_REMOTE": "/nonexistent/pipewire",
                          "ALSA_CONFIG_PATH": "/nonexistent/alsa.conf", "JACK_NO_START_SERVER": "1",
                          "JACK_DEFAULT_SERVER": "reel-nonexistent", "SDL_AUDIODRIVER": "alsa"]

    @Test("with no sound device it says once that it plays silently, and the volume notice says so too")
    func noDevice() throws {
        let tmux = try TmuxSession([Paths.reel, Paths.sample("long.mp4")], environment: Self.nowhere)
        try tmux.waitFor("No sound device: playing silently")
        try tmux.waitForScreen(timeout: 15) { !$0.contains("No sound device") }
        try tmux.send("Up")
        try tmux.waitFor("Volume 105 % · No sound device: playing silently")
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
        #expect(tmux.standardError.isEmpty, "stderr: \(tmux.standardError)")
    }

    @Test("--no-audio asks for silence: no word of a sound device")
    func noAudioSaysNothing() throws {
        let tmux = try TmuxSession([Paths.reel, "--no-audio", Paths.sample("long.mp4")], environment: Self.nowhere)
        let screen = try tmux.waitForScreen { $0.contains("0:01") || $0.contains("0:02") }
        #expect(!screen.contains("No sound device"))
        try tmux.send("Up")
        let volume = try tmux.waitFor("Volume 105 %")
        #expect(!volume.contains("No sound device"))
        try tmux.send("q")
        #expect(tmux.waitForExit() == 0)
    }
}
