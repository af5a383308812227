import Testing
@testable import Session

/// Files a client of mpv's IPC socket makes mpv open, with names and ids only: which start is a
/// client's, and which item a client's file becomes.
@Suite("PlaybackCore and the IPC socket's clients")
struct PlaybackCoreClientTests {
    static let keys = ["/v/a.mp4", "/v/b.mp4", "/v/c.mp4"]

    static func entry(_ filename: String, id: Int, playing: Bool = true, title: String? = nil) -> SessionCore.Entry {
        SessionCore.Entry(filename: filename, title: title, id: id, isPlaying: playing)
    }

    static func item(_ commands: [PlaybackCore.Command]) -> PlaybackCore.Command? {
        commands.first { if case .addClientItem = $0 { true } else { false } }
    }

    @Test("a client's file while nothing is open becomes the list's item that opens it, or a new one at the end",
          arguments: [("/v/b.mp4", 1, false), ("/v/new.mp4", 3, true)])
    func adopts(filename: String, item: Int, added: Bool) {
        var core = PlaybackCoreTests.idle()
        let commands = core.event(.startFile(entryID: 9, entries: [Self.entry(filename, id: 9, title: "New")], keys: Self.keys), now: 1)
        #expect(commands.first == .startedFromOutside)
        #expect(Self.item(commands) == (added ? .addClientItem(filename: filename, title: "New") : nil))
        #expect(core.session.item(forEntry: 9) == item)
        #expect(core.session.machine.itemCount == (added ? 4 : 3))
        #expect(core.itemsVersion == (added ? 1 : 0))
        #expect(core.session.phase != .idle, "it opens as if chosen in the list")
    }

    @Test("an entry only appended is not opened; one reel knows is not taken again; nothing is taken while an item is open")
    func leftAlone() {
        var idle = PlaybackCoreTests.idle()
        let appended = idle.event(.playlistChanged(entries: [Self.entry("/v/new.mp4", id: 9, playing: false)], keys: Self.keys), now: 1)
        #expect(Self.item(appended) == nil && !appended.contains(.startedFromOutside))
        #expect(idle.session.phase == .idle)
        var playing = PlaybackCoreTests.playing()
        let commands = playing.event(.startFile(entryID: 10, entries: [Self.entry("/v/a.mp4", id: 10)], keys: Self.keys), now: 1)
        #expect(Self.item(commands) == nil)
        #expect(playing.session.item(forEntry: 10) == 0)
    }

    @Test("a playlist change while reel opens an item is a playlist file's entries; while nothing opens, a client's",
          arguments: [true, false])
    func entriesFromClient(opening: Bool) {
        var core = PlaybackCoreTests.playing()
        if opening { _ = core.event(.session(.play(item: 1, paused: false)), now: 1) }
        let entries = [Self.entry("/v/x.mp4", id: 20), Self.entry("/v/y.mp4", id: 21, playing: false)]
        let commands = core.event(.playlistChanged(entries: entries, keys: Self.keys), now: 2)
        #expect(core.entriesFromClient == !opening)
        #expect(commands.contains(.startedFromOutside) == !opening, "a new entry plays that reel did not ask for")
    }

    @Test("a client's file taken over from the playlist's change is added once, and the session core knows its entry")
    func adoptsFromPlaylist() {
        var core = PlaybackCoreTests.idle()
        let commands = core.event(.playlistChanged(entries: [Self.entry("/v/new.mp4", id: 9)], keys: Self.keys), now: 1)
        #expect(commands.filter { Self.item([$0]) != nil } == [.addClientItem(filename: "/v/new.mp4", title: nil)])
        #expect(core.session.item(forEntry: 9) == 3)
        #expect(core.entriesFromClient)
    }
}
