import Media
import Playback
import Session
import System
import Testing
@testable import App
@testable import History

/// What the session carries out of the core's verdicts, with a fake player: the end of a stream
/// cut short, a client's file taken over, and the titles the notices use.
@Suite("PlaybackSession carrying out the core's verdicts")
struct PlaybackSessionCoreFakeTests {
    @Test("a stream mpv reports at its end while the server sent less than it announced fails, and is not at its end")
    func cutShort() throws {
        let (session, player) = PlaybackSessionFakeTests.playing()
        player.state.isNetworkStream = true
        player.streamCutShort = (received: 1_000, announced: 5_000)
        player.state.position = 40
        player.state.isAtEnd = true
        player.events = [.propertyChanged(.playlist)]
        _ = session.pump(now: 1)
        let failure = try #require(session.lastFailure)
        #expect(failure.reason.hasPrefix("the server closed the stream early: it sent "))
        #expect(failure.item.source == .file(FilePath("/v/one.mp4")))
        #expect(!session.core.isAtEnd)
    }

    @Test("the screens read the core's one \"at end\": the last frame is the end and shows the full length; a file that loops has none")
    func atEnd() {
        let (session, player) = PlaybackSessionFakeTests.playing()
        player.state.position = 59.97
        player.events = [.videoReconfigured]
        _ = session.pump(now: 1)
        #expect(session.core.isAtEnd && session.status.isAtEnd && !session.status.isPlaying)
        #expect(session.status.displayPosition == 60)
        let (looping, loopingPlayer) = PlaybackSessionFakeTests.playing()
        loopingPlayer.state.loopsFile = true
        loopingPlayer.state.position = 59.97
        loopingPlayer.events = [.videoReconfigured]
        _ = looping.pump(now: 1)
        #expect(!looping.core.isAtEnd && !looping.status.isAtEnd && looping.status.displayPosition == 59.97)
    }

    @Test("a client's file while nothing is open becomes a new item at the list's end, marked as a client's, and opens")
    func adopt() {
        let (session, player) = PlaybackSessionFakeTests.session()
        player.state.playlist = [PlaylistEntry(filename: "/v/new.mp4", title: "New", id: 5, isPlaying: true)]
        player.events = [.propertyChanged(.playlist), .startFile(entryID: 5)]
        let result = session.pump(now: 1)
        #expect(result.startedFromOutside)
        #expect(session.items.map(\.source.mpvName) == PlaybackSessionFakeTests.names + ["/v/new.mp4"])
        #expect(session.items.last?.isFromClient == true)
        #expect(session.core.itemsVersion == 1)
        #expect(session.core.currentItem == 3 && session.core.machine.isOpening)
    }

    @Test("mpv's title names the open item; a probe's names another until mpv says one")
    func titles() {
        let (session, player) = PlaybackSessionFakeTests.playing()
        #expect(session.name(of: 0) == "One")
        #expect(session.status.title == "One")
        session.take(.titleFound("Two (probe)", key: "/v/two.mp4"), now: 0)
        session.take(.titleFound("Other", key: "/v/two.mp4"), now: 0)
        #expect(session.name(of: 1) == "Two (probe)")
        player.state.title = "one.mp4"
        session.refreshStatus()
        #expect(session.name(of: 0) == "One", "the file's own name is no title")
    }
}
