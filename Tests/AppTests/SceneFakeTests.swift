import Drawing
@testable import History
@testable import MediaJobs
@testable import Options
import Playback
import Screens
import System
import Terminal
import Testing
@testable import App

/// The player and poster scenes and the scrub preview over a session with a fake player: their
/// decisions with no libmpv.
@Suite("Scenes with a fake player")
struct SceneFakeTests {
    static let context = SceneContext(size: TerminalSize(columns: 100, rows: 40), encoder: FrameEncoder(blitter: .half),
                                      options: ReelOptions(), commands: .standard())

    /// A session of one file, playing from 0.
    static func single() -> (PlaybackSession, FakePlayer) {
        let player = FakePlayer()
        var options = ReelOptions()
        options.paths = ["/v/one.mp4"]
        let session = PlaybackSession(player: player, items: [PlaylistItem(source: .file(FilePath("/v/one.mp4")))],
                                      options: options, resume: nil)
        session.play(0, now: 0)
        PlaybackSessionFakeTests.open(session, player, now: 0)
        player.state.isPaused = false
        player.events = [.videoReconfigured]
        _ = session.pump(now: 0.1)
        return (session, player)
    }

    static func playerScene(_ session: PlaybackSession, canClose: Bool) -> PlayerScene {
        PlayerScene(session: session, context: context, canClose: canClose, reveal: false, thumbnails: nil,
                    showsRemaining: false, now: 0)
    }

    /// The clock stands at 3 s from 1 s to 9 s: the session stops mpv, which answers; the pump at 9.1 s.
    static func stall(_ session: PlaybackSession, _ player: FakePlayer) -> PumpResult {
        player.state.position = 3
        session.tick(now: 1)
        session.tick(now: 9)
        #expect(player.commands.last == "stop")
        player.events = [.endFile(.stopped), .idle]
        player.state.isIdle = true
        return session.pump(now: 9.1)
    }

    @Test("an item that fails with nothing to go back to ends the run with exit 1 and the reason")
    func failureQuits() {
        let (session, player) = Self.single()
        let scene = Self.playerScene(session, canClose: false)
        let request = scene.pump(now: 9.1, session: Self.stall(session, player), canTakeFrame: false)
        guard case .quit(let code, let line)? = request else {
            Issue.record("no quit: \(String(describing: request))")
            return
        }
        #expect(code == 1)
        #expect(line == "reel: /v/one.mp4: playback stopped moving at 0:03", "the path as given")
    }

    @Test("the same failure with a place below leaves the player up: Esc goes back")
    func failureWithPlaceBelow() {
        let (session, player) = Self.single()
        let scene = Self.playerScene(session, canClose: true)
        #expect(scene.pump(now: 9.1, session: Self.stall(session, player), canTakeFrame: false) == nil)
        #expect(session.lastFailure != nil)
    }

    @Test("close while the item opens cancels the opening and goes back")
    func closeWhileOpening() {
        let player = FakePlayer()
        let session = PlaybackSession(player: player, items: [PlaylistItem(source: .file(FilePath("/v/one.mp4")))],
                                      options: ReelOptions(), resume: nil)
        session.play(0, now: 0)
        let scene = Self.playerScene(session, canClose: true)
        #expect(session.core.machine.isOpening)
        guard case .back? = scene.run(.close, now: 0.1) else {
            Issue.record("not back")
            return
        }
        #expect(!session.core.machine.isOpening)
    }

    @Test("a key's command reaches mpv through the session, and hiding the player pauses it")
    func commandsAndHide() {
        let (session, player) = Self.single()
        let scene = Self.playerScene(session, canClose: true)
        _ = scene.run(.frameStep, now: 1)
        #expect(player.commands.last == "frame-step")
        scene.willHide(now: 2)
        #expect(player.commands.last == "pause")
    }

    @Test("the poster card loads its item paused behind it")
    func posterLoadsPaused() {
        let player = FakePlayer()
        let session = PlaybackSession(player: player, items: [PlaylistItem(source: .file(FilePath("/v/one.mp4")))],
                                      options: ReelOptions(), resume: nil)
        var options = ReelOptions()
        options.posterCard.aspectRatio = 16.0 / 9  // the card's shape is given: no wait for the video's
        var context = Self.context
        context.options = options
        _ = PosterScene(session: session, item: 0, canClose: true, context: context, now: 0)
        #expect(player.commands == ["pause", "open /v/one.mp4"])
        #expect(session.core.machine.isOpening)
    }

    @Test("the scrub preview is offered for files and http(s) with a length, and never for standard input or live streams",
          arguments: [
              (MediaSource.file(FilePath("/v/one.mp4")), 60.0 as Double?, true as Bool?, true),
              (.file(FilePath("/v/one.mp4")), nil, true, false),
              (.file(FilePath("/v/one.mp4")), 60, false, false),
              (.url("https://example.com/a.mp4"), 60, nil, true),
              (.url("rtmp://example.com/live"), 60, true, false),
              (.standardInput, 60, true, false),
          ])
    func previewAvailable(source: MediaSource, duration: Double?, seekable: Bool?, available: Bool) {
        let preview = ScrubPreview(usesYtdl: false, logFile: nil)
        #expect(preview.isAvailable(for: source, duration: duration, seekable: seekable) == available)
        #expect(preview.wakeDescriptors.isEmpty, "no decoder before the first hover")
    }
}
