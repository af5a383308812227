import Controls
import Testing
@testable import Session

/// The session core with numbers only: mpv's events in, commands out, no mpv and no clock.
@Suite("SessionCore")
struct SessionCoreTests {
    typealias Core = SessionCore

    static func core(count: Int = 3, delay: Seconds = 5, keepOpen: Bool = true, loop: Bool = false,
                     start: Bool = false, configure: (inout Core.Configuration) -> Void = { _ in }) -> Core {
        var configuration = Core.Configuration()
        configuration.machine.autoplayDelay = delay
        configuration.machine.keepOpen = keepOpen
        configuration.machine.loopPlaylist = loop
        configuration.hasStartOption = start
        configure(&configuration)
        return Core(configuration: configuration, itemCount: count)
    }

    /// mpv's usual order after a load: its playlist (one entry, `entryID`), start-file, the load
    /// hook, file-loaded, the first restart. Returns every command, in order.
    @discardableResult
    static func open(_ core: inout Core, entryID: Int, opening: Core.Opening = Core.Opening(), now: Seconds) -> [Core.Command] {
        core.event(.playlist(entries: [Core.Entry(id: entryID, isPlaying: true)], replacesOpened: false), now: now)
            + core.event(.startFile(entryID: entryID), now: now)
            + core.event(.loadHook(id: 7, opening), now: now)
            + core.event(.fileLoaded, now: now)
            + core.event(.playbackRestart, now: now)
    }

    /// A core asked to play `item`, whose file mpv has started (entry 1), at 0.
    static func started(item: Int = 0, count: Int = 3, configure: (inout Core.Configuration) -> Void = { _ in }) -> Core {
        var core = Self.core(count: count, configure: configure)
        _ = core.event(.play(item: item, paused: false), now: 0)
        _ = core.event(.startFile(entryID: 1), now: 0)
        return core
    }

    /// A core playing `item` of `count`, opened through mpv's usual order at `now`.
    static func playing(_ item: Int = 0, count: Int = 3, keepOpen: Bool = true, delay: Seconds = 5, now: Seconds = 0) -> Core {
        var core = Self.core(count: count, delay: delay, keepOpen: keepOpen)
        _ = core.event(.play(item: item, paused: false), now: now)
        open(&core, entryID: 10 + item, now: now)
        return core
    }

    @Test("play gives mpv the item alone; start-file, the hook, file-loaded and the first restart open it and unpause it")
    func opens() {
        var core = Self.core()
        #expect(core.event(.play(item: 1, paused: false), now: 0) == [.load(item: 1, entry: nil)])
        #expect(core.stage == .requested && core.phase == .opening(item: 1, since: 0))
        #expect(core.event(.playlist(entries: [Core.Entry(id: 4, isPlaying: true)], replacesOpened: false), now: 0.1).isEmpty)
        #expect(core.event(.startFile(entryID: 4), now: 0.1).isEmpty)
        #expect(core.stage == .started && !core.isFileLoaded)
        #expect(core.event(.loadHook(id: 9, Core.Opening()), now: 0.2) == [.continueLoad(hook: 9)])
        #expect(core.event(.fileLoaded, now: 0.3).isEmpty)
        #expect(core.stage == .loaded && core.isFileLoaded && !core.isReady)
        #expect(core.phase.isOpeningPhase)
        #expect(core.event(.playbackRestart, now: 0.4) == [.watch, .play])
        #expect(core.stage == .ready(atEnd: false) && core.isReady && core.hasPlayed)
        #expect(core.phase == .playing(item: 1))
        #expect(core.event(.playbackRestart, now: 2) == [.restarted], "later restarts are seeks landing")
        #expect(core.lastItem == 1)
    }

    @Test("an item asked to start paused opens paused, and the next one plays again")
    func startsPaused() {
        var core = Self.core()
        _ = core.event(.play(item: 0, paused: true), now: 0)
        #expect(Self.open(&core, entryID: 1, now: 0) == [.continueLoad(hook: 7), .watch])
        #expect(core.event(.next, now: 1) == [.saveResume(item: 0, isAtEnd: false), .notice(.moved(to: 1, backwards: false)), .load(item: 1, entry: nil)])
        #expect(Self.open(&core, entryID: 2, now: 1).contains(.play))
    }

