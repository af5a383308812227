import Foundation
import Glibc
import Media
import Playback
import System
import Testing

/// The film-like sample (samples/film.mkv: two audio tracks, an SRT and an ASS subtitle track,
/// four chapters) against the real libmpv: tracks, subtitle text, delays and chapters.
@Suite("Tracks, subtitles and chapters against real libmpv", .serialized)
struct FilmTests {
    static let film = PlayerDriver.sample("film.mkv")

    static func driver(_ configure: (inout PlayerConfiguration) -> Void = { _ in }) throws -> PlayerDriver {
        try PlayerDriver { configuration in
            configuration.startPaused = true
            configure(&configuration)
        }
    }

    /// Seeks to `time`, paused, and waits until the subtitle text mpv reports is `expected`.
    static func text(at time: Double, in driver: PlayerDriver, expected: String?) throws -> String? {
        try driver.waitForSeek(driver.player.seek(to: time))
        try driver.run(timeout: 3) { state, _ in (state.subtitleText ?? "") == (expected ?? "") }
        return driver.player.state.subtitleText
    }

    @Test("the track list names each track's title, language, codec and flags")
    func trackList() throws {
        let driver = try Self.driver()
        try driver.load(Self.film)
        try driver.run { state, _ in state.tracks.count >= 5 }
        let tracks = driver.player.state.tracks
        let audio = tracks.filter { $0.kind == .audio }
        let subtitles = tracks.filter { $0.kind == .subtitles }
        #expect(audio.map(\.title) == ["English", "Français"])
        #expect(audio.map(\.language) == ["eng", "fra"])
        #expect(subtitles.map(\.title) == ["English", "Français (signs)"])
        #expect(subtitles.map(\.codec) == ["subrip", "ass"])
        #expect(subtitles.first?.isDefault == true)
        #expect(subtitles.allSatisfy { !$0.isBitmapSubtitle })
        #expect(driver.player.state.chapters.map(\.title) == ["Opening", "The cat", "Coffee", "Launch"])
        #expect(driver.player.state.chapters.map(\.time) == [0, 6, 12, 18])
    }

    @Test("the track list gives each audio track's channels and rate, and the video's size and frame rate")
    func trackFigures() throws {
        let driver = try Self.driver()
        try driver.load(Self.film)
        try driver.run { state, _ in state.tracks.count >= 5 }
        let tracks = driver.player.state.tracks
        let audio = tracks.filter { $0.kind == .audio }
        #expect(audio.map(\.codec) == ["opus", "opus"])
        // mpv names no layout for these Opus tracks, only the count ("unknown1").
        #expect(audio.map(\.channelLayout) == ["unknown1", "unknown1"])
        #expect(audio.map(\.channelCount) == [1, 1])
        #expect(audio.map(\.sampleRate) == [48000, 48000])
        let video = try #require(tracks.first { $0.kind == .video })
        #expect(video.codec == "h264" && video.width == 640 && video.height == 360)
        #expect(abs((video.frameRate ?? 0) - 24) < 0.01, "frame rate \(String(describing: video.frameRate))")
        // Where each subtitle track's stream is, for reading its lines apart (FFmpeg's indices).
        #expect(tracks.filter { $0.kind == .subtitles }.map(\.streamIndex) == [3, 4])
    }

    @Test("sub-text follows the SRT cues, and is empty between them", arguments: [
        (2.0, "The first line."), (3.8, ""), (4.5, "Two lines:\nthis is the second one."), (14.0, "Un café crème für Jürgen."),
        (16.5, "Next stop: 東京."),
    ])
    func srtText(time: Double, expected: String) throws {
        let driver = try Self.driver()
        try driver.load(Self.film)
        #expect(try Self.text(at: time, in: driver, expected: expected) == expected)
    }

    @Test("sub-text keeps updating while mpv draws no subtitles, and sub-text-ass keeps the ASS placement")
    func assText() throws {
        let driver = try Self.driver { $0.tracks.subtitles = .id(2) }
        try driver.load(Self.film)
        try driver.player.setSubtitlesDrawnByMpv(false)
        let text = try Self.text(at: 2, in: driver, expected: "La première ligne.\nOUVERTURE")
        #expect(text == "La première ligne.\nOUVERTURE")
        let ass = driver.player.state.subtitleASS ?? ""
        #expect(ass.contains("{\\an8}OUVERTURE"), "\(ass)")
        _ = try Self.text(at: 8, in: driver, expected: "Voici Chelsea, la chatte.\nLE CHAT")
        #expect(driver.player.state.subtitleASS?.contains("\\pos(480,60)") == true)
    }

