import Testing
@testable import Session

/// What a playlist from the network may open, and who draws subtitles, with booleans only.
@Suite("PlaybackCore's network entries and subtitle drawing")
struct PlaybackCoreEntryRuleTests {
    @Test("a local file or special protocol listed by a network playlist is refused; a network URL, or the user's own item, is not",
          arguments: [
              // opening, opening is a URL, item is a URL, item from a network playlist, refused
              ("/etc/passwd", false, true, false, true),  // an entry of a playlist fetched by URL
              ("https://x/a.mp4", true, true, false, false),
              ("/v/a.mp4", false, false, false, false),  // an entry of a local playlist
              ("/v/a.mp4", false, false, true, true),  // an entry of a local playlist that a network one listed
              ("/item", false, false, true, true),  // the item itself, from a network playlist
              ("/item", false, true, false, false),  // the item itself, the user's
          ] as [(String, Bool, Bool, Bool, Bool)])
    func refusal(opening: String, openingIsURL: Bool, itemIsURL: Bool, fromNetworkPlaylist: Bool, refused: Bool) {
        #expect(PlaybackCore.refusesEntry(opening, openingIsNetworkURL: openingIsURL, itemKey: "/item",
                                          itemIsNetworkURL: itemIsURL, itemFromNetworkPlaylist: fromNetworkPlaylist) == refused)
    }

    @Test("mpv draws only picture subtitles, and only while subtitles are shown", arguments: [
        (true, true, true), (true, false, false), (false, true, false), (false, false, false),
    ])
    func drawing(shown: Bool, picture: Bool, mpvDraws: Bool) {
        var core = PlaybackCoreTests.playing()
        _ = core.event(.subtitlesShown(shown), now: 0)
        #expect(core.subtitlesVisible == shown)
        #expect(core.mpvDrawsSubtitles(isPictureTrack: picture) == mpvDraws)
    }
}
