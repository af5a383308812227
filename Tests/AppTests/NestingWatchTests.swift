@testable import App
import Playback
import Testing

/// Playlists that open playlists: stopped at a limit, and the chain ends when a file loads.
@Suite("NestingWatch")
struct NestingWatchTests {
    @Test("playlists may open playlists up to the limit; one more is the error")
    func limit() {
        var watch = NestingWatch(root: PlaylistItem(source: .file("/p/self.m3u")))
        for _ in 0..<NestingWatch.limit { #expect(watch.redirected() == nil) }
        #expect(watch.redirected() == "the playlist includes itself, or playlists nest more than 10 deep")
        #expect(watch.root?.source == .file("/p/self.m3u"))
    }

    @Test("a file that loads ends the chain, so a long list of playlists of files is no error")
    func loadedResets() {
        var watch = NestingWatch(root: nil)
        for _ in 0..<(3 * NestingWatch.limit) {
            #expect(watch.redirected() == nil)
            watch.loaded()
        }
        #expect(watch.depth == 0)
    }

    @Test("the entries mpv left out are counted in one notice", arguments: [
        (1, "Left out a playlist entry: a playlist from the network may not open local files or mpv's special protocols"),
        (15, "Left out 15 playlist entries: a playlist from the network may not open local files or mpv's special protocols"),
    ])
    func leftOut(count: Int, notice: String) {
        #expect(PlaybackSession.leftOutNotice(count: count) == notice)
    }
}
