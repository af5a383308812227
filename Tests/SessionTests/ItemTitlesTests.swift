import Testing
@testable import Session

/// The items' titles with strings only: which are kept, and which the screens show.
@Suite("ItemTitles")
struct ItemTitlesTests {
    @Test("a probe's title is kept once, and never over one known; an empty one is none", arguments: [
        (nil, "Talk", "Talk", true), ("", "Talk", "Talk", true), ("Old", "Talk", "Old", false), (nil, "", nil, false),
    ] as [(String?, String, String?, Bool)])
    func found(known: String?, found title: String, expected: String?, kept: Bool) {
        var titles = ItemTitles()
        if let known { _ = titles.found(known, of: "a.mp4") }
        let wasKept = titles.found(title, of: "a.mp4")
        #expect(wasKept == kept)
        #expect(titles["a.mp4"] == expected)
        #expect(titles["b.mp4"] == nil)
    }

    @Test("mpv's title replaces a probe's, unless it is empty or only the file's name", arguments: [
        ("Talk (mpv)", "Talk (mpv)"), ("", "Talk"), ("a.mp4", "Talk"), (nil, "Talk"),
    ] as [(String?, String)])
    func reported(mpv: String?, expected: String) {
        var titles = ItemTitles()
        _ = titles.found("Talk", of: "/v/a.mp4")
        titles.reported(mpv, of: "/v/a.mp4", defaultName: "a.mp4")
        #expect(titles["/v/a.mp4"] == expected)
    }

    @Test("the title shown: mpv's while the item is open; while it opens, only once loaded and changed from the last item's",
          arguments: [
              (true, false, "New", "New"), (true, true, "Last", "Last"),
              (false, false, "New", nil), (false, true, "Last", nil), (false, true, "New", "New"), (false, true, nil, nil),
          ] as [(Bool, Bool, String?, String?)])
    func shown(isOpen: Bool, fileLoaded: Bool, mpv: String?, expected: String?) {
        var titles = ItemTitles()
        titles.loading(mpvTitle: "Last")
        #expect(titles.shown(mpv, isOpen: isOpen, fileLoaded: fileLoaded) == expected)
    }

    @Test("the core keeps mpv's title only once the item is open, and shows by the item's phase")
    func core() {
        var opening = PlaybackCore(session: SessionCoreTests.core(), silenceLimit: 61)
        _ = opening.event(.session(.play(item: 0, paused: false)), now: 0)
        _ = opening.event(.loading(mpvTitle: "Last"), now: 0)
        _ = opening.event(.titleReported("Last", key: "a", defaultName: "a"), now: 0)
        #expect(opening.titles["a"] == nil, "not open: the title may be the last item's")
        #expect(opening.shownTitle("Last") == nil)
        var playing = PlaybackCoreTests.playing()
        _ = playing.event(.titleReported("Talk", key: "a", defaultName: "a"), now: 0)
        #expect(playing.titles["a"] == "Talk")
        #expect(playing.shownTitle("Talk") == "Talk")
    }
}
