@testable import History
@testable import Options
import Playback
import Session
import TestFiles
import Testing
@testable import App

/// The session's list as it plays, against the real libmpv: shuffling what is still to come and
/// looping, at any time; continue watching is no playlist.
@Suite("PlaybackSession's playlist", .serialized)
struct PlaybackSessionPlaylistTests {
    static let names = ["demo.mp4", "talk.mp4", "motion.mp4", "chapters.mkv", "long.mp4", "action.mp4", "credits.mp4"]

    /// A silent session over the samples, opening the first; `history`: `reel` alone's list.
    static func session(history: Bool = false) throws -> PlaybackSession {
        var options = ReelOptions()
        options.mpv.audio = false
        if !history { options.paths = names }
        let items = names.map { PlaylistItem(source: .file(Samples.path($0))) }
        let session = try PlaybackSession(items: items, options: options, pixelAspect: 1, videoHeight: 36, resume: nil)
        session.play(0, now: 0)
        return session
    }

    static func order(_ session: PlaybackSession) -> [String] { session.items.map(\.source.mpvName) }

    @Test("shuffle moves only what is still to come, Up next follows the new order, and off puts it back")
    func shuffle() throws {
        let session = try Self.session()
        let original = Self.order(session)
        let version = session.core.itemsVersion
        var changed = false
        // Six items to come: the same order by chance is 1 in 720; a second try makes it 1 in 518400.
        for _ in 0..<2 where !changed {
            session.take(.setShuffled(true, keys: session.items.keys), now: 1)
            #expect(session.core.shuffles)
            let shuffled = Self.order(session)
            #expect(shuffled[0] == original[0], "the item playing stays")
            #expect(Set(shuffled) == Set(original))
            changed = shuffled != original
            #expect(session.core.machine.item(after: 0) == 1, "Up next is the list's next item, whatever it is now")
            session.take(.setShuffled(false, keys: session.items.keys), now: 2)
            #expect(Self.order(session) == original, "off: the order it had")
        }
        #expect(changed)
        #expect(session.core.itemsVersion > version, "the list is told")
        #expect(session.takeNotices().suffix(2) == ["Shuffle: on", "Shuffle: off"])
    }

    @Test("started with --shuffle, shuffle off puts the command line's order back")
    func shuffledFromStart() throws {
        var options = ReelOptions()
        options.mpv.audio = false
        options.paths = Self.names
        options.shuffle = true
        let items = Self.names.map { PlaylistItem(source: .file(Samples.path($0))) }
        let session = try PlaybackSession(items: items, options: options, pixelAspect: 1, videoHeight: 36, resume: nil)
        #expect(session.core.shuffles)
        let first = session.items[0].source.mpvName
        session.play(0, now: 0)
        session.take(.setShuffled(false, keys: session.items.keys), now: 1)
        #expect(!session.core.shuffles)
        let expected = [first] + items.map(\.source.mpvName).filter { $0 != first }
        #expect(Self.order(session) == expected)
    }

    @Test("the list's loop turns on and off while it plays")
    func loop() throws {
        let session = try Self.session()
        let last = session.items.count - 1
        #expect(!session.core.loopsPlaylist && session.core.machine.item(after: last) == nil)
        session.take(.setLoopsPlaylist(true), now: 1)
        #expect(session.core.loopsPlaylist && session.core.machine.item(after: last) == 0)
        session.take(.setLoopsPlaylist(false), now: 2)
        #expect(!session.core.loopsPlaylist && session.core.machine.item(after: last) == nil)
        #expect(session.takeNotices() == ["Loop the list: on", "Loop the list: off"])
    }

    @Test("continue watching: no next item, and nothing to loop or shuffle")
    func history() throws {
        let session = try Self.session(history: true)
        let original = Self.order(session)
        #expect(!session.core.isPlaylist)
        #expect(session.core.machine.item(after: 0) == nil)
        session.take(.setShuffled(true, keys: session.items.keys), now: 1)
        session.take(.setLoopsPlaylist(true), now: 1)
        #expect(Self.order(session) == original && !session.core.shuffles && !session.core.loopsPlaylist)
        #expect(session.takeNotices().allSatisfy { $0.hasPrefix("Continue watching is not a playlist") })
    }
}
