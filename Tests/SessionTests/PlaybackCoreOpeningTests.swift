import Testing
@testable import Session

/// mpv's load hook through the one entry: the core decides whether the file about to open may,
/// from what the hook says, before the executor reads anything for it.
@Suite("PlaybackCore at mpv's load hook")
struct PlaybackCoreOpeningTests {
    /// A core that asked mpv for item 0 of three, whose start-file came at `now`: its load hook is next.
    static func started(now: Double) -> PlaybackCore {
        var core = PlaybackCoreTests.idle()
        let keys = ["/item", "b", "c"]
        let entries = [SessionCore.Entry(filename: "/item", id: 1, isPlaying: true)]
        for event: PlaybackCore.Event in [.session(.play(item: 0, paused: false)), .playlistChanged(entries: entries, keys: keys),
                                          .startFile(entryID: 1, entries: entries, keys: keys)] {
            _ = core.event(event, now: now)
        }
        return core
    }

    static func hooked(_ filename: String?, isURL: Bool = false, itemIsURL: Bool = false, fromNetworkPlaylist: Bool = false,
                       refusal: String? = nil) -> PlaybackCore.Hooked {
        PlaybackCore.Hooked(filename: filename, filenameIsNetworkURL: isURL, itemKey: "/item", itemIsNetworkURL: itemIsURL,
                            itemFromNetworkPlaylist: fromNetworkPlaylist, itemRefusal: refusal)
    }

    @Test("a local file a network playlist lists is left out and refused, as the session core refuses an opening that leaves out")
    func networkEntry() {
        let now = 40.0
        var core = Self.started(now: now)
        var reference = Self.started(now: now)
        let commands = core.event(.loadHook(id: 7, Self.hooked("/etc/passwd", itemIsURL: true)), now: now + 0.5)
        let refused = SessionCore.Opening(refusal: PlaybackCore.networkEntryRefusal, leavesOut: true)
        #expect(commands == [.leaveOut(entry: "/etc/passwd")] + reference.event(.session(.loadHook(id: 7, refused)), now: now + 0.5))
        #expect(commands.contains(.session(.continueLoad(hook: 7))))
        #expect(core == reference)
    }

    @Test("an item that must not open (a FIFO a playlist lists) is refused without anything left out")
    func itemRefused() {
        var core = Self.started(now: 3)
        var reference = Self.started(now: 3)
        let commands = core.event(.loadHook(id: 8, Self.hooked("/item", refusal: "a FIFO")), now: 4)
        #expect(commands == reference.event(.session(.loadHook(id: 8, SessionCore.Opening(refusal: "a FIFO"))), now: 4))
        #expect(!commands.contains(.leaveOut(entry: "/item")))
        #expect(core == reference)
    }

    @Test("a file that may open is the executor's to prepare, and its resume record then opens it at its place",
          arguments: [Self.hooked("/item"), Self.hooked("https://x/a.mp4", isURL: true, itemIsURL: true), Self.hooked(nil)])
    func prepared(hooked: PlaybackCore.Hooked) {
        var core = Self.started(now: 10)
        let before = core
        #expect(core.event(.loadHook(id: 9, hooked), now: 11) == [.prepareOpening(hook: 9)])
        #expect(core == before, "nothing is decided until the executor comes back")
        let resume = SessionCore.Resume(position: 42)
        let commands = core.event(.session(.loadHook(id: 9, SessionCore.Opening(resume: resume))), now: 12)
        #expect(commands.contains(.session(.continueLoad(hook: 9))))
        #expect(commands.contains(.session(.setOption(.start(42)))))
    }

    @Test("with no current item the hook goes on with nothing found")
    func noItem() {
        var core = Self.started(now: 0)
        var reference = Self.started(now: 0)
        #expect(core.event(.loadHook(id: 5, nil), now: 1) == reference.event(.session(.loadHook(id: 5, SessionCore.Opening())), now: 1))
    }
}