    @Test("switching aid and sid reaches mpv, and the delays shift the subtitles")
    func switching() throws {
        let driver = try Self.driver()
        try driver.load(Self.film)
        try driver.player.setAudioTrack(.id(2))
        try driver.player.setSubtitleTrack(.none)
        try driver.run(timeout: 3) { state, _ in state.audioTrack == .id(2) && state.subtitleTrack == TrackChoice.none }
        #expect(driver.player.state.tracks.first { $0.kind == .audio && $0.isSelected }?.language == "fra")
        try driver.player.setSubtitleTrack(.id(1))
        try driver.player.setSubtitleDelay(1.5)
        try driver.player.setAudioDelay(-0.2)
        try driver.run(timeout: 3) { state, _ in state.subtitleDelay == 1.5 && state.audioDelay == -0.2 }
        // With the subtitles 1.5 s later, 3.8 s shows what 2.3 s shows without the delay.
        #expect(try Self.text(at: 3.8, in: driver, expected: "The first line.") == "The first line.")
    }

    @Test("sub-seek goes to the next line, and add chapter moves by chapters with the 2 s threshold")
    func subSeekAndChapters() throws {
        let driver = try Self.driver()
        try driver.load(Self.film)
        // Each step starts from where the one before landed, as mpv reports it: on a loaded
        // machine the restart event can come before time-pos and chapter reach the new place.
        // The wait is long because a busy machine (the whole suite beside other work) can take
        // seconds to show the frame; it ends as soon as mpv reports the place.
        func lands(at time: Double, chapter: Int) throws -> Bool {
            try driver.run(timeout: 10) { state, _ in abs((state.position ?? -1) - time) < 0.1 && state.chapterIndex == chapter }
        }
        func place() -> String { "at \(driver.player.state.position ?? -1), chapter \(driver.player.state.chapterIndex ?? -1)" }
        try driver.waitForSeek(driver.player.seek(to: 3.8))
        #expect(try lands(at: 3.8, chapter: 0), "\(place())")
        try driver.waitForSeek(driver.player.seekSubtitle(by: 1))
        #expect(try lands(at: 4.0, chapter: 0), "\(place())")
        try driver.waitForSeek(driver.player.moveChapter(by: 1))
        #expect(try lands(at: 6, chapter: 1), "\(place())")
        try driver.waitForSeek(driver.player.seek(to: 9))
        #expect(try lands(at: 9, chapter: 1), "\(place())")
        // More than 2 s into "The cat": back goes to its start, not to the chapter before.
        try driver.waitForSeek(driver.player.moveChapter(by: -1))
        #expect(try lands(at: 6, chapter: 1), "\(place())")
    }

    @Test("a sidecar .srt is picked up as an external track, and --sub-file adds one")
    func sidecar() throws {
        let driver = try Self.driver()
        try driver.load(PlayerDriver.sample("talk.mp4"))
        try driver.run { state, _ in state.tracks.contains { $0.kind == .subtitles } }
        let sidecar = try #require(driver.player.state.tracks.first { $0.kind == .subtitles })
        #expect(sidecar.isExternal)
        let added = try Self.driver { $0.tracks.subtitleFiles = [PlayerDriver.sample("talk.srt")] }
        try added.load(Self.film)
        try added.run { state, _ in state.tracks.filter { $0.kind == .subtitles }.count == 3 }
        #expect(added.player.state.tracks.contains { $0.kind == .subtitles && $0.isExternal })
    }
}

/// The playlist and the load hook against the real libmpv.
@Suite("Playlist and load hook against real libmpv", .serialized)
struct PlaylistPlayerTests {
    @Test("a playlist file opened is replaced by its entries in mpv's playlist; playEntry plays one; keep-open=always stops at each end")
    func playlist() throws {
        let list = FilePath("/tmp/reel-film-tests-\(getpid()).m3u")
        let entries = ["portrait.mp4", "segments.mp4"].map(PlayerDriver.sample)
        #expect(FileManager.default.createFile(atPath: list.text, contents: Data(entries.map { $0.text + "\n" }.joined().utf8)))
        defer { unlink(list.text) }
        let driver = try PlayerDriver()
        try driver.player.open(.file(list))
        try driver.run { state, _ in state.playlist.count == 2 && state.title == "Portrait" }
        #expect(driver.player.state.playlist.map(\.filename) == entries.map(\.text))
        // Portrait is 4 s: at its end mpv stays on its last frame instead of moving on.
        try driver.run(timeout: 8) { state, _ in state.isAtEnd == true }
        try driver.run(timeout: 0.5) { _, _ in false }
        #expect(driver.player.state.title == "Portrait")
        try driver.player.playEntry(at: 1)
        try driver.run { state, _ in state.title == "Colour segments" && state.playlistPlayingPosition == 1 }
        try driver.player.stopKeepingPlaylist()
        try driver.run { state, _ in state.isIdle == true }
        #expect(driver.player.state.playlist.count == 2)
    }

