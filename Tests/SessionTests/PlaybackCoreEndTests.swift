import Media
import Testing
@testable import Session

/// The end of an item with numbers: the file's end, or a stream that played nothing, or one the
/// server cut short.
@Suite("PlaybackCore's end of an item")
struct PlaybackCoreEndTests {
    /// A core playing item 0 of three, its watch begun at `start`.
    static func playing(watchFrom start: Double = 0) -> PlaybackCore {
        PlaybackCoreTests.opened(at: start, now: 1)
    }

    /// An end observed at `position` of a `duration`, over the network or not.
    static func end(at position: Double?, of duration: Double? = 100, network: Bool = true, picture: Bool = false,
                    drained: Bool = false, cut: (Int64, Int64)? = nil, loops: Bool = false) -> PlaybackCore.Look {
        var end = PlaybackCore.Look()
        end.state.isAtEnd = true
        end.state.loopsFile = loops
        end.isNetworkStream = network
        end.state.position = position
        end.state.duration = duration
        end.state.videoSize = picture ? VideoSize(width: 64, height: 36) : nil
        end.drained = drained
        end.cutShort = cut.map { PlaybackCore.Look.Cut(received: $0.0, announced: $0.1) }
        return end
    }

    enum Verdict: Equatable { case end, nothingPlayed, cutShort, none }

    static func verdict(_ commands: [PlaybackCore.Command], core: PlaybackCore) -> Verdict {
        let failure = PlaybackCoreWatchTests.failure(commands)
        if failure?.hasPrefix("nothing could be played") == true { return .nothingPlayed }
        if failure?.hasPrefix("the server closed the stream early") == true { return .cutShort }
        return core.session.isAtEnd ? .end : .none
    }

    @Test("the verdict at mpv's end", arguments: [
        // A stream that played nothing and was read to its end: a failure.
        (end(at: 0, drained: true), Verdict.nothingPlayed),
        // Its clock moved, or a picture was decoded: it played something.
        (end(at: 3, drained: true), .end),
        (end(at: 0, picture: true, drained: true), .end),
        // A local file that holds nothing is the empty file it is.
        (end(at: 0, network: false, drained: true), .end),
        // The server closed early, short of the duration: a failure.
        (end(at: 40, cut: (1_000, 5_000)), .cutShort),
        // ...but at the duration, the end is the file's.
        (end(at: 100, cut: (1_000, 5_000)), .end),
        (end(at: 40, network: false, cut: (1_000, 5_000)), .end),
        // A looping file's end is no end, and no failure.
        (end(at: 0, drained: true, loops: true), .none),
    ])
    func verdicts(end: PlaybackCore.Look, expected: Verdict) {
        var core = Self.playing()
        let commands = core.event(.endObserved(end), now: 2)
        #expect(Self.verdict(commands, core: core) == expected)
        if expected != .end { #expect(!core.session.isAtEnd) }
    }

    @Test("the cut-short failure says the server's counts, and the item stops")
    func cutShortCounts() {
        var core = Self.playing()
        let commands = core.event(.endObserved(Self.end(at: 40, cut: (1_000, 5_000))), now: 2)
        #expect(commands.first == .session(.stop))
        #expect(PlaybackCoreWatchTests.failure(commands) == PlaybackCore.cutShortReason(received: 1_000, announced: 5_000))
        #expect(PlaybackCore.cutShortReason(received: 1_000, announced: 5_000).hasPrefix("the server closed the stream early: it sent "))
    }

    @Test("only the first end is judged: once at the end, leaving it is the session core's")
    func judgedOnce() {
        var core = Self.playing()
        _ = core.event(.endObserved(Self.end(at: 100)), now: 2)
        #expect(core.session.isAtEnd)
        #expect(Self.verdict(core.event(.endObserved(Self.end(at: 0, drained: true)), now: 3), core: core) == .end)
        var away = Self.end(at: 50)
        away.state.isAtEnd = false
        _ = core.event(.endObserved(away), now: 4)
        #expect(!core.session.isAtEnd)
    }

    @Test("a stream may have played nothing while its clock stands within 0.01 s of where the watch began, with no picture",
          arguments: [(5.0, 5.0, true), (5.0, 5.005, true), (5.0, 5.02, false), (0.0, nil, true)] as [(Double, Double?, Bool)])
    func mayHavePlayedNothing(start: Double, position: Double?, expected: Bool) {
        let core = Self.playing(watchFrom: start)
        #expect(core.mayHavePlayedNothing(isNetworkStream: true, hasPicture: false, position: position) == expected)
        #expect(!core.mayHavePlayedNothing(isNetworkStream: false, hasPicture: false, position: position))
        #expect(!core.mayHavePlayedNothing(isNetworkStream: true, hasPicture: true, position: position))
    }
}
