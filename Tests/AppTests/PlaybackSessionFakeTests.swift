@testable import Desktop
@testable import History
import Media
@testable import Options
import Playback
import System
import Testing
@testable import App

/// The session with a fake player and a fake clock: what it asks of mpv, and what it makes of
/// mpv's events, with no libmpv.
@Suite("PlaybackSession with a fake player")
struct PlaybackSessionFakeTests {
    static let names = ["/v/one.mp4", "/v/two.mp4", "/v/three.mp4"]

    /// A session over three files, with its fake player.
    static func session(options configure: (inout ReelOptions) -> Void = { _ in }) -> (PlaybackSession, FakePlayer) {
        var options = ReelOptions()
        options.paths = names
        configure(&options)
        let player = FakePlayer()
        let items = names.map { PlaylistItem(source: .file(FilePath($0))) }
        return (PlaybackSession(player: player, items: items, options: options, resume: nil), player)
    }

    /// mpv's usual order as it opens the file it was given, as entry `entry`, at `now`.
    static func open(_ session: PlaybackSession, _ player: FakePlayer, entry: Int = 1, now: Double) {
        let name = player.commands.last { $0.hasPrefix("open ") }.map { String($0.dropFirst(5)) } ?? ""
        player.state.playlist = [PlaylistEntry(filename: name, id: entry, isPlaying: true)]
        player.state.position = 0
        player.state.duration = 60
        player.state.isPaused = true
        player.events = [.propertyChanged(.playlist), .startFile(entryID: entry), .loadHook(id: 7), .fileLoaded, .playbackRestart]
        _ = session.pump(now: now)
    }

    /// A session playing its first file, opened at 0.
    static func playing() -> (PlaybackSession, FakePlayer) {
        let (session, player) = session()
        session.play(0, now: 0)
        open(session, player, now: 0)
        player.state.isPaused = false
        player.state.title = "One"
        player.events = [.videoReconfigured]
        _ = session.pump(now: 0.1)
        return (session, player)
    }

    @Test("play pauses mpv and gives it the item alone; mpv's events open it, the load hook goes on, and it plays")
    func opens() {
        let (session, player) = Self.session()
        session.play(1, now: 0)
        #expect(player.commands == ["pause", "open /v/two.mp4"])
        #expect(session.core.machine.isOpening && !session.core.isReady)
        Self.open(session, player, now: 0.5)
        #expect(player.commands.suffix(2) == ["continue 7", "play"])
        #expect(session.core.isReady && session.core.currentItem == 1)
    }