    @Test("a long playlist is read an entry at a time, a few times in all: its work grows with its length, not with each change",
          arguments: [2_000, 20_000])
    func longPlaylist(count: Int) throws {
        let list = FilePath("/tmp/reel-film-tests-\(getpid())-\(count).m3u")
        let entries = ["portrait.mp4", "segments.mp4"].map(PlayerDriver.sample)
        let text = (0..<count).map { entries[$0 % 2].text + "\n" }.joined()
        #expect(FileManager.default.createFile(atPath: list.text, contents: Data(text.utf8)))
        defer { unlink(list.text) }
        let driver = try PlayerDriver()
        try driver.player.open(.file(list))
        try driver.run(timeout: 60) { state, _ in state.playlist.count == count && state.playlist.first?.isPlaying == true }
        #expect(driver.player.state.playlist.map(\.filename).prefix(2) == entries.map(\.text)[...])
        #expect(Set(driver.player.state.playlist.compactMap(\.id)).count == count, "each entry has its own id")
        // mpv only says that the list changed (no copy of it made, kept and sent for each
        // change): the entries read are the file's one entry, then the list once or twice.
        #expect(PlayerProperty.playlist.isNotification)
        #expect(driver.player.playlistEntriesRead <= 1 + 2 * count, "\(driver.player.playlistEntriesRead) entries read for \(count)")
    }

    @Test("the load hook comes before each file opens, and a file-local start applies to that file only")
    func loadHook() throws {
        let driver = try PlayerDriver { $0.loadHook = true }
        try driver.player.open(.file(PlayerDriver.sample("long.mp4")))
        var hooked = false
        try driver.run { _, events in
            if !hooked, let id = events.lazy.compactMap({ if case .loadHook(let id) = $0 { id } else { nil } }).first {
                hooked = true
                try? driver.player.setFileLocalOption("start", "42")
                driver.player.continueLoad(hook: id)
            }
            return hooked
        }
        try driver.run { state, events in events.contains(.playbackRestart) && state.position != nil }
        #expect(abs((driver.player.state.position ?? 0) - 42) < 1)
    }

    @Test("a MediaSource reads a command-line argument", arguments: [
        ("-", MediaSource.standardInput), ("http://x/y.mp4", .url("http://x/y.mp4")), ("https://a.b/c.m3u8", .url("https://a.b/c.m3u8")),
        ("film.mkv", .file("film.mkv")), ("http:/x", .file("http:/x")), ("a://", .url("a://")), ("1abc://x", .file("1abc://x")),
    ])
    func sources(argument: String, expected: MediaSource) {
        #expect(MediaSource(argument: argument) == expected)
    }

    @Test("the network options reach mpv: network-timeout, and ytdl with a format capped to the picture")
    func networkOptions() throws {
        let driver = try PlayerDriver { configuration in
            configuration.networkTimeout = 7
            configuration.ytdlFormat = "bestvideo[height<=?240]+bestaudio/best[height<=?240]"
        }
        #expect(driver.player.property("network-timeout") == "7.000000")
        #expect(driver.player.property("ytdl") == "yes")
        #expect(driver.player.property("ytdl-format") == "bestvideo[height<=?240]+bestaudio/best[height<=?240]")
        #expect(driver.player.property("keep-open") == "always")
        #expect(driver.player.property("resume-playback") == "no")
    }
}

/// A second subtitle track against the real libmpv.
@Suite("A second subtitle track against real libmpv", .serialized)
struct SecondarySubtitleTests {
    @Test("--secondary-sid shows a second track's text beside the first")
    func secondary() throws {
        let driver = try PlayerDriver { configuration in
            configuration.startPaused = true
            configuration.tracks.subtitles = .id(1)
            configuration.tracks.secondarySubtitles = .id(2)
        }
        try driver.load(PlayerDriver.sample("film.mkv"))
        try driver.waitForSeek(driver.player.seek(to: 2))
        try driver.run(timeout: 3) { state, _ in state.subtitleText == "The first line." && (state.secondarySubtitleText ?? "").contains("La première ligne.") }
        #expect(driver.player.state.secondarySubtitleText?.contains("La première ligne.") == true)
    }
}