    @Test("asking again for the item that opens only changes whether it starts paused; once open, it unpauses it")
    func playAgain() {
        var core = Self.core()
        _ = core.event(.play(item: 0, paused: false), now: 0)
        #expect(core.event(.play(item: 0, paused: true), now: 0.1).isEmpty, "no second load")
        #expect(!Self.open(&core, entryID: 1, now: 0.2).contains(.play))
        #expect(core.event(.play(item: 0, paused: true), now: 1).isEmpty)
        #expect(core.event(.play(item: 0, paused: false), now: 1) == [.play])
        #expect(core.event(.play(item: 2, paused: false), now: 2) == [.saveResume(item: 0, isAtEnd: false), .load(item: 2, entry: nil)],
                "another item: the place is saved first")
    }

    @Test("Esc while an item opens stops it; the events of the stopped item change nothing")
    func cancel() {
        var core = Self.started()
        #expect(core.event(.cancel, now: 0.5) == [.stop])
        #expect(core.phase == .idle && core.stage == .requested)
        #expect(core.event(.fileLoaded, now: 0.6).isEmpty)
        #expect(core.event(.playbackRestart, now: 0.7).isEmpty)
        #expect(!core.isReady && core.lastItem == 0, "the list still knows the item it was on")
        #expect(core.event(.failed(reason: "stale", isRefusal: false), now: 0.8).isEmpty)
    }

    @Test("--start applies to the first item opened; the next one resumes from its record")
    func startOption() {
        var core = Self.core(start: true)
        let record = Core.Opening(resume: Core.Resume(position: 42))
        _ = core.event(.play(item: 0, paused: false), now: 0)
        #expect(Self.open(&core, entryID: 1, opening: record, now: 0)
            == [.setOption(.commandLineStart), .continueLoad(hook: 7), .watch, .play])
        _ = core.event(.next, now: 1)
        #expect(Self.open(&core, entryID: 2, opening: record, now: 1)
            == [.setOption(.start(42)), .resumed(at: 42), .continueLoad(hook: 7), .watch, .play])
    }

    @Test("a resume record sets what the command line left alone", arguments: [
        (Core.Resume(position: 30, audioTrack: 2, subtitleTrack: .some(nil), subtitleDelay: 0.5, audioDelay: -0.2), true,
         [Core.Command.setOption(.start(30)), .resumed(at: 30), .setOption(.audioTrack(2)), .setOption(.subtitleTrack(nil)),
          .setOption(.subtitleDelay(0.5)), .setOption(.audioDelay(-0.2))]),
        (Core.Resume(position: 30, audioTrack: 2, subtitleTrack: .some(3), subtitleDelay: 0.5, audioDelay: -0.2), false,
         [.setOption(.start(30)), .resumed(at: 30)]),
        (Core.Resume(position: 30, watched: true), true, []),
        (Core.Resume(position: 0.5, subtitleTrack: .some(1)), true, [.setOption(.subtitleTrack(1))]),
        (Core.Resume(position: 5, subtitleTrack: nil), true, [.setOption(.start(5)), .resumed(at: 5)]),
    ] as [(Core.Resume, Bool, [Core.Command])])
    func resume(record: Core.Resume, leftAlone: Bool, expected: [Core.Command]) {
        var core = Self.started {
            $0.resumesAudioTrack = leftAlone
            $0.resumesSubtitleTrack = leftAlone
            $0.resumesSubtitleDelay = leftAlone
            $0.resumesAudioDelay = leftAlone
        }
        #expect(core.event(.loadHook(id: 3, Core.Opening(resume: record)), now: 0) == expected + [.continueLoad(hook: 3)])
    }

    @Test("a FIFO refused in the hook fails with its own reason, said, and the next item opens")
    func refused() {
        var core = Self.started()
        #expect(core.event(.loadHook(id: 2, Core.Opening(refusal: "a FIFO")), now: 0) == [.refuseOpening, .continueLoad(hook: 2)])
        #expect(core.event(.failed(reason: "loading failed", isRefusal: true), now: 0.1)
            == [.recordFailure(item: 0, reason: "a FIFO"), .notice(.couldNotPlay(item: 0, reason: "a FIFO")),
                .load(item: 1, entry: nil)])
    }

    @Test("mpv's failure is remembered, said while another item follows (not for an entry mpv left out), and passed over",
          arguments: [(0, false, true), (0, true, false), (2, false, false)])
    func failure(item: Int, isRefusal: Bool, said: Bool) {
        var core = Self.started(item: item)
        let commands = core.event(.failed(reason: "HTTP 404", isRefusal: isRefusal), now: 1)
        #expect(commands.first == .recordFailure(item: item, reason: "HTTP 404"))
        #expect(commands.contains(.notice(.couldNotPlay(item: item, reason: "HTTP 404"))) == said)
        #expect(commands.contains(.load(item: item + 1, entry: nil)) == (item < 2))
        if item == 2 { #expect(core.phase == .failed(item: 2, reason: "HTTP 404")) }
    }

    @Test("a load mpv refuses at once passes over the item, with nothing to remember or say")
    func loadFails() {
        var core = Self.core()
        _ = core.event(.play(item: 1, paused: false), now: 0)
        #expect(core.event(.loadFailed(reason: "invalid parameter"), now: 0) == [.load(item: 2, entry: nil)])
        #expect(core.event(.loadFailed(reason: "invalid parameter"), now: 0).isEmpty)
        #expect(core.phase == .failed(item: 2, reason: "invalid parameter"))
    }

    @Test("the list's probe marks an item once; an item outside the list is no event")
    func unplayable() {
        var core = Self.core()
        _ = core.event(.knownUnplayable(item: 1), now: 0)
        let marked = core
        #expect(core.event(.knownUnplayable(item: 1), now: 1).isEmpty && core == marked)
        #expect(core.event(.knownUnplayable(item: 7), now: 1).isEmpty && core == marked)
        #expect(core.machine.unplayable == [1])
    }
}

extension SessionMachine.Phase {
    var isOpeningPhase: Bool { if case .opening = self { true } else { false } }
}
