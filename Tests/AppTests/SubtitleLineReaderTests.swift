import Playback
import Screens
import System
import Testing
@testable import App

/// The subtitle lines for the jump to a line, read with the installed FFmpeg from the film
/// sample's two text tracks (SubRip and ASS, inside the Matroska file) and from a sidecar file.
@Suite("Subtitle lines read with FFmpeg")
struct SubtitleLineReaderTests {
    static let film = MediaSource.file(Samples.path("film.mkv"))

    @Test("the SubRip track inside film.mkv: its eight cues, times and text, two lines made one")
    func subRipInMatroska() throws {
        var track = TrackInfo(id: 1, codec: "subrip")
        track.streamIndex = 3
        let read = SubtitleLineReader.read(Self.film, track: track)
        let lines = try #require(read.lines, "\(String(describing: read.failure))")
        #expect(lines.map(\.start) == [1, 4, 7, 9.5, 13, 16, 19, 21.5])
        #expect(lines[1].text == "Two lines: this is the second one.")
        #expect(lines[5].text == "Next stop: 東京.")
    }

    @Test("the ASS track inside film.mkv: signs and dialogue, its tags and \\N gone")
    func assInMatroska() throws {
        var track = TrackInfo(id: 2, codec: "ass")
        track.streamIndex = 4
        let lines = try #require(SubtitleLineReader.read(Self.film, track: track).lines)
        #expect(lines.count == 11)
        #expect(lines.contains(SubtitleLine(start: 1, text: "OUVERTURE")))
        #expect(lines.contains(SubtitleLine(start: 4, text: "Deux lignes : la seconde est ici.")))
        #expect(lines.contains(SubtitleLine(start: 16, text: "Prochain arrêt : Tokyo.")))
    }

    @Test("a sidecar file's lines come from the file mpv names; standard input cannot be read again")
    func sidecarAndStandardInput() throws {
        var track = TrackInfo(id: 1, codec: "subrip")
        track.externalFile = Samples.path("talk.srt").description
        let lines = try #require(SubtitleLineReader.read(.file(Samples.path("talk.mp4")), track: track).lines)
        #expect(lines.count == 3)
        var inside = TrackInfo(id: 1)
        inside.streamIndex = 3
        #expect(SubtitleLineReader.read(.standardInput, track: inside).lines == nil)
    }

    @Test("SubRip text: CRLF, cues without text, tags and times past an hour")
    func parsing() {
        let text = "1\r\n00:00:01,000 --> 00:00:02,000\r\n<i>Hello</i>  {\\an8}there\r\n\r\n2\n01:02:03,456 --> 01:02:04,000\n\n3\n00:00:00,500 --> 00:00:01,000\nfirst\n"
        #expect(SubtitleLineReader.parseSubRip(text) == [SubtitleLine(start: 0.5, text: "first"), SubtitleLine(start: 1, text: "Hello there")])
    }
}
