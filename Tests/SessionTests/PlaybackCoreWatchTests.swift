import Controls
import Media
import Testing
@testable import Session

/// The playback core's watch on what plays, with numbers: stalls, a silent server, deadlines.
@Suite("PlaybackCore watch")
struct PlaybackCoreWatchTests {
    /// What mpv reports of a local video playing at `position`, `frames` frames in.
    static func seen(_ position: Double?, frames: Int = 0, picture: Bool = true) -> PlaybackCore.Look {
        var seen = PlaybackCore.Look()
        seen.state.isPaused = false
        seen.state.position = position
        seen.frames = frames
        seen.state.tracks = [Track(id: 1, kind: .video, isSelected: true)]
        seen.state.videoSize = picture ? VideoSize(width: 64, height: 36) : nil
        return seen
    }

    /// What the tick at `now` asks of the watches, the resume save (which every tick may ask) left out.
    static func watch(_ core: inout PlaybackCore, _ seen: PlaybackCore.Look, now: Double) -> [PlaybackCore.Command] {
        core.event(.tick(seen), now: now).filter { $0 != .saveResume }
    }

    /// The reason of the failure `commands` record, if any.
    static func failure(_ commands: [PlaybackCore.Command]) -> String? {
        for case .session(.recordFailure(_, let reason)) in commands { return reason }
        return nil
    }

    @Test("the words of a failure say what mpv said, and a server that allows no seeking", arguments: [
        (StallDetector.Verdict.stalled, "broken pipe", false, "playback stopped moving at 1:05; the server does not allow seeking (no byte ranges) (broken pipe)"),
        (.noPicture, "no decoder", true, "the picture cannot be shown (no decoder)"),
        (.nothingPlayed, nil, false, "nothing could be played: the server does not allow seeking (no byte ranges), and this file needs it"),
        (.nothingPlayed, "eof", true, "nothing could be played: the stream ended before its first frame (eof)"),
    ] as [(StallDetector.Verdict, String?, Bool, String)])
    func words(verdict: StallDetector.Verdict, problem: String?, seekable: Bool, expected: String) {
        let said = PlaybackCore.Said(problem: problem, isSeekable: seekable, isNetworkStream: true)
        #expect(PlaybackCore.stallReason(verdict, position: 65, duration: 120, said: said) == expected)
    }

    @Test("a given --network-timeout is named in the silence's words")
    func givenTimeout() {
        let core = PlaybackCore(session: SessionCoreTests.core(), silenceLimit: 11.5, networkTimeoutGiven: true)
        #expect(core.silenceReason == "the server sent nothing for 10.5 s (--network-timeout)")
    }

    @Test("nothing is watched before the item is ready")
    func notReady() {
        var core = PlaybackCore(session: SessionCoreTests.core(), silenceLimit: 61)
        _ = core.event(.session(.play(item: 0, paused: false)), now: 0)
        #expect(Self.watch(&core, Self.seen(0), now: 0).isEmpty)
        #expect(Self.watch(&core, Self.seen(0), now: 100).isEmpty)
    }

    @Test("a clock that stands 8 s with nothing to wait for is a stall, said once")
    func stall() {
        var core = PlaybackCoreTests.opened(at: 0, now: 0)
        #expect(Self.watch(&core, Self.seen(1, frames: 24), now: 1).isEmpty)
        #expect(Self.watch(&core, Self.seen(1, frames: 24), now: 8.9).isEmpty)
        let commands = Self.watch(&core, Self.seen(1, frames: 24), now: 9)
        #expect(commands.first == .session(.stop) && commands.last == .refreshStatus)
        #expect(Self.failure(commands) == "playback stopped moving at 0:01")
        #expect(Self.watch(&core, Self.seen(1, frames: 24), now: 20).isEmpty)
    }

    @Test("a paused clock is no stall")
    func paused() {
        var core = PlaybackCoreTests.opened(at: 0, now: 0)
        var seen = Self.seen(1, frames: 24)
        seen.state.isPaused = true
        #expect(Self.watch(&core, seen, now: 1).isEmpty)
        #expect(Self.watch(&core, seen, now: 30).isEmpty)
    }

    @Test("a video whose clock runs 1.5 s without a picture cannot be shown")
    func noPicture() {
        var core = PlaybackCoreTests.opened(at: 0, now: 0)
        #expect(Self.watch(&core, Self.seen(1.4, frames: 0, picture: false), now: 1.4).isEmpty)
        #expect(Self.failure(Self.watch(&core, Self.seen(1.5, frames: 0, picture: false), now: 1.5)) == "the picture cannot be shown")
    }

    @Test("a stream buffering with nothing arriving for the limit is silent; anything arriving starts the time over")
    func silence() {
        var core = PlaybackCoreTests.opened(at: 0, now: 0)
        var seen = Self.seen(3, frames: 72)
        seen.isNetworkStream = true
        seen.state.isPausedForCache = true
        seen.state.cache = CacheState(forwardBytes: 1000)
        #expect(Self.watch(&core, seen, now: 10).isEmpty)
        #expect(Self.watch(&core, seen, now: 70.9).isEmpty)
        seen.state.cache = CacheState(forwardBytes: 2000)
        #expect(Self.watch(&core, seen, now: 71).isEmpty)
        #expect(core.nextDeadline(now: 71, isPlaying: false, mayHavePlayedNothing: false) == 132)
        #expect(Self.failure(Self.watch(&core, seen, now: 132)) == "the server sent nothing for 60 s (mpv's --network-timeout)")
    }

    @Test("a file's own clock is no network's: buffering locally is never silent")
    func localBuffering() {
        var core = PlaybackCoreTests.playing()
        var seen = Self.seen(3, frames: 72)
        seen.state.isPausedForCache = true
        #expect(Self.watch(&core, seen, now: 10).isEmpty)
        #expect(Self.watch(&core, seen, now: 500).isEmpty)
    }

    @Test("the next deadline: the stall's while playing, every half second for a stream that may have played nothing")
    func deadlines() {
        let core = PlaybackCoreTests.opened(at: 0, now: 2)
        #expect(core.nextDeadline(now: 3, isPlaying: true, mayHavePlayedNothing: false) == 10)
        #expect(core.nextDeadline(now: 3, isPlaying: false, mayHavePlayedNothing: false) == nil)
        #expect(core.nextDeadline(now: 3, isPlaying: false, mayHavePlayedNothing: true) == 3.5)
    }

    @Test("a stream at its end that played nothing is told apart from one that moved", arguments: [
        (0.0, true, true), (0.005, true, true), (0.5, true, false), (0.0, false, false),
    ])
    func playedNothing(position: Double, drained: Bool, nothing: Bool) {
        let core = PlaybackCoreTests.opened(at: 0, now: 0)
        #expect(core.playedNothing(position: position, drained: drained) == nothing)
    }
}
