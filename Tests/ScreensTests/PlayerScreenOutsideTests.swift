@testable import Commands
import Controls
import Media
import Testing
@testable import Screens

/// Commands and changes from outside the terminal (MPRIS, mpv's IPC socket) on the player screen.
@Suite("Player screen: from outside")
struct PlayerScreenOutsideTests {
    static func reader() -> PlayerScreen { PlayerScreenTests.screen { $0.screenReader = true } }

    /// A screen with a screen reader, shown item 0 playing, and that status.
    static func playingItem() -> (PlayerScreen, MediaStatus) {
        var screen = reader()
        var status = PlayerScreenTests.status()
        status.phase = .playing(item: 0)
        screen.update(status, now: 1)
        return (screen, status)
    }

    @Test("a command run from outside does what its key does, with the same notice and line")
    func runsLikeKeys() {
        var byKey = Self.reader(), byBus = Self.reader()
        let keyActions = byKey.handle(PlayerScreenTests.char("]"), now: 1)
        let busActions = byBus.run(.speedStep(1), now: 1)
        #expect(busActions == keyActions)
        #expect(busActions.contains(.setSpeed(1.25)))
        #expect(byBus.statusLine == "Speed 1.25×" && byBus.statusLine == byKey.statusLine)
        #expect(byBus.run(.cyclePause, now: 2) == [.togglePause])
        #expect(byBus.run(.playlistNext, now: 3) == [.playlistNext])
        #expect(byBus.run(.quit, now: 4) == [], "quit is a global command, run above the screens")
        #expect(GlobalCommand(.quit) == .quit)
    }

    @Test("quick commands from outside add up as quick presses do")
    func pendingSettings() {
        var screen = Self.reader()
        #expect(screen.run(.addVolume(-5), now: 1) == [.setVolume(95)])
        #expect(screen.run(.addVolume(-5), now: 1.1) == [.setVolume(90)], "the second step starts from the first")
    }

    @Test("a setting changed from outside gets the notice its key would give", arguments: [
        ("volume", "Volume 60 %"), ("mute", "Muted"), ("speed", "Speed 1.5×"), ("audio", "Audio: Français (fra) 2/2"),
    ])
    func outsideChanges(_ setting: String, _ notice: String) {
        var screen = Self.reader()
        var status = PlayerScreenTests.status()
        status.phase = .playing(item: 0)
        status.tracks = [Track(id: 1, kind: .audio, title: "English", language: "eng"),
                         Track(id: 2, kind: .audio, title: "Français", language: "fra")]
        status.audioTrack = 1
        screen.update(status, now: 1)
        switch setting {
        case "volume": status.volume = 60
        case "mute": status.isMuted = true
        case "speed": status.speed = 1.5
        default: status.audioTrack = 2
        }
        screen.update(status, now: 2)
        #expect(screen.statusLine == notice)
    }

    @Test("a change the screen asked for is said once, not again when mpv confirms it")
    func ownChangeOnce() {
        var (screen, status) = Self.playingItem()
        _ = screen.handle(PlayerScreenTests.char("]"), now: 2)
        let spoken = screen.spokenLines.count
        status.speed = 1.25
        screen.update(status, now: 2.1)
        #expect(screen.spokenLines.count == spoken, "said again: \(screen.spokenLines)")
    }

    @Test("a new item's own values are not announced as changes")
    func newItemIsQuiet() {
        var (screen, status) = Self.playingItem()
        let spoken = screen.spokenLines.count
        status.phase = .playing(item: 1)
        status.volume = 50
        screen.update(status, now: 2)
        #expect(!screen.spokenLines.dropFirst(spoken).contains("Volume 50 %"))
    }

    @Test("a seek reel did not make shows the controls and says where it landed")
    func outsideSeek() {
        var screen = PlayerScreenTests.screen { $0.screenReader = true; $0.chrome.hideDelay = 1 }
        screen.update(PlayerScreenTests.status(position: 42), now: 1)
        screen.seekedFromOutside(now: 10)
        #expect(screen.statusLine == "Moved to 0:42")
        #expect(screen.isChromeShown(at: 10.5))
    }
}
