import Controls
import Testing
@testable import Session

/// The rules the executor once held itself, now the core's: when a pass looks at the end, whether
/// a load is an entry of mpv's playlist or the item alone, which item a nesting failure names,
/// and the entries an expanded playlist file becomes.
@Suite("PlaybackCore: what the executor carries out")
struct PlaybackCoreCarriedTests {
    static let nestingReason = "the playlist includes itself, or playlists nest more than 10 deep"

    @Test("a pass looks at the end when mpv said anything, and not when it said nothing and nothing changed")
    func passLooksAtEnd() {
        var core = PlaybackCoreTests.playing()
        #expect(core.event(.passEnded(mpvEvents: 0, position: 4, isPaused: false), now: 1).isEmpty)
        #expect(core.event(.passEnded(mpvEvents: 1, position: 4, isPaused: false), now: 1.1) == [.refreshStatus, .lookAtEnd])
        #expect(core.event(.passEnded(mpvEvents: 5, position: 4, isPaused: false), now: 1.2) == [.refreshStatus, .lookAtEnd])
        #expect(core.event(.passEnded(mpvEvents: 0, position: 4.1, isPaused: false), now: 1.3).isEmpty)
    }

    @Test("a seek let go as a pass with mpv's events ends goes out before the look at the end")
    func passSendsThenLooks() {
        var core = PlaybackCoreTests.playing()
        _ = core.event(.seek(.by(5)), now: 1)
        _ = core.event(.seekSent(id: 20), now: 1)
        _ = core.event(.seek(.by(5)), now: 1.1)
        let commands = core.event(.passEnded(mpvEvents: 2, position: 4, isPaused: false), now: 2.6)
        #expect(commands == [.sendSeek(.by(5)), .refreshStatus, .lookAtEnd])
    }

    @Test("a load is the item alone until mpv's playlist holds it, then the entry of it; an item outside is given alone again")
    func loads() {
        var core = PlaybackCoreTests.idle()
        let keys = ["a", "b", "c"]
        #expect(core.event(.session(.play(item: 1, paused: false)), now: 0) == [.giveItem(1)])
        _ = core.event(.itemGiven, now: 0)
        let given = [SessionCore.Entry(filename: "b", id: 5, isPlaying: true)]
        _ = core.event(.startFile(entryID: 5, entries: given, keys: keys), now: 0.1)
        _ = core.event(.redirected, now: 0.2)
        let entries = [SessionCore.Entry(filename: "x", id: 6), SessionCore.Entry(filename: "y", id: 7, isPlaying: true),
                       SessionCore.Entry(filename: "z", id: 8)]
        _ = core.event(.playlistChanged(entries: entries, keys: keys), now: 0.3)
        #expect(core.session.window == SessionCore.Window(first: 1, count: 3))
        #expect(core.event(.session(.play(item: 3, paused: false)), now: 1) == [.playEntry(2)])
        #expect(core.event(.session(.play(item: 1, paused: false)), now: 2) == [.playEntry(0)])
        #expect(core.event(.session(.play(item: 4, paused: false)), now: 3) == [.giveItem(4)])
        #expect(core.event(.session(.play(item: 0, paused: false)), now: 4) == [.giveItem(0)])
    }

    @Test("a playlist file that expands becomes the entries mpv gave, each counted once, and the list's version moves")
    func expands() {
        var core = PlaybackCoreTests.idle()
        let keys = ["a", "b", "c"]
        _ = core.event(.session(.play(item: 1, paused: false)), now: 0)
        let given = [SessionCore.Entry(filename: "b", id: 5, isPlaying: true)]
        _ = core.event(.startFile(entryID: 5, entries: given, keys: keys), now: 0.1)
        _ = core.event(.redirected, now: 0.2)
        let entries = [SessionCore.Entry(filename: "x", id: 6), SessionCore.Entry(filename: "y", id: 7, isPlaying: true),
                       SessionCore.Entry(filename: "z", id: 8)]
        let commands = core.event(.playlistChanged(entries: entries, keys: keys), now: 0.3)
        #expect(commands.filter { if case .expand = $0 { true } else { false } } == [.expand(item: 1, entries: entries, fromClient: false)])
        #expect(core.itemsVersion == 1)
        #expect(core.session.machine.itemCount == 5, "three items where one was: the list the executor grows by as many")
        #expect(core.session.currentItem == 2, "mpv's playing entry")
    }

    @Test("playlists nesting too deep name the item last given to mpv alone, once, before the current item's record")
    func nestingNamesGivenItem() {
        var core = PlaybackCoreTests.idle()
        _ = core.event(.session(.play(item: 0, paused: false)), now: 0)
        _ = core.event(.itemGiven, now: 0)
        for depth in 1...PlaybackCore.nestingLimit {
            #expect(core.event(.redirected, now: Double(depth)).isEmpty, "depth \(depth)")
        }
        let commands = core.event(.redirected, now: 11)
        #expect(Array(commands.prefix(3)) == [.failGivenItem(reason: Self.nestingReason), .session(.stop),
                                              .session(.recordFailure(item: 0, reason: Self.nestingReason))])
        #expect(commands.last == .refreshStatus)
        // A second chain with no item given to mpv since: only the current item's record.
        for depth in 12...21 { _ = core.event(.redirected, now: Double(depth)) }
        let again = core.event(.redirected, now: 22)
        #expect(!again.contains(.failGivenItem(reason: Self.nestingReason)) && again.contains(.session(.stop)))
        // An item given again is named again.
        _ = core.event(.itemGiven, now: 23)
        for depth in 24...33 { _ = core.event(.redirected, now: Double(depth)) }
        #expect(core.event(.redirected, now: 34).first == .failGivenItem(reason: Self.nestingReason))
    }
}