    @Test("the parts FFmpeg skipped and the entries mpv refused are counted across passes, in one notice each")
    func counts() {
        let (session, player) = Self.playing()
        _ = session.takeNotices()
        player.skippedParts = 1
        #expect(session.takeNotices() == ["Skipped a part of the stream the server did not send"])
        player.skippedParts = 2
        player.refusals = ["/etc/passwd"]
        #expect(session.takeNotices() == [
            "Skipped 3 parts of the stream the server did not send",
            "Left out a playlist entry: a playlist from the network may not open local files or mpv's special protocols",
        ])
        #expect(session.takeNotices().isEmpty)
    }

    @Test("no sound device is said once a run")
    func noSoundDevice() {
        let (session, player) = Self.playing()
        _ = session.takeNotices()
        player.hasNoSoundDevice = true
        #expect(session.takeNotices().count == 1)
        #expect(session.takeNotices().isEmpty)
    }

    @Test("a playlist that keeps opening playlists fails at the limit, naming the item given to mpv")
    func nesting() {
        let (session, player) = Self.session()
        session.play(0, now: 0)
        for round in 0...10 {
            #expect(session.lastFailure == nil, "round \(round)")
            player.events = [.startFile(entryID: round + 1), .endFile(.redirect)]
            _ = session.pump(now: Double(round))
        }
        #expect(session.lastFailure?.reason == "the playlist includes itself, or playlists nest more than 10 deep")
        #expect(session.lastFailure?.item.source == .file(FilePath("/v/one.mp4")))
        #expect(!session.core.isFollowingPlaylists)
    }

    @Test("a clock that stands 8 s while playing fails the item with the time it stopped at")
    func stall() {
        let (session, player) = Self.playing()
        player.state.position = 3
        session.tick(now: 1)
        #expect(session.nextDeadline(now: 1) == 9)
        session.tick(now: 8.9)
        #expect(session.lastFailure == nil)
        session.tick(now: 9)
        #expect(session.lastFailure?.reason == "playback stopped moving at 0:03")
    }

    @Test("a paused picture that mpv's refresh after a track switch moves is sought back to")
    func trackSwitch() {
        let (session, player) = Self.playing()
        player.state.isPaused = true
        player.state.position = 12.5
        session.perform(.selectAudio(2), now: 10)
        player.state.position = 11.9
        player.events = [.playbackRestart]
        _ = session.pump(now: 10.2)
        #expect(player.commands.suffix(2) == ["aid id(2)", "seek to 12.5"])
    }

    @Test("a held key's seeks: one in flight, the rest merged and sent after mpv's restart, which is then no outside seek")
    func seeks() {
        let (session, player) = Self.playing()
        session.perform(.seek(.by(5)), now: 1)
        session.perform(.seek(.by(5)), now: 1.05)
        session.perform(.seek(.by(5)), now: 1.1)
        #expect(player.commands.filter { $0.hasPrefix("seek") } == ["seek by 5.0"])
        let id = UInt64(100 + player.commands.count)
        player.events = [.commandReply(id: id, error: nil), .playbackRestart]
        let result = session.pump(now: 1.2)
        #expect(result.seekCompleted && result.restarted && !result.seekedFromOutside)
        #expect(player.commands.filter { $0.hasPrefix("seek") } == ["seek by 5.0", "seek by 10.0"])
    }

    @Test("a seek mpv refuses is let go: the next key's seek goes to mpv at once instead of waiting for a restart that never comes")
    func refusedSeek() {
        let (session, player) = Self.playing()
        player.refusedSeeks = 1
        session.perform(.seek(.by(5)), now: 1)
        session.perform(.seek(.by(5)), now: 1.05)
        #expect(player.commands.filter { $0.hasPrefix("seek") } == ["seek refused", "seek by 5.0"])
    }

    @Test("a restart that none of reel's seeks explains is a seek from outside (for MPRIS's Seeked)")
    func outsideSeek() {
        let (session, player) = Self.playing()
        player.events = [.playbackRestart]
        let result = session.pump(now: 3)
        #expect(result.restarted && result.seekedFromOutside && !result.seekCompleted)
    }

    @Test("a sub-seek with no line there says so")
    func subtitleSeek() {
        let (session, player) = Self.playing()
        _ = session.takeNotices()
        session.perform(.subtitleSeek(1), now: 5)
        let id = UInt64(100 + player.commands.count)
        player.events = [.commandReply(id: id, error: MpvError(code: -12, operation: "sub-seek"))]
        _ = session.pump(now: 5.1)
        #expect(session.takeNotices() == ["No next subtitle line"])
    }

    @Test("the position is saved every 15 s while playing (no resume store: the times alone)")
    func resumeTimes() {
        let (session, player) = Self.playing()
        for (now, saved) in [(5.0, 5.0), (12, 5), (19.9, 5), (20, 20), (27, 20), (34, 20), (35, 35)] {
            player.state.position = now  // the clock moves: no stall
            session.tick(now: now)
            #expect(session.core.lastResumeSave == saved, "at \(now)")
        }
    }

    @Test("MPRIS sees the item playing, its title and what can be done from the bus")
    func mprisState() {
        let (session, _) = Self.playing()
        let state = MPRISService.state(of: session, playerShown: true, artURL: nil)
        #expect(state.status == .playing && state.item == 0 && state.title == "One")
        #expect(state.url == "file:///v/one.mp4")
        #expect(state.canPause && state.canSeek && state.canGoNext && !state.canGoPrevious)
        let hidden = MPRISService.state(of: session, playerShown: false, artURL: nil)
        #expect(!hidden.canPause && !hidden.canGoNext)
    }
}
